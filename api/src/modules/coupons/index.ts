/**
 * Coupons (the `coupons` collection) and pricing: what a buyer pays, with or without a coupon, and
 * the coupon uses a checkout holds. Calls courses and users.
 */
export { amountInPaise, belowMinimumCharge, MIN_CHARGE_PAISE } from './pricing.js';
export { COUPON_INDEXES, type CouponDoc, couponKey } from './repository.js';
export { type CouponServices, couponRoutes } from './routes.js';
export { couponCode } from './schemas.js';
export {
  BELOW_MINIMUM_CHARGE,
  COUPON_BELOW_MINIMUM,
  COUPON_EXPIRED,
  COUPON_INACTIVE,
  COUPON_NOT_FOUND,
  COUPON_USED_UP,
  type CouponSettlement,
  type CouponsService,
  type CouponUses,
  couponsService,
  couponUses,
  DUPLICATE_CODE,
  type HeldCoupon,
  priceWithCoupon,
} from './service.js';
