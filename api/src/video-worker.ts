import { systemClock } from './clock.js';
import { videoTranscoding } from './compose.js';
import { ConfigError, loadConfig } from './config.js';
import { INDEXES } from './indexes.js';
import { createLogger } from './logger.js';
import { uploadQuota } from './modules/media/index.js';
import { openStore } from './store/index.js';

/**
 * The standalone transcoding worker (#33, docs/video-job-queue.md §3.1): `node dist/video-worker.js`
 * (`pnpm worker:video`) on a worker machine. It opens the store and runs the transcoding queue
 * only, no HTTP: any number of them share the `videoJobs` queue through MongoDB (Agenda's lock), with
 * the API replicas set to `VIDEO_WORKERS=0` (enqueue only) or transcoding too. It needs the same
 * settings as the API (`MONGODB_URI`, `DATA_DIR` on the storage the API's uploads are written to,
 * the `VIDEO_*` ones); `VIDEO_WORKERS` is its concurrency (auto: one per two cores). On SIGTERM or
 * SIGINT it stops taking jobs, lets the running ones finish for up to `SHUTDOWN_GRACE_MS`, then
 * kills their ffmpeg (those runs are retried by another worker once their lock expires).
 */

const SHUTDOWN_GRACE_MS = 30_000;

async function main() {
  const config = loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV || 'production' });
  const logger = createLogger(config.logLevel);
  if (!config.mongodbUri)
    throw new Error(
      'The video worker needs MONGODB_URI: workers share the job queue through MongoDB. On the embedded store the API process transcodes (VIDEO_WORKERS).',
    );
  if (config.videoJobs.concurrency === 0)
    throw new Error('VIDEO_WORKERS is 0: a worker that takes no jobs has nothing to do (unset it for auto)');
  const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, logger });
  await store.ensureIndexes(INDEXES);
  const transcoding = videoTranscoding({ store, clock: systemClock, config, logger }, uploadQuota(store));
  await transcoding.start();
  logger.info({ store: store.kind, concurrency: transcoding.concurrency }, 'Courseport video worker started');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'video worker stopping: finishing running transcodings');
    await transcoding
      .stop(SHUTDOWN_GRACE_MS)
      .catch((error: unknown) => logger.error({ err: error }, 'stopping the video job queue failed'));
    await store.close().catch((error: unknown) => logger.error({ err: error }, 'closing the store failed'));
    logger.info('video worker stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError || error instanceof Error ? error.message : String(error);
  console.error(`Courseport video worker failed to start: ${message}`);
  process.exit(1);
});
