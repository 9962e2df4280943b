// Processes the course thumbnails stored before renditions existed (the API also does it at start):
//   pnpm --filter @courseport/api run process-images
// With the embedded store, run it while the API is stopped (the data files are one process's).
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { backfillThumbnails } from '../modules/courses/index.js';
import { openStore } from '../store/index.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir, logger });
try {
  const { processed, failed } = await backfillThumbnails({ store, clock: systemClock, logger }, config.publicApiUrl);
  console.log(
    `Processed ${processed} thumbnail(s)${failed > 0 ? `; ${failed} could not be processed (see the log)` : ''}.`,
  );
  if (failed > 0) process.exitCode = 1;
} catch (error) {
  console.error(`Could not process the thumbnails: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
