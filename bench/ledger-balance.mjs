/**
 * `node bench/ledger-balance.mjs` (#36): how long an educator's balance takes to derive from their
 * ledger entries (`ledger.balanceOf`: every entry of theirs read and summed in the API process) at
 * BENCH_LEDGER_ENTRIES (default 100,000) entries, on the embedded store and, when MONGODB_URI is
 * set, on MongoDB (`node scripts/mongo-test-server.mjs node bench/ledger-balance.mjs` for FerretDB).
 * Needs the API's build (`pnpm --filter @courseport/api build`). Prints the figures; a measurement,
 * never a pass or a fail.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INDEXES } from '../api/dist/indexes.js';
import { ledgerService } from '../api/dist/modules/ledger/index.js';
import { openEmbeddedStore } from '../api/dist/store/embedded.js';
import { openMongoStore } from '../api/dist/store/mongodb.js';

const ENTRIES = Number(process.env.BENCH_LEDGER_ENTRIES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DAY_MS = 86_400_000;
const DB_NAME = `ledger_bench_${process.pid}`;

/** One educator's sales (and a refund now and then) over the last year, written as the ledger writes them. */
function entriesOf(educatorId, count, now) {
  const list = [];
  for (let i = 0; i < count; i++) {
    const createdAt = new Date(now - Math.floor((i / count) * 365 * DAY_MS));
    const refund = i % 20 === 19;
    const gross = refund ? -39_920 : 39_920;
    list.push({
      _id: `bench-${i}`,
      key: `${refund ? 'refund' : 'sale'}:bench-${i}`,
      educatorId,
      kind: refund ? 'refund' : 'sale',
      amount: refund ? -31_936 : 31_936,
      gross,
      fee: refund ? 7984 : -7984,
      purchaseId: `bench-${i}`,
      courseId: 'bench-course',
      createdAt,
      availableAt: new Date(createdAt.getTime() + 7 * DAY_MS),
    });
  }
  return list;
}

async function measure(name, store) {
  await store.ensureIndexes(INDEXES);
  const now = Date.now();
  const ledger = ledgerService(
    store,
    { now: () => new Date(now) },
    { holdDays: 7, defaultFeeBasisPoints: 2000, countSimulated: false },
  );
  const entries = store.collection('ledgerEntries');
  const all = entriesOf('bench-educator', ENTRIES, now);
  const seeding = performance.now();
  for (let i = 0; i < all.length; i += 5000) await entries.insertMany(all.slice(i, i + 5000));
  console.log(
    `[ledger-balance] ${name}: ${ENTRIES} entries written in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const times = [];
  let balance;
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    balance = await ledger.balanceOf('bench-educator');
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `[ledger-balance] ${name}: balanceOf at ${ENTRIES} entries: median ${median.toFixed(0)} ms (${times.map((t) => t.toFixed(0)).join(' / ')} ms); ${JSON.stringify(balance)}`,
  );
}

const dir = await mkdtemp(path.join(tmpdir(), 'courseport-ledger-bench-'));
const embedded = await openEmbeddedStore(dir);
try {
  await measure('NeDB (embedded)', embedded);
} finally {
  await embedded.close();
  await rm(dir, { recursive: true, force: true });
}
if (process.env.MONGODB_URI) {
  const mongo = await openMongoStore(process.env.MONGODB_URI, { defaultDbName: DB_NAME });
  try {
    await measure('MongoDB', mongo);
  } finally {
    await mongo.close();
    // Its own database away again (one drop: FerretDB is slow to delete 100,000 documents).
    const { MongoClient } = createRequire(path.join(import.meta.dirname, '../api/package.json'))('mongodb');
    const client = new MongoClient(process.env.MONGODB_URI);
    await client.db(DB_NAME).dropDatabase();
    await client.close();
  }
}
