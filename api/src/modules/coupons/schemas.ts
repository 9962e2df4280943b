import {
  applyCouponSchema,
  couponCode,
  couponListQuery,
  couponPatchSchema,
  newCouponSchema,
} from '@courseport/contracts/coupons';
import type { z } from 'zod';

/**
 * The coupon schemas are the contracts' (`@courseport/contracts/coupons`), shared with the educator
 * portal's create dialog so both check the same rules with the same words.
 */
export { applyCouponSchema, couponCode, couponListQuery, couponPatchSchema, newCouponSchema };
export type NewCoupon = z.infer<typeof newCouponSchema>;
