import type { Store } from '../../store/index.js';

export type PurchaseStatus = 'pending' | 'completed' | 'refunded' | 'expired' | 'failed';

export interface PurchaseDoc {
  _id: string;
  userId: string;
  courseId: string;
  educatorId: string;
  /** What the student pays, in paise. */
  amount: number;
  currency: 'INR';
  status: PurchaseStatus;
  createdAt: Date;
  completedAt?: Date;
  gateway?: 'local' | 'stripe' | 'free';
  /** Paid through the local checkout: no money moved, so it never counts as earnings in production. */
  simulated?: boolean;
  gatewaySessionId?: string;
  checkoutUrl?: string;
  /** `<userId>:<courseId>` while pending: its unique index keeps one open purchase per course. */
  openKey?: string;
  /** `<userId>:<courseId>` while completed: its unique index keeps one completed purchase per course. */
  completedKey?: string;
  /** The gateway's payment (Stripe's PaymentIntent id), once paid. */
  paymentId?: string;
  /** The coupon this purchase holds a use of (see coupons/service.ts `couponUses`). */
  coupon?: { id: string; code: string; limited: boolean };
  /**
   * `held` while pending; `used` once completed, `released` once it can no longer be paid,
   * `returned` once refunded after completing (the use is given back).
   */
  couponState?: 'held' | 'used' | 'released' | 'returned';
  /** Set once the coupon's counts reflect `couponState` (reconciliation settles those without). */
  couponSettledAt?: Date;
  /** Paise: the price before the coupon, when one was used. */
  listAmount?: number;
  /**
   * #36: a destination charge to the educator's Stripe Connect account: the account, the
   * application fee (paise) and the fee rate it was computed at (the ledger records the sale at it).
   */
  connectAccountId?: string;
  applicationFee?: number;
  feeBasisPoints?: number;
  /** When reconciliation last found its checkout still open at the gateway. */
  checkedAt?: Date;
  /** Set once the buyer is enrolled (and the receipt written): fulfilment is finished. */
  fulfilledAt?: Date;
  /**
   * Completed and not yet fulfilled: set by the update that completes the purchase, removed by the
   * one that fulfils it, so reconciliation finds the unfinished ones by a sparse index instead of
   * visiting every completed purchase.
   */
  fulfilmentDue?: true;
  refundedAt?: Date;
  /** Why it was refunded: an admin's refund, the gateway's, or a second payment for an owned course. */
  refundReason?: 'admin' | 'gateway' | 'duplicate-payment';
  /** Set once a refunded purchase's enrollment is gone: the refund is finished. */
  revokedAt?: Date;
  [key: string]: unknown;
}

export const PURCHASE_INDEXES = [
  { collection: 'purchases', fields: ['courseId', 'status'] },
  { collection: 'purchases', fields: ['educatorId', 'status'] },
  { collection: 'purchases', fields: ['userId', 'courseId'] },
  { collection: 'purchases', fields: ['openKey'], unique: true, sparse: true },
  { collection: 'purchases', fields: ['completedKey'], unique: true, sparse: true },
  { collection: 'purchases', fields: ['paymentId'], sparse: true },
  { collection: 'purchases', fields: ['status', 'createdAt'] },
  { collection: 'purchases', fields: ['couponState'], sparse: true },
  { collection: 'purchases', fields: ['fulfilmentDue'], sparse: true },
] as const;

export const purchasesRepository = (store: Store) => store.collection<PurchaseDoc>('purchases');
export type PurchasesRepository = ReturnType<typeof purchasesRepository>;
