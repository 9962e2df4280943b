import { createServer } from 'node:http';
import { createApp } from './app.js';
import { buildAuth } from './auth/index.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { INDEXES } from './indexes.js';
import { createLogger } from './logger.js';
import { adminEmailsRepository } from './modules/admin-emails/repository.js';
import { adminEmailsService } from './modules/admin-emails/service.js';
import { buildPayments } from './modules/purchases/payments.js';
import { seedDemo } from './seed/demo.js';
import { openStore } from './store/index.js';

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir });
  await store.ensureIndexes(INDEXES);

  const auth = await buildAuth(config, store, systemClock);
  const payments = buildPayments(config, store, systemClock);
  const deps = { config, store, clock: systemClock, logger, auth, payments };
  await adminEmailsService(adminEmailsRepository(store), systemClock).seed(config.adminEmails);
  if (config.demoSeed) await seedDemo(deps);

  const app = createApp(deps);
  const server = createServer(app.callback());
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
      store: store.kind,
      auth: config.auth.mode,
      payments: config.payments.mode,
    },
    'Courseport API listening',
  );

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
