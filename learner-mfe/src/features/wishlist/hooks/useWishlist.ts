import {
  ApiError,
  queryKeys,
  useMutation,
  useQuery,
  useQueryClient,
  useSession,
  useToast,
  type WishlistItem,
} from '@courseport/shared-ui';
import { useEffect, useState } from 'react';
import {
  ALREADY_ENROLLED_TEXT,
  CHECKOUT_FAILED_TEXT,
  removeFromWishlist,
  startCheckout,
  wishlistQuery,
} from '../api/wishlist';

export const REMOVE_FAILED_TEXT = 'Could not remove the course from your wishlist';

/** The signed-in user's wishlist (newest saved first), fetched only while `enabled`. */
export function useWishlist(enabled: boolean) {
  const userId = useSession((s) => s.user?._id ?? s.identity?.id ?? '');
  return useQuery({ ...wishlistQuery(), enabled: enabled && userId !== '' });
}

/**
 * Removes a course from the wishlist: once the server agrees it leaves the list (the server's
 * message as a success toast, then `onRemoved`); a failure is an error toast and the course stays.
 */
export function useRemoveFromWishlist(onRemoved?: (courseId: string) => void) {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (courseId: string) => removeFromWishlist(courseId),
    onSuccess: (message, courseId) => {
      client.setQueryData<WishlistItem[]>(queryKeys.user.wishlist(), (items) =>
        items?.filter((item) => item.course._id !== courseId),
      );
      void client.invalidateQueries({ queryKey: queryKeys.user.wishlist() });
      if (message) toast.success(message);
      onRemoved?.(courseId);
    },
    onError: (error) => toast.failure(error, REMOVE_FAILED_TEXT),
  });
}

/**
 * Buys a saved course with the course page's purchase (`POST /api/user/purchase`): the browser
 * then leaves for the payment page (a free course: straight to the payment-return page, which
 * enrolls). A course the server says is already owned is an info toast, and the profile is
 * refreshed so the item offers the player instead; any other failure is an error toast.
 * `buying` is the course whose checkout is starting (or being left for), else null.
 */
export function useBuyFromWishlist() {
  const toast = useToast();
  const refreshUser = useSession((s) => s.refreshUser);
  // Set once the checkout has started: the browser is leaving for the payment page.
  const [leaving, setLeaving] = useState<string | null>(null);
  const checkout = useMutation({
    mutationFn: (courseId: string) => startCheckout(courseId),
    onSuccess: (url, courseId) => {
      setLeaving(courseId);
      window.location.assign(url);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && error.message === ALREADY_ENROLLED_TEXT) {
        toast.info(ALREADY_ENROLLED_TEXT);
        void refreshUser().catch(() => {});
        return;
      }
      toast.failure(error, CHECKOUT_FAILED_TEXT);
    },
  });
  useEffect(() => {
    // Coming back from the payment page with Back restores this page as it was: buyable again.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  const buying = leaving ?? (checkout.isPending ? (checkout.variables ?? null) : null);
  return {
    buying,
    buy: (courseId: string) => {
      if (buying === null) checkout.mutate(courseId);
    },
  };
}
