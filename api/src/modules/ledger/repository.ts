import type { LedgerEntry } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/**
 * One ledger entry as stored: written once with `insertOne` and never updated or deleted. `key` is
 * its idempotency key (`sale:<purchaseId>`, `refund:<purchaseId>`, `payout:<runId>:<educatorId>`,
 * `adjustment:<educatorId>:<requestKey>`); its unique index makes a repeated write (a webhook
 * delivered twice, a retried job, two replicas) land once.
 */
export interface LedgerEntryDoc extends Stored<Omit<LedgerEntry, 'id'>, 'createdAt' | 'availableAt'> {
  _id: string;
  key: string;
  educatorId: string;
  /**
   * Payouts only: `<educatorId>:<n>`, the educator's n-th payout. Its unique index lets two payout
   * runs that read the same balance pay once between them (the second one's insert is refused).
   */
  payoutSeq?: string;
  /** Adjustments: the admin who wrote it. */
  by?: string;
  [key: string]: unknown;
}

/**
 * The platform's fee (`_id: 'platform'`) and each educator's override (`_id: 'educator:<id>'`), in
 * basis points (2000 = 20 %). Settings, not money: changed in place, read when a sale is recorded,
 * which copies the rate onto its entry.
 */
export interface FeeSettingDoc {
  _id: string;
  basisPoints: number;
  updatedAt: Date;
  by: string;
  [key: string]: unknown;
}

export const LEDGER_INDEXES = [
  { collection: 'ledgerEntries', fields: ['key'], unique: true },
  { collection: 'ledgerEntries', fields: ['payoutSeq'], unique: true, sparse: true },
  // An educator's entries, newest first (the ledger's pages, balances, statements).
  { collection: 'ledgerEntries', fields: ['educatorId', 'createdAt'] },
  { collection: 'ledgerEntries', fields: ['runId'], sparse: true },
  // #36: a course's entries (analytics' rebuild of its daily counters).
  { collection: 'ledgerEntries', fields: ['courseId'], sparse: true },
] as const;

export const ledgerRepository = (store: Store) => store.collection<LedgerEntryDoc>('ledgerEntries');
export const feeSettingsRepository = (store: Store) => store.collection<FeeSettingDoc>('feeSettings');
