// Runs (or finishes) the local payout run of a cut-off (#36), as `POST /api/admin/payouts/run` does:
//   pnpm --filter @courseport/api payout-run 2026-10        (a month: paid up to its last day)
//   pnpm --filter @courseport/api payout-run 2026-10-15     (a cut-off day)
// On the embedded store only while the API is stopped (its files belong to one process); on
// MongoDB at any time, beside the API's replicas (the run is safe under races and kill -9).
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { validationMessage } from '../http/validate.js';
import { INDEXES } from '../indexes.js';
import { ledgerService } from '../modules/ledger/index.js';
import { payoutRunSchema, payoutsService } from '../modules/payouts/index.js';
import { openStore } from '../store/index.js';

const input = payoutRunSchema.safeParse({ cutoff: process.argv[2] });
if (!input.success) {
  console.error(`cut-off: ${validationMessage(input.error.issues[0])}`);
  console.error('Usage: pnpm payout-run <YYYY-MM | YYYY-MM-DD>');
  process.exit(2);
}

const config = loadConfig();
const store = await openStore({ mongodbUri: config.mongodbUri, dataDir: config.dataDir });
try {
  await store.ensureIndexes(INDEXES);
  const ledger = ledgerService(store, systemClock, { ...config.ledger, countSimulated: config.mode === 'demo' });
  const payouts = payoutsService(store, systemClock, ledger);
  const { run, ran } = await payouts.run(input.data.cutoff, 'payout-run CLI', {
    onEducator: (educatorId, entry) => {
      process.stdout.write(entry ? `paid ${educatorId} ${-entry.amount}\n` : `nothing ${educatorId}\n`);
    },
  });
  console.log(
    ran
      ? `Payout run ${run.id}: ${run.payouts} payout(s), ${(run.total / 100).toFixed(2)} INR in all.`
      : `Payout run ${run.id} had already finished: nothing more was paid.`,
  );
} catch (error) {
  console.error(`The payout run failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await store.close();
}
