import {
  type Coupon,
  type NewCouponInput,
  queryKeys,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { couponsQuery, createCoupon, setCouponActive } from '../api/coupons';

export const COUPONS_FAILED = 'Failed to fetch coupons';
export const COUPON_CREATED = 'Coupon created';
export const COUPON_ACTIVATED = 'Coupon activated';
export const COUPON_DEACTIVATED = 'Coupon deactivated';
export const COUPON_UPDATE_FAILED = 'Failed to update the coupon';

/** The educator's coupons: the page's state (loading, error, data) and a retry. */
export const useCoupons = (enabled = true) =>
  useQueryState(useQuery({ ...couponsQuery(), enabled }), {
    fallback: COUPONS_FAILED,
    network: 'fallback',
    toast: 'background',
  });

/** Puts a coupon the server returned into the cached list (first when it is new). */
function useRememberCoupon() {
  const queryClient = useQueryClient();
  return (coupon: Coupon) => {
    queryClient.setQueryData<Coupon[]>(queryKeys.educator.coupons(), (list = []) =>
      list.some((c) => c._id === coupon._id) ? list.map((c) => (c._id === coupon._id ? coupon : c)) : [coupon, ...list],
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.educator.coupons() });
  };
}

/** Creates a coupon; the dialog shows a failure itself (its `error`). */
export function useCreateCoupon() {
  const remember = useRememberCoupon();
  const toast = useToast();
  return useMutation({
    mutationFn: (input: NewCouponInput) => createCoupon(input),
    onSuccess: (coupon) => {
      remember(coupon);
      toast.success(COUPON_CREATED);
    },
  });
}

/** Activates or deactivates a coupon, with a toast either way. */
export function useSetCouponActive() {
  const remember = useRememberCoupon();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ coupon, active }: { coupon: Coupon; active: boolean }) => setCouponActive(coupon._id, active),
    onSuccess: (coupon) => {
      remember(coupon);
      toast.success(coupon.active ? COUPON_ACTIVATED : COUPON_DEACTIVATED);
    },
    onError: (error) => toast.failure(error, COUPON_UPDATE_FAILED, { network: 'fallback' }),
  });
}
