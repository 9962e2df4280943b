import type { Store } from '../../store/index.js';

/**
 * An educator's Stripe Connect Express account (#36): `_id` is the educator's id (one account
 * each), `accountId` Stripe's `acct_…` (unique). The state is Stripe's, copied from the account
 * object and `account.updated`; `stateAt` is the Stripe time of the event it came from, so an older
 * event delivered late never overwrites a newer state.
 */
export interface ConnectAccountDoc {
  _id: string;
  accountId: string;
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  currentlyDue: string[];
  disabledReason: string | null;
  /** Stripe's time (seconds) of the state: the account's creation, then each `account.updated`'s `created`. */
  stateAt: number;
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}

/**
 * A payout of a Connect account to the educator's bank (`payout.paid`, `payout.failed`): Stripe
 * moved the educator's own Stripe balance, so it is a record for them to see, not a ledger entry
 * (the ledger's money left the platform with the transfer). `_id` is Stripe's `po_…`.
 */
export interface StripePayoutDoc {
  _id: string;
  educatorId: string;
  accountId: string;
  amount: number;
  currency: string;
  status: 'paid' | 'failed';
  arrivalDate: Date;
  failureMessage?: string;
  /** Stripe's time (seconds) of the event the status came from (out-of-order deliveries). */
  stateAt: number;
  [key: string]: unknown;
}

/**
 * A Connect webhook event already handled (`_id` = Stripe's `evt_…`): a redelivery is answered at
 * once. Kept `CONNECT_EVENT_RETENTION_DAYS` (30) after `receivedAt`, then pruned by the sweep.
 */
export interface ConnectEventDoc {
  _id: string;
  type: string;
  receivedAt: Date;
  [key: string]: unknown;
}

export const CONNECT_INDEXES = [
  { collection: 'connectAccounts', fields: ['accountId'], unique: true },
  { collection: 'stripePayouts', fields: ['educatorId', 'arrivalDate'] },
  // The handled events' sweep (older than the retention: `pruneEvents`).
  { collection: 'connectEvents', fields: ['receivedAt'] },
] as const;

export const connectAccountsRepository = (store: Store) => store.collection<ConnectAccountDoc>('connectAccounts');
export const stripePayoutsRepository = (store: Store) => store.collection<StripePayoutDoc>('stripePayouts');
export const connectEventsRepository = (store: Store) => store.collection<ConnectEventDoc>('connectEvents');
