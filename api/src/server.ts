import { createServer } from 'node:http';
import { createApp } from './app.js';
import { systemClock } from './clock.js';
import { composeServices } from './compose.js';
import { ConfigError, loadConfig } from './config.js';
import { answerClientError } from './http/middleware/error-handler.js';
import { INDEXES } from './indexes.js';
import { createLimits } from './limits/index.js';
import { createLogger } from './logger.js';
import { buildAuth } from './modules/auth/index.js';
import { backfillDiscoveryOf, backfillThumbnails, rebaseThumbnailsOf } from './modules/courses/index.js';
import { mailerFor } from './modules/mail/index.js';
import { buildPayments } from './payments/index.js';
import { seedDemo } from './seed/demo.js';
import { openStore } from './store/index.js';

const SHUTDOWN_GRACE_MS = 10_000;
const MAIL_RETRY_INTERVAL_MS = 30_000;
const RECONCILE_INTERVAL_MS = 60_000;
/** How often abandoned video uploads (older than VIDEO_UPLOAD_EXPIRY_H) are looked for. */
const UPLOAD_SWEEP_INTERVAL_MS = 15 * 60_000;
/** How often handled Connect webhook events past their retention are pruned (#36). */
const CONNECT_EVENT_SWEEP_INTERVAL_MS = 60 * 60_000;

async function main() {
  // A server started without saying otherwise is a deployment: production mode.
  const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' });
  const logger = createLogger(config.logLevel);
  const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, logger });
  await store.ensureIndexes(INDEXES);

  const mailer = mailerFor(config, store, systemClock, logger);
  const auth = await buildAuth(config, store, systemClock, mailer);
  const payments = buildPayments(config, store, systemClock);
  const limits = createLimits(store, (error) => logger.warn({ err: error }, 'sharing the rate-limit counts failed'));
  const deps = { config, store, clock: systemClock, logger, auth, payments, mailer, limits };
  const services = composeServices(deps);
  await services.adminEmails.seed(config.adminEmails);
  await services.categories.seedDefaults();
  if (config.demoSeed) await seedDemo(deps);
  await rebaseThumbnailsOf(store, config.publicApiUrl);
  const discovered = await backfillDiscoveryOf(store);
  if (discovered > 0) logger.info({ courses: discovered }, 'discovery fields backfilled');
  // #35: the open-question counts of courses asked in before they were kept (the educator's badge).
  const counted = await services.discussions.backfillOpenCounts();
  if (counted > 0) logger.info({ courses: counted }, 'open-question counts backfilled');

  // Purchases a crash left half done (paid but not enrolled, refunded but still enrolled) are finished
  // before the first request, and then every minute (another process may have crashed too).
  const { purchases } = services;
  const reconcile = async (everything = false) => {
    const finished = await purchases.reconcile(undefined, { everything });
    if (finished > 0) logger.warn({ finished }, 'reconciliation finished interrupted purchases');
  };
  await reconcile(true).catch((error: unknown) => logger.error({ err: error }, 'reconciliation at start failed'));
  const reconciliation = setInterval(
    () => void reconcile().catch((error: unknown) => logger.error({ err: error }, 'reconciliation failed')),
    RECONCILE_INTERVAL_MS,
  ).unref();

  // Transcoding jobs (#33): left queued or interrupted by a crash, they resume now (VIDEO_WORKERS=0:
  // only enqueued here, worker processes run them).
  await services.transcoding.start();
  // #35: digests and announcement fan-outs (a crash's leftovers are queued again first).
  await services.notifications.start();
  await services.announcements.start();
  // Uploads nobody finished (#33): deleted with their quota once VIDEO_UPLOAD_EXPIRY_H passed since their
  // last byte, now and every quarter of an hour (idempotent: several replicas may sweep at once).
  const sweepUploads = () =>
    void services.videos
      .sweepAbandoned(config.videoUploadExpiryH * 3_600_000)
      .then((swept) => {
        if (swept > 0) logger.info({ swept }, 'abandoned video uploads deleted');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'sweeping abandoned video uploads failed'));
  sweepUploads();
  const uploadSweep = setInterval(sweepUploads, UPLOAD_SWEEP_INTERVAL_MS).unref();
  // #36: the Connect webhook's handled events, kept 30 days (Stripe retries for 3), now and hourly
  // (one deleteMany: replicas sweeping at once only share the work).
  const pruneConnectEvents = () =>
    void services.connect
      .pruneEvents()
      .then((pruned) => {
        if (pruned > 0) logger.info({ pruned }, 'old Connect webhook events pruned');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'pruning Connect webhook events failed'));
  pruneConnectEvents();
  const connectEventSweep = setInterval(pruneConnectEvents, CONNECT_EVENT_SWEEP_INTERVAL_MS).unref();

  const app = createApp(deps, services);
  const server = createServer(app.callback());
  // Requests Node's own parser refuses (an unknown method such as FOO) get the API's envelope too.
  server.on('clientError', answerClientError);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') {
      throw new Error(`Port ${config.port} is already in use. Stop the process using it or set PORT to another port.`);
    }
    throw error;
  });
  logger.info(
    {
      url: `http://${config.host}:${config.port}`,
      mode: config.mode,
      store: store.kind,
      auth: config.auth.mode,
      payments: config.payments.mode,
      mail: mailer.transport,
    },
    'Courseport API listening',
  );
  if (config.mode === 'demo') {
    logger.warn('Demo mode: payments are simulated and the demo accounts have public passwords. Never expose it.');
  }

  // Thumbnails stored before renditions are processed in the background (their old URLs work meanwhile).
  const backfill = new AbortController();
  const backfilled = backfillThumbnails(deps, config.publicApiUrl, backfill.signal).catch((error: unknown) =>
    logger.error({ err: error }, 'processing stored thumbnails failed'),
  );

  // #36: analytics' counters of courses that have none yet (existing data, the demo's), built in the background.
  const analyticsBackfilled = services.analytics
    .backfill(backfill.signal)
    .then((built) => {
      if (built > 0) logger.info({ courses: built }, "analytics' counters built");
    })
    .catch((error: unknown) => logger.error({ err: error }, "building analytics' counters failed"));

  // Mails whose first try failed, or whose sender stopped mid-way, are retried from the store.
  const deliverDue = () =>
    void mailer.deliverDue().catch((error: unknown) => logger.error({ err: error }, 'mail retry pass failed'));
  deliverDue();
  const mailRetries = setInterval(deliverDue, MAIL_RETRY_INTERVAL_MS).unref();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS).unref();
    // Keep-alive connections go idle as their last response is sent: close them as they do.
    const reap = setInterval(() => server.closeIdleConnections(), 50).unref();
    server.close(async () => {
      clearTimeout(force);
      clearInterval(reap);
      clearInterval(mailRetries);
      clearInterval(reconciliation);
      clearInterval(uploadSweep);
      clearInterval(connectEventSweep);
      auth.close();
      backfill.abort();
      await services.transcoding
        .stop(SHUTDOWN_GRACE_MS)
        .catch((error: unknown) => logger.error({ err: error }, 'stopping the video job queue failed'));
      await Promise.all([
        services.notifications.stop(SHUTDOWN_GRACE_MS),
        services.announcements.stop(SHUTDOWN_GRACE_MS),
      ]);
      await backfilled;
      await analyticsBackfilled;
      await limits.close();
      await mailer.settle();
      mailer.close();
      await store.close().catch((error) => logger.error({ err: error }, 'closing the store failed'));
      logger.info('stopped');
      process.exit(0);
    });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`Courseport API failed to start: ${message}`);
  process.exit(1);
});
