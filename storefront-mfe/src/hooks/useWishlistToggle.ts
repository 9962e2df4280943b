import {
  type CourseCard,
  discountedPrice,
  queryKeys,
  useMutation,
  useQuery,
  useQueryClient,
  useSession,
  useToast,
  type WishlistItem,
} from '@courseport/shared-ui';
import { wishlistQuery, writeWishlist } from '../api/wishlist';

export const WISHLIST_FAILED_TEXT = 'Could not update your wishlist';

/**
 * Whether `course` is in the signed-in user's wishlist, and `toggle`: signed out, it opens the
 * sign-in dialog; signed in, it saves or removes the course. The heart shows the wanted state at
 * once (the pending write's), and goes back to the saved one when the write fails (with a toast).
 * The wishlist is fetched only when signed in; until then (and while the session is still being
 * found, as during hydration) the course counts as not saved, so the server's HTML and the first
 * client render agree.
 */
export function useWishlistToggle(course: CourseCard) {
  const courseId = course._id;
  const toast = useToast();
  const client = useQueryClient();
  const status = useSession((s) => s.status);
  const openSignIn = useSession((s) => s.openSignIn);
  const signedIn = status === 'signed-in';
  const wishlist = useQuery({ ...wishlistQuery(), enabled: signedIn });
  const stored = signedIn && (wishlist.data?.some((item) => item.course._id === courseId) ?? false);

  const write = useMutation({
    mutationFn: (save: boolean) => writeWishlist(courseId, save),
    onSuccess: (message, save) => {
      // The cache follows at once (no flicker back while it refetches), then the server's list replaces it.
      client.setQueryData<WishlistItem[]>(queryKeys.user.wishlist(), (items) => {
        if (!items) return items;
        const others = items.filter((item) => item.course._id !== courseId);
        if (!save) return others;
        const price = discountedPrice(course.coursePrice, course.discount);
        return [{ course, savedAt: new Date().toISOString(), savedPrice: price, priceDrop: null }, ...others];
      });
      void client.invalidateQueries({ queryKey: queryKeys.user.wishlist() });
      if (message) toast.success(message);
    },
    onError: (error) => toast.failure(error, WISHLIST_FAILED_TEXT),
  });

  // Optimistic: while a write is on its way, the heart shows what it asked for.
  const saved = signedIn && write.isPending ? Boolean(write.variables) : stored;

  // Until the session is known (and on the server's HTML, before hydration) the heart is disabled,
  // so a click is not silently lost: a browser or test waits for it to be enabled.
  const ready = status !== 'loading';

  const toggle = () => {
    if (!ready) return;
    if (!signedIn) {
      openSignIn();
      return;
    }
    if (write.isPending) return;
    write.mutate(!saved);
  };

  return { saved, toggle, ready };
}
