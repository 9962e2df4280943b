// Rebuilds educator analytics' counters (#36) from their sources (the ledger's sales and refunds,
// enrollments, progress): every course, or the ones named.
//   pnpm analytics-rebuild                 (every course)
//   pnpm analytics-rebuild <courseId> …    (these courses)
// Idempotent (each counter is `$set` to what the sources add up to): run it after a crash left a
// counter behind its source (a process killed between the two writes). On the embedded store only
// while the API is stopped (its files belong to one process); on MongoDB at any time, preferably
// when the courses are quiet (a sale counted while its course is being rebuilt may be counted twice
// or not at all, until the next rebuild).
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { INDEXES } from '../indexes.js';
import { standaloneAnalytics } from '../modules/analytics/index.js';
import { openStore } from '../store/index.js';

const named = process.argv.slice(2);
if (named.some((id) => !/^[A-Za-z0-9_-]{1,64}$/.test(id))) {
  console.error('Usage: pnpm analytics-rebuild [courseId …]');
  process.exit(2);
}

const config = loadConfig();
const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir });
try {
  await store.ensureIndexes(INDEXES);
  const analytics = standaloneAnalytics(store, systemClock, config);
  if (named.length) {
    for (const courseId of named) await analytics.rebuildCourse(courseId);
    console.log(`Rebuilt the analytics of ${named.length} course(s).`);
  } else {
    console.log(`Rebuilt the analytics of ${await analytics.rebuildAll()} course(s).`);
  }
} catch (error) {
  console.error(`The rebuild failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
