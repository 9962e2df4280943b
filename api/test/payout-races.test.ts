import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { INDEXES } from '../src/indexes.js';
import { type LedgerEntryDoc, ledgerService, type SaleEvent } from '../src/modules/ledger/index.js';
import { payoutsService } from '../src/modules/payouts/index.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import { newId, type Store } from '../src/store/index.js';
import { openMongoStore } from '../src/store/mongodb.js';

/**
 * The ledger and payout runs under races (#36), on both stores; on MongoDB as two replicas (two
 * connections, each with its own services), on the embedded store as two sets of services on the
 * one store its process owns: two payout runs at once (same and different cut-offs), refunds
 * racing a run, and the same sale event delivered twice, in parallel and out of order.
 */

const DAY_MS = 86_400_000;
const mongoUri = process.env.MONGODB_URI;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two "replicas" of the API's money services on one database. */
async function replicas(kind: 'embedded' | 'mongodb', now: () => number) {
  const clock = { now: () => new Date(now()) };
  const stores: Store[] = [];
  if (kind === 'embedded') {
    const dir = await mkdtemp(path.join(tmpdir(), 'courseport-payout-races-'));
    const store = await openEmbeddedStore(dir);
    stores.push(store, store);
    cleanups.push(async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    });
  } else {
    const name = `payout_races_${newId()}`;
    for (let i = 0; i < 2; i++) stores.push(await openMongoStore(mongoUri ?? '', { defaultDbName: name }));
    cleanups.push(async () => {
      for (const store of stores) await store.close();
    });
  }
  await stores[0]?.ensureIndexes(INDEXES);
  return stores.map((store) => {
    const ledger = ledgerService(store, clock, { holdDays: 7, defaultFeeBasisPoints: 2000, countSimulated: false });
    return { store, ledger, payouts: payoutsService(store, clock, ledger) };
  });
}

const sale = (educatorId: string, amount: number, at: number): SaleEvent => ({
  purchaseId: newId(),
  educatorId,
  courseId: 'course',
  amount,
  simulated: false,
  completedAt: new Date(at),
});

for (const kind of ['embedded', 'mongodb'] as const) {
  describe.skipIf(kind === 'mongodb' && !mongoUri)(`payout races (${kind})`, () => {
    it('two runs of the same cut-off at once: each educator is paid once, exactly what was available', async () => {
      const start = Date.UTC(2026, 0, 1);
      let now = start;
      const [a, b] = await replicas(kind, () => now);
      if (!a || !b) throw new Error('two replicas');
      const educators = Array.from({ length: 12 }, (_, i) => `edu-${i}`);
      for (const [i, educatorId] of educators.entries()) {
        await a.ledger.recordSale(sale(educatorId, 10_000 + i * 137, start));
        await b.ledger.recordSale(sale(educatorId, 5_001, start));
      }
      now = start + 10 * DAY_MS;
      const available = new Map(
        await Promise.all(educators.map(async (id) => [id, (await a.ledger.balanceOf(id)).available] as const)),
      );
      const day = new Date(now).toISOString().slice(0, 10);
      const [first, second] = await Promise.all([a.payouts.run(day, 'admin-1'), b.payouts.run(day, 'admin-2')]);
      expect(first.run.id).toBe(second.run.id);
      for (const id of educators) {
        const entries = await a.store
          .collection<LedgerEntryDoc>('ledgerEntries')
          .find({ educatorId: id, kind: 'payout' });
        expect(entries).toHaveLength(1);
        expect(-(entries[0]?.amount ?? 0)).toBe(available.get(id));
        expect(await a.ledger.balanceOf(id)).toEqual({ pending: 0, available: 0, paid: available.get(id) });
      }
      expect(await a.store.collection('payouts').countDocuments({})).toBe(educators.length);
      const runs = await a.payouts.runs();
      expect(runs).toMatchObject([{ id: `run-${day}`, status: 'finished', payouts: educators.length }]);
    });

    it('two runs of different cut-offs at once never pay more than is available between them', async () => {
      const start = Date.UTC(2026, 1, 1);
      let now = start;
      const [a, b] = await replicas(kind, () => now);
      if (!a || !b) throw new Error('two replicas');
      const educators = Array.from({ length: 10 }, (_, i) => `edu-${i}`);
      for (const educatorId of educators) {
        await a.ledger.recordSale(sale(educatorId, 20_000, start));
        await a.ledger.recordSale(sale(educatorId, 30_000, start + DAY_MS));
      }
      now = start + 20 * DAY_MS;
      const day1 = new Date(start + 9 * DAY_MS).toISOString().slice(0, 10); // only the first sale is available by then
      const day2 = new Date(now).toISOString().slice(0, 10);
      await Promise.all([a.payouts.run(day1, 'admin-1'), b.payouts.run(day2, 'admin-2')]);
      for (const id of educators) {
        const balance = await a.ledger.balanceOf(id);
        expect(balance.paid).toBeLessThanOrEqual(40_000);
        expect(balance.available).toBeGreaterThanOrEqual(0);
        expect(balance.available + balance.paid).toBe(40_000);
      }
      // Running the later cut-off again pays whatever the race left.
      now += DAY_MS;
      await b.payouts.run(new Date(now).toISOString().slice(0, 10), 'admin-2');
      for (const id of educators)
        expect(await a.ledger.balanceOf(id)).toEqual({ pending: 0, available: 0, paid: 40_000 });
    });

    it('refunds racing a payout run: nothing is paid twice, and the balances stay the sums of the entries', async () => {
      const start = Date.UTC(2026, 2, 1);
      let now = start;
      const [a, b] = await replicas(kind, () => now);
      if (!a || !b) throw new Error('two replicas');
      const educators = Array.from({ length: 10 }, (_, i) => `edu-${i}`);
      const sales: SaleEvent[] = [];
      for (const educatorId of educators)
        for (let i = 0; i < 3; i++) {
          const s = sale(educatorId, 10_000, start);
          sales.push(s);
          await a.ledger.recordSale(s);
        }
      now = start + 8 * DAY_MS;
      const day = new Date(now).toISOString().slice(0, 10);
      const refunded = sales.filter((_, i) => i % 2 === 0);
      await Promise.all([
        a.payouts.run(day, 'admin'),
        ...refunded.map((s) => b.ledger.recordRefund({ ...s, refundedAt: new Date(now) })),
        ...refunded.map((s) => a.ledger.recordRefund({ ...s, refundedAt: new Date(now) })),
      ]);
      for (const id of educators) {
        const entries = await a.store.collection<LedgerEntryDoc>('ledgerEntries').find({ educatorId: id });
        const balance = await a.ledger.balanceOf(id);
        const total = entries.reduce((sum, e) => sum + e.amount, 0);
        const refunds = entries.filter((e) => e.kind === 'refund');
        expect(refunds).toHaveLength(refunded.filter((s) => s.educatorId === id).length);
        expect(balance.available + balance.pending).toBe(total);
        expect(balance.paid).toBeLessThanOrEqual(3 * 8000);
        // Paid before a refund landed: the refund leaves available below zero, never a second payout.
        expect(balance.paid + balance.available).toBe((3 - refunds.length) * 8000);
        expect(entries.filter((e) => e.kind === 'payout').length).toBeLessThanOrEqual(1);
      }
    });

    it('the same sale event delivered twice, in parallel and out of order, is recorded once', async () => {
      const start = Date.UTC(2026, 3, 1);
      const [a, b] = await replicas(kind, () => start);
      if (!a || !b) throw new Error('two replicas');
      const once = sale('edu-twice', 49_900, start);
      await Promise.all([
        a.ledger.recordSale(once),
        b.ledger.recordSale(once),
        a.ledger.recordSale(once),
        b.ledger.recordSale(once),
      ]);
      const entries = () => a.store.collection<LedgerEntryDoc>('ledgerEntries').find({ educatorId: 'edu-twice' });
      expect(await entries()).toMatchObject([{ kind: 'sale', gross: 49_900, fee: -9980, amount: 39_920 }]);

      // A refund delivered before its sale: the sale is recorded first, then the refund; the late sale is a repeat.
      const early = sale('edu-twice', 10_000, start);
      await Promise.all([a.ledger.recordRefund(early), b.ledger.recordRefund(early)]);
      await Promise.all([a.ledger.recordSale(early), b.ledger.recordSale(early)]);
      const all = await entries();
      expect(
        all
          .filter((e) => e.purchaseId === early.purchaseId)
          .map((e) => e.kind)
          .sort(),
      ).toEqual(['refund', 'sale']);
      expect(await a.ledger.balanceOf('edu-twice')).toEqual({ pending: 39_920, available: 0, paid: 0 });
    });
  });
}
