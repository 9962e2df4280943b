import { type Coupon, type EducatorCourse, money } from '@courseport/shared-ui';

export const CREATE_COUPON = 'Create Coupon';
export const COUPON_CREATE_FAILED = 'Failed to create the coupon';
export const NO_COURSES_YET = 'You have no courses yet. Add a course first, then create coupons for it.';

/** The courses a coupon may be for, as the Create Coupon dialog gets them. */
export type CourseChoices =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'ready'; courses: EducatorCourse[] };

/** Where a coupon stands now, as the table's Status column says it. */
export type CouponStatus = 'Active' | 'Inactive' | 'Expired' | 'Used up';

export function couponStatus(coupon: Coupon, now: Date): CouponStatus {
  if (!coupon.active) return 'Inactive';
  if (coupon.expiresAt && new Date(coupon.expiresAt) <= now) return 'Expired';
  if (coupon.maxUses !== undefined && coupon.uses + coupon.reserved >= coupon.maxUses) return 'Used up';
  return 'Active';
}

/** '25% off' or 'Rs 50 off'. */
export const discountText = (coupon: Coupon, currency: string) =>
  coupon.percentOff !== undefined
    ? `${coupon.percentOff}% off`
    : `${money(currency, coupon.amountOff ?? 0, { dropZeroCents: true })} off`;

/** '3 / 10', or '3 / no limit'. */
export const usesText = (coupon: Coupon) => `${coupon.uses} / ${coupon.maxUses ?? 'no limit'}`;

/** The expiry in the reader's locale, or 'Never'. */
export const expiryText = (coupon: Coupon) =>
  coupon.expiresAt
    ? new Date(coupon.expiresAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : 'Never';
