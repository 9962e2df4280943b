import type { Coupon } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/**
 * A coupon of one course: the educator's `Coupon` (but the course's title, read from the course)
 * with Dates for its times, and what only the store keeps. Amounts in paise (`amountOff` is
 * rupees in answers); `code` is stored upper case and matched so; exactly one of `percentOff`
 * (1–100) and `amountOff` is set; `uses` counts completed purchases that used it, `reserved` the
 * open checkouts holding a use (given back if they expire, counted in `uses` once paid).
 */
export interface CouponDoc extends Stored<Omit<Coupon, 'courseTitle'>, 'expiresAt' | 'createdAt'> {
  educatorId: string;
  /** `<courseId>:<CODE>`: its unique index keeps codes unique per course. */
  codeKey: string;
  /**
   * With `maxUses` only: `maxUses − uses − reserved`, the uses a new checkout may still take. A
   * checkout takes one with a conditional update (`usesLeft > 0`, then `$inc: -1`), so racing
   * checkouts can never take more than there are.
   */
  usesLeft?: number;
  /** The purchases holding a reserved use, by purchase id (when they reserved it). */
  holds?: Record<string, Date>;
  /** Purchases refunded after their use was counted: the use they gave back (so it is given once). */
  returns?: Record<string, Date>;
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
