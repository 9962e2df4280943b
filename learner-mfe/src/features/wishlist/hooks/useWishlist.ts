import {
  queryKeys,
  useMutation,
  useQuery,
  useQueryClient,
  useSession,
  useToast,
  type WishlistItem,
} from '@courseport/shared-ui';
import { removeFromWishlist, wishlistQuery } from '../api/wishlist';

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
