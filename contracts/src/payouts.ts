/**
 * Revenue share, the educator ledger and local payouts (#36): the shapes the API answers. Every
 * amount is an integer number of paise (₹1 = 100 paise); signs are the educator's side (a sale is
 * positive, a refund or a payout negative).
 */

/**
 * What a ledger entry records:
 * - `sale`: a completed purchase. `gross` is what the student paid (after any coupon), `fee` the
 *   platform's fee (negative), `amount` the educator's share (`gross + fee`). A coupon's discount is
 *   informational on the sale (`listAmount`, `discount`, `couponCode`): the educator gave it.
 * - `refund`: the sale given back, both its share and its fee (`gross`, `fee` and `amount` the
 *   sale's, negated).
 * - `payout`: money moved from available to paid (`amount` negative: what was paid out).
 * - `adjustment`: an admin's correction, either sign, with a reason.
 */
export type LedgerEntryKind = 'sale' | 'refund' | 'payout' | 'adjustment';

export const LEDGER_ENTRY_KINDS: readonly LedgerEntryKind[] = ['sale', 'refund', 'payout', 'adjustment'];

export interface LedgerEntry {
  id: string;
  kind: LedgerEntryKind;
  /** The educator's side of it, paise (sale: the share; refund, payout: negative). */
  amount: number;
  /** Sale and refund: what the student paid (negative on a refund), paise. */
  gross?: number;
  /** Sale and refund: the platform fee (negative on a sale, positive on a refund), paise. */
  fee?: number;
  /** Sale: the fee rate in force when it was recorded, in basis points (2000 = 20 %). */
  feeBasisPoints?: number;
  /** Sale: the price before the coupon, and the coupon's discount, paise; and its code. */
  listAmount?: number;
  discount?: number;
  couponCode?: string;
  purchaseId?: string;
  courseId?: string;
  /**
   * Entries of a course (sales, refunds, Stripe transfers): the course's title now, looked up from
   * the courses module when the page is read (a renamed course shows its new title); null when the
   * course was deleted. Absent on entries of no course.
   */
  courseTitle?: string | null;
  /** Payout: the run that paid it. */
  runId?: string;
  /**
   * Payout (#36, Stripe Connect): `stripe` when Stripe moved the money, a destination charge's
   * transfer to the educator's Connect account (negative), or its reversal on a refund (positive).
   */
  method?: 'stripe';
  /** Payout through Stripe: the transfer's id, once Stripe reported it. */
  transferId?: string;
  /** Adjustment: why (written by the admin). */
  reason?: string;
  /** When it was written (ISO). */
  createdAt: string;
  /** When its money becomes available (a sale: after the hold; anything else: at once). */
  availableAt: string;
}

export interface LedgerPage {
  entries: LedgerEntry[];
  /** Pass as `?cursor=` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

/** Derived from the entries at the moment of reading, never stored. */
export interface Balance {
  /** Sales still in their hold period (refunds of them included), paise. */
  pending: number;
  /** What the next payout would pay; negative after a refund of money already paid out. */
  available: number;
  /** Everything paid out so far. */
  paid: number;
}

export interface EducatorBalance extends Balance {
  /** Set while an admin holds this educator's payouts. */
  hold: PayoutHold | null;
  /** The fee new sales are charged, percent. */
  feePercent: number;
  /** Days a sale stays pending before it can be paid out. */
  holdDays: number;
}

export interface PayoutHold {
  reason: string;
  since: string;
}

export interface AdminEducatorBalance extends EducatorBalance {
  educatorId: string;
  name: string;
  /** Set when this educator has their own fee (percent), else null (the platform's applies). */
  feeOverridePercent: number | null;
}

export interface PlatformFee {
  /** Percent, 0–100 with at most two decimals. */
  percent: number;
  /** Set once an admin changed it (else the configured default). */
  updatedAt: string | null;
}

export type PayoutStatus = 'processing' | 'paid';

export interface Payout {
  id: string;
  runId: string;
  educatorId: string;
  /** Paid out, paise (positive). */
  amount: number;
  status: PayoutStatus;
  createdAt: string;
  /** The admin's record of how it was paid. */
  bankReference: string | null;
  paidAt: string | null;
}

export interface AdminPayout extends Payout {
  educatorName: string;
}

export type PayoutRunStatus = 'running' | 'finished';

export interface PayoutRun {
  /** `run-YYYY-MM-DD`: one per cut-off, so running it again finishes the same run. */
  id: string;
  /** Sales available on or before this day (UTC, inclusive) are paid. */
  cutoff: string;
  status: PayoutRunStatus;
  startedAt: string;
  finishedAt: string | null;
  /** Educators paid in this run, and their total, paise. */
  payouts: number;
  total: number;
}

/** The month of a statement: `YYYY-MM`. */
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The educator's Stripe Connect Express account (#36), as `GET /api/educator/payouts/account`
 * answers it: `connected: false` until they start onboarding.
 */
export interface ConnectAccount {
  connected: boolean;
  /** Whether this deployment takes payments through Stripe (Connect is offered only then). */
  available: boolean;
  accountId?: string;
  detailsSubmitted?: boolean;
  chargesEnabled?: boolean;
  payoutsEnabled?: boolean;
  /** Stripe's `requirements.currently_due`: what the educator still has to give. */
  currentlyDue?: string[];
  disabledReason?: string | null;
  /** When Stripe last told us about the account (ISO). */
  updatedAt?: string;
  /** The account's payouts to the educator's bank, newest first (Stripe's `payout.paid`/`payout.failed`). */
  stripePayouts?: StripePayout[];
}

export interface StripePayout {
  id: string;
  /** Paise. */
  amount: number;
  status: 'paid' | 'failed';
  /** When it reaches (or reached) the bank (ISO). */
  arrivalDate: string;
  failureMessage?: string;
}

/**
 * `GET /api/admin/connect-accounts` (#36): one educator and their Stripe Connect Express account as
 * the admin sees it. `state`: `none` (never onboarded), `details_due` until Stripe enables payouts
 * (what is due in `currentlyDue`), then `payouts_enabled`. The account's fields are absent for `none`.
 */
export interface AdminConnectAccount {
  educatorId: string;
  name: string;
  state: 'none' | 'details_due' | 'payouts_enabled';
  accountId?: string;
  detailsSubmitted?: boolean;
  chargesEnabled?: boolean;
  payoutsEnabled?: boolean;
  /** Stripe's `requirements.currently_due`. */
  currentlyDue?: string[];
  disabledReason?: string | null;
  /** When Stripe last told us about the account (ISO). */
  updatedAt?: string;
}

/** A page of educators with their Connect state, in id order; `available` false in local mode (no Stripe: nothing listed). */
export interface AdminConnectAccountsPage {
  available: boolean;
  accounts: AdminConnectAccount[];
  /** Pass as `?cursor=` for the next page; null on the last page. */
  nextCursor: string | null;
}

/** `POST /api/educator/payouts/connect`: where to send the educator to onboard (a single-use Stripe link). */
export interface ConnectLink {
  url: string;
  expiresAt: string;
}
