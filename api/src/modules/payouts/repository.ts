import type { Payout, PayoutRun } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/**
 * A payout run: `_id` is `run-<cut-off day>`, so starting the same cut-off again finishes this run.
 * Its count and total are not stored: they are counted from its payout records when read.
 */
export interface PayoutRunDoc
  extends Stored<Omit<PayoutRun, 'id' | 'cutoff' | 'payouts' | 'total'>, 'startedAt' | 'finishedAt'> {
  _id: string;
  /** The end of the cut-off day (UTC, inclusive). */
  cutoff: Date;
  startedBy: string;
  [key: string]: unknown;
}

/**
 * One educator's payout of one run: how it was paid, the admin's record (the bank reference and
 * date). The money itself is its ledger entry (`entryKey`); this record is what an admin updates.
 */
export interface PayoutDoc extends Stored<Omit<Payout, 'id'>, 'createdAt' | 'paidAt'> {
  _id: string;
  /** The ledger entry's key, `payout:<runId>:<educatorId>` (unique: one record per entry). */
  entryKey: string;
  recordedBy?: string;
  [key: string]: unknown;
}

/** An admin's hold on an educator's payouts (`_id` = the educator's id). */
export interface PayoutHoldDoc {
  _id: string;
  reason: string;
  since: Date;
  by: string;
  [key: string]: unknown;
}

export const PAYOUT_INDEXES = [
  { collection: 'payouts', fields: ['entryKey'], unique: true },
  { collection: 'payouts', fields: ['educatorId', 'createdAt'] },
  { collection: 'payouts', fields: ['runId'] },
  { collection: 'payoutRuns', fields: ['startedAt'] },
] as const;

export const payoutRunsRepository = (store: Store) => store.collection<PayoutRunDoc>('payoutRuns');
export const payoutsRepository = (store: Store) => store.collection<PayoutDoc>('payouts');
export const payoutHoldsRepository = (store: Store) => store.collection<PayoutHoldDoc>('payoutHolds');
