import { api, type CouponPricing } from '@courseport/shared-ui';

export const APPLY_COUPON_PATH = '/api/user/apply-coupon';
export const APPLY_FAILED_TEXT = 'Could not check the coupon. Please try again.';

/** `POST /api/user/apply-coupon`: the price with the coupon, as the server computes it (paise). */
export async function applyCoupon(courseId: string, code: string): Promise<CouponPricing> {
  const res = await api.post<{ pricing: CouponPricing }>(APPLY_COUPON_PATH, { courseId, code });
  return res.pricing;
}
