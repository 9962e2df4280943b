import { api, apiRequest, type Coupon, type NewCouponInput, queryKeys, queryOptions } from '@courseport/shared-ui';

export const COUPONS_PATH = '/api/educator/coupons';

/** The caller's coupons, newest first (`GET /api/educator/coupons`). */
export async function fetchCoupons(): Promise<Coupon[]> {
  const res = await api.get<{ coupons: Coupon[] }>(COUPONS_PATH);
  return res.coupons ?? [];
}

/** The educator's coupons as a query (`queryKeys.educator.coupons()`). */
export const couponsQuery = () => queryOptions({ queryKey: queryKeys.educator.coupons(), queryFn: fetchCoupons });

/** `POST /api/educator/coupons`: the new coupon. */
export async function createCoupon(input: NewCouponInput): Promise<Coupon> {
  const res = await api.post<{ coupon: Coupon }>(COUPONS_PATH, input);
  return res.coupon;
}

/** `PATCH /api/educator/coupons/:id { active }`: the coupon as it now is. */
export async function setCouponActive(couponId: string, active: boolean): Promise<Coupon> {
  const res = await apiRequest<{ coupon: Coupon }>(`${COUPONS_PATH}/${encodeURIComponent(couponId)}`, {
    method: 'PATCH',
    body: { active },
  });
  return res.coupon;
}
