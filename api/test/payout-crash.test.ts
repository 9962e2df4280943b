import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.js';
import { INDEXES } from '../src/indexes.js';
import { type LedgerEntryDoc, ledgerService } from '../src/modules/ledger/index.js';
import type { PayoutDoc, PayoutRunDoc } from '../src/modules/payouts/index.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import { newId, type Store } from '../src/store/index.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { cleanUpApiProcesses, tempDataDir } from './support/api-process.js';

/**
 * A payout run killed for real (SIGKILL) half-way (#36): the `payout-run` CLI pays 200 educators
 * one by one and is killed once it has reported 40 of them; started again on the same data (the
 * same cut-off, so the same run), it finishes the run: every educator is paid exactly once,
 * exactly what was available, and every payout has its record. On the embedded store and MongoDB.
 */

const API_DIR = path.resolve(import.meta.dirname, '..');
const CLI = path.join(API_DIR, 'src/cli/payout-run.ts');
const EDUCATORS = 200;
const KILL_AFTER = 40;
const DAY_MS = 86_400_000;
const mongoUri = process.env.MONGODB_URI;
afterEach(cleanUpApiProcesses);

/** The CLI as a process; `killAfter` lines of progress, then SIGKILL. Its output and how it ended. */
function payoutRun(env: Record<string, string>, cutoff: string, killAfter?: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, cutoff], {
    cwd: API_DIR,
    env: { ...process.env, NODE_ENV: 'test', COURSEPORT_MODE: 'demo', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let reported = 0;
  let killed = false;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk;
    reported = output.split('\n').filter((line) => line.startsWith('paid ')).length;
    if (killAfter !== undefined && !killed && reported >= killAfter) {
      killed = true;
      child.kill('SIGKILL');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  return new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, output })),
  );
}

for (const kind of ['embedded', 'mongodb'] as const) {
  describe.skipIf(kind === 'mongodb' && !mongoUri)(`a payout run killed mid-run (${kind})`, () => {
    it('is finished by running it again, paying no one twice', async () => {
      const dataDir = await tempDataDir();
      let env: Record<string, string> = { DATA_DIR: dataDir, MONGODB_URI: '' };
      let open = () => openEmbeddedStore(dataDir, { logger: pino({ level: 'silent' }) });
      if (kind === 'mongodb') {
        const url = new URL(mongoUri ?? '');
        url.pathname = `/payout_crash_${newId()}`;
        env = { DATA_DIR: dataDir, MONGODB_URI: url.toString() };
        open = () => openMongoStore(url.toString());
      }

      // 200 educators with sales past their hold; the share is what a payout must pay.
      const available = new Map<string, number>();
      let store: Store = await open();
      try {
        await store.ensureIndexes(INDEXES);
        const ledger = ledgerService(store, systemClock, {
          holdDays: 7,
          defaultFeeBasisPoints: 2000,
          countSimulated: true,
        });
        const soldAt = new Date(Date.now() - 10 * DAY_MS);
        for (let i = 0; i < EDUCATORS; i++) {
          const educatorId = `edu-${String(i).padStart(3, '0')}`;
          const entry = await ledger.recordSale({
            purchaseId: newId(),
            educatorId,
            courseId: 'course',
            amount: 10_000 + i,
            simulated: false,
            completedAt: soldAt,
          });
          available.set(educatorId, entry?.amount ?? 0);
        }
      } finally {
        await store.close();
      }

      const today = new Date().toISOString().slice(0, 10);
      const killed = await payoutRun(env, today, KILL_AFTER);
      expect(killed.signal, killed.output).toBe('SIGKILL');

      store = await open();
      try {
        const entries = () =>
          store.collection<LedgerEntryDoc>('ledgerEntries').find({ kind: 'payout' }, { sort: { educatorId: 1 } });
        const half = await entries();
        expect(half.length).toBeGreaterThanOrEqual(KILL_AFTER);
        expect(half.length).toBeLessThan(EDUCATORS);
        expect(await store.collection<PayoutRunDoc>('payoutRuns').findOne({ _id: `run-${today}` })).toMatchObject({
          status: 'running',
        });
      } finally {
        await store.close();
      }

      const again = await payoutRun(env, today);
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain(`Payout run run-${today}: ${EDUCATORS} payout(s)`);
      const once = await payoutRun(env, today);
      expect(once.output).toContain('had already finished');

      store = await open();
      try {
        const payouts = await store.collection<LedgerEntryDoc>('ledgerEntries').find({ kind: 'payout' });
        expect(payouts).toHaveLength(EDUCATORS);
        for (const entry of payouts) expect(-entry.amount).toBe(available.get(entry.educatorId));
        const records = await store.collection<PayoutDoc>('payouts').find({});
        expect(records).toHaveLength(EDUCATORS);
        expect(new Set(records.map((r) => r.educatorId)).size).toBe(EDUCATORS);
        for (const record of records) expect(record.amount).toBe(available.get(record.educatorId));
        const ledger = ledgerService(store, systemClock, {
          holdDays: 7,
          defaultFeeBasisPoints: 2000,
          countSimulated: true,
        });
        for (const [educatorId, share] of available)
          expect(await ledger.balanceOf(educatorId)).toEqual({ pending: 0, available: 0, paid: share });
        expect(await store.collection<PayoutRunDoc>('payoutRuns').findOne({ _id: `run-${today}` })).toMatchObject({
          status: 'finished',
        });
      } finally {
        await store.close();
      }
    }, 120_000);
  });
}
