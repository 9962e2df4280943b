import {
  api,
  apiRequest,
  queryKeys,
  queryOptions,
  WISHLIST_PATH,
  type WishlistItem,
  wishlistItemPath,
} from '@courseport/shared-ui';

/** `GET /api/user/wishlist` → the saved courses, newest saved first. */
async function fetchWishlist(): Promise<WishlistItem[]> {
  const res = await api.get<{ wishlist: WishlistItem[] }>(WISHLIST_PATH);
  return Array.isArray(res.wishlist) ? res.wishlist : [];
}

/** The wishlist in the shared cache (`queryKeys.user.wishlist()`: the storefront's hearts read it too). */
export const wishlistQuery = () => queryOptions({ queryKey: queryKeys.user.wishlist(), queryFn: fetchWishlist });

/** `DELETE /api/user/wishlist/:courseId` → the server's message. */
export async function removeFromWishlist(courseId: string): Promise<string> {
  const res = await apiRequest<{ message?: string }>(wishlistItemPath(courseId), { method: 'DELETE' });
  return res?.message ?? '';
}
