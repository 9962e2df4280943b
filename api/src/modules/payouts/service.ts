import type {
  AdminEducatorBalance,
  AdminPayout,
  EducatorBalance,
  Payout,
  PayoutHold,
  PayoutRun,
} from '@courseport/contracts';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { ConflictError, ID_PATTERN, newId, type Store } from '../../store/index.js';
import type { LedgerEntryDoc, LedgerService } from '../ledger/index.js';
import { userRecords } from '../users/index.js';
import {
  type PayoutDoc,
  type PayoutHoldDoc,
  type PayoutRunDoc,
  payoutHoldsRepository,
  payoutRunsRepository,
  payoutsRepository,
} from './repository.js';

const DAY_MS = 86_400_000;
export const CUTOFF_IN_FUTURE = 'The cut-off must be today or earlier: only money already available can be paid';
export const PAYOUT_NOT_FOUND = 'Payout not found';
export const NOT_ON_HOLD = "This educator's payouts are not on hold";
export const PAID_BEFORE_PAYOUT = 'The payment date cannot be before the payout was made';

const iso = (date: Date | string | null | undefined) => (date ? new Date(date).toISOString() : null);

function publicRun(doc: PayoutRunDoc): Omit<PayoutRun, 'payouts' | 'total'> {
  return {
    id: doc._id,
    cutoff: new Date(doc.cutoff).toISOString().slice(0, 10),
    status: doc.status,
    startedAt: new Date(doc.startedAt).toISOString(),
    finishedAt: iso(doc.finishedAt),
  };
}

function publicPayout(doc: PayoutDoc): Payout {
  return {
    id: doc._id,
    runId: doc.runId,
    educatorId: doc.educatorId,
    amount: doc.amount,
    status: doc.status,
    createdAt: new Date(doc.createdAt).toISOString(),
    bankReference: doc.bankReference ?? null,
    paidAt: iso(doc.paidAt),
  };
}

const publicHold = (doc: PayoutHoldDoc | null | undefined): PayoutHold | null =>
  doc ? { reason: doc.reason, since: new Date(doc.since).toISOString() } : null;

/** `YYYY-MM` → its last day; `YYYY-MM-DD` → that day. The run's id and the end of that day (UTC). */
export function cutoffOf(input: string): { runId: string; day: string; end: Date } {
  const [year, month, day] = input.split('-').map(Number) as [number, number, number | undefined];
  const date = day === undefined ? new Date(Date.UTC(year, month, 0)) : new Date(Date.UTC(year, month - 1, day));
  const name = date.toISOString().slice(0, 10);
  return { runId: `run-${name}`, day: name, end: new Date(date.getTime() + DAY_MS - 1) };
}

export interface PayoutRunOptions {
  /** Called after each educator is settled (paid or not): the crash test's progress signal. */
  onEducator?: (educatorId: string, entry: LedgerEntryDoc | null) => void | Promise<void>;
}

/**
 * Local payouts (#36): payout runs over the ledger, the admin's record of each payout (bank
 * reference, date), holds on educators. Calls ledger (balances, payout entries) and users (names).
 */
export function payoutsService(store: Store, clock: Clock, ledger: LedgerService) {
  const runs = payoutRunsRepository(store);
  const payouts = payoutsRepository(store);
  const holds = payoutHoldsRepository(store);
  const users = userRecords(store);

  /** The payout record of a ledger entry (written once, whoever gets there first). */
  async function recordOf(entry: LedgerEntryDoc): Promise<void> {
    try {
      await payouts.insertOne({
        _id: newId(),
        entryKey: entry.key,
        runId: entry.runId as string,
        educatorId: entry.educatorId,
        amount: -entry.amount,
        status: 'processing',
        createdAt: new Date(entry.createdAt),
        bankReference: null,
        paidAt: null,
      });
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
    }
  }

  /** Runs with their payouts counted from the records (derived, so two racing runs never miscount). */
  async function withCounts(list: PayoutRunDoc[]): Promise<PayoutRun[]> {
    const records = await payouts.find(
      { runId: { $in: list.map((run) => run._id) } },
      { projection: { runId: 1, amount: 1 } },
    );
    return list.map((run) => {
      const mine = records.filter((record) => record.runId === run._id);
      return { ...publicRun(run), payouts: mine.length, total: mine.reduce((sum, p) => sum + p.amount, 0) };
    });
  }

  const service = {
    /**
     * Pays every educator not on hold what they have available by the cut-off: one payout entry
     * each, under the run's stable id, so a run started twice at once pays once and a run killed
     * half-way is finished by starting it again (the entries it wrote are found by their keys and
     * their records written; nothing is paid twice). A finished run is answered as it is.
     */
    async run(
      cutoffInput: string,
      by: string,
      options: PayoutRunOptions = {},
    ): Promise<{ run: PayoutRun; ran: boolean }> {
      const { runId, day, end } = cutoffOf(cutoffInput);
      const now = clock.now();
      if (day > now.toISOString().slice(0, 10)) throw badRequest(CUTOFF_IN_FUTURE);
      let run: PayoutRunDoc | null;
      try {
        run = await runs.insertOne({
          _id: runId,
          cutoff: end,
          status: 'running',
          startedAt: now,
          startedBy: by,
          finishedAt: null,
        });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        run = await runs.findOne({ _id: runId });
      }
      if (!run) throw new Error(`payout run ${runId} vanished`);
      if (run.status === 'finished') return { run: (await withCounts([run]))[0] as PayoutRun, ran: false };

      const [balances, already, held] = await Promise.all([
        ledger.balances(),
        ledger.payoutsOfRun(runId),
        holds.find({}, { projection: { _id: 1 } }),
      ]);
      const onHold = new Set(held.map((h) => h._id));
      const paidHere = new Map(already.map((entry) => [entry.educatorId, entry]));
      const candidates = [
        ...new Set([
          ...paidHere.keys(),
          ...[...balances].filter(([, balance]) => balance.available > 0).map(([id]) => id),
        ]),
      ].sort();
      for (const educatorId of candidates) {
        // An entry this run wrote before a crash is finished even if the educator was held since.
        let entry = paidHere.get(educatorId) ?? null;
        if (!entry && !onHold.has(educatorId)) entry = await ledger.appendPayout(educatorId, runId, end);
        if (entry) await recordOf(entry);
        await options.onEducator?.(educatorId, entry);
      }
      const finished = await runs.findOneAndUpdate(
        { _id: runId, status: 'running' },
        { $set: { status: 'finished', finishedAt: clock.now() } },
      );
      const [counted] = await withCounts([finished ?? ((await runs.findOne({ _id: runId })) as PayoutRunDoc)]);
      return { run: counted as PayoutRun, ran: true };
    },

    async runs(): Promise<PayoutRun[]> {
      return withCounts(await runs.find({}, { sort: { startedAt: -1 }, limit: 100 }));
    },

    /** Every payout (optionally of one run), newest first, with the educator's name. */
    async all(runId?: string): Promise<AdminPayout[]> {
      const list = await payouts.find(runId ? { runId } : {}, { sort: { createdAt: -1, _id: -1 }, limit: 500 });
      const names = new Map(
        (
          await users.byIds(
            list.map((p) => p.educatorId),
            { name: 1 },
          )
        ).map((u) => [u._id, u.name]),
      );
      return list.map((p) => ({ ...publicPayout(p), educatorName: names.get(p.educatorId) ?? 'Unknown educator' }));
    },

    /** The educator's own payouts, newest first. */
    async mine(educatorId: string): Promise<Payout[]> {
      return (await payouts.find({ educatorId }, { sort: { createdAt: -1, _id: -1 }, limit: 500 })).map(publicPayout);
    },

    /** The admin's record of how a payout was paid (may be corrected later); not before the payout was made. */
    async record(payoutId: string, input: { bankReference: string; paidAt: Date }, by: string): Promise<Payout> {
      const payout = ID_PATTERN.test(payoutId) ? await payouts.findOne({ _id: payoutId }) : null;
      if (!payout) throw notFound(PAYOUT_NOT_FOUND);
      if (input.paidAt.toISOString().slice(0, 10) < new Date(payout.createdAt).toISOString().slice(0, 10)) {
        throw badRequest(PAID_BEFORE_PAYOUT);
      }
      const updated = await payouts.findOneAndUpdate(
        { _id: payoutId },
        { $set: { status: 'paid', bankReference: input.bankReference, paidAt: input.paidAt, recordedBy: by } },
      );
      if (!updated) throw notFound(PAYOUT_NOT_FOUND);
      return publicPayout(updated);
    },

    async hold(educatorId: string, reason: string, by: string): Promise<PayoutHold> {
      const since = clock.now();
      await holds.updateOne({ _id: educatorId }, { $set: { reason, since, by } }, { upsert: true });
      return { reason, since: since.toISOString() };
    },

    async release(educatorId: string): Promise<void> {
      if ((await holds.deleteOne({ _id: educatorId })) === 0) throw conflict(NOT_ON_HOLD);
    },

    async balance(educatorId: string): Promise<EducatorBalance> {
      const [balance, hold, feePercent] = await Promise.all([
        ledger.balanceOf(educatorId),
        holds.findOne({ _id: educatorId }),
        ledger.feePercent(educatorId),
      ]);
      return { ...balance, hold: publicHold(hold), feePercent, holdDays: ledger.holdDays };
    },

    /** Every educator with money in the ledger or a hold: balances, holds, fees. */
    async balances(): Promise<AdminEducatorBalance[]> {
      const [balances, held, overrides, platform] = await Promise.all([
        ledger.balances(),
        holds.find({}),
        ledger.feeOverrides(),
        ledger.platformFee(),
      ]);
      const holdOf = new Map(held.map((h) => [h._id, h]));
      const ids = [...new Set([...balances.keys(), ...holdOf.keys()])];
      const names = new Map((await users.byIds(ids, { name: 1 })).map((u) => [u._id, u.name]));
      return ids
        .map((educatorId) => ({
          educatorId,
          name: names.get(educatorId) ?? 'Unknown educator',
          ...(balances.get(educatorId) ?? { pending: 0, available: 0, paid: 0 }),
          hold: publicHold(holdOf.get(educatorId)),
          feePercent: overrides.get(educatorId) ?? platform.percent,
          feeOverridePercent: overrides.get(educatorId) ?? null,
          holdDays: ledger.holdDays,
        }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.educatorId.localeCompare(b.educatorId));
    },
  };
  return service;
}
export type PayoutsService = ReturnType<typeof payoutsService>;
