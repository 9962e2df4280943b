import type { Store } from '../../store/index.js';

/** A coupon of one course. Amounts in paise; `code` is stored upper case and matched so. */
export interface CouponDoc {
  _id: string;
  courseId: string;
  educatorId: string;
  code: string;
  /** `<courseId>:<CODE>`: its unique index keeps codes unique per course. */
  codeKey: string;
  /** Exactly one of `percentOff` (1–100) and `amountOff` (paise) is set. */
  percentOff?: number;
  amountOff?: number;
  expiresAt?: Date;
  maxUses?: number;
  /**
   * With `maxUses` only: `maxUses − uses − reserved`, the uses a new checkout may still take. A
   * checkout takes one with a conditional update (`usesLeft > 0`, then `$inc: -1`), so racing
   * checkouts can never take more than there are.
   */
  usesLeft?: number;
  /** Completed purchases that used the coupon. */
  uses: number;
  /** Open checkouts holding a use (given back if they expire, counted in `uses` once paid). */
  reserved: number;
  /** The purchases holding a reserved use, by purchase id (when they reserved it). */
  holds?: Record<string, Date>;
  /** Purchases refunded after their use was counted: the use they gave back (so it is given once). */
  returns?: Record<string, Date>;
  active: boolean;
  createdAt: Date;
  [key: string]: unknown;
}

export const COUPON_INDEXES = [
  { collection: 'coupons', fields: ['codeKey'], unique: true },
  { collection: 'coupons', fields: ['educatorId', 'createdAt'] },
  { collection: 'coupons', fields: ['courseId'] },
  { collection: 'coupons', fields: ['code'] },
] as const;

export const couponsRepository = (store: Store) => store.collection<CouponDoc>('coupons');
export type CouponsRepository = ReturnType<typeof couponsRepository>;

export const couponKey = (courseId: string, code: string) => `${courseId}:${code.toUpperCase()}`;
