import { api, apiRequest, wishlistItemPath, wishlistQueryThrough } from '@courseport/shared-ui';

/** The wishlist in the shared cache (the storefront's hearts and the learner's Wishlist page read it). */
export const wishlistQuery = () => wishlistQueryThrough(api);

/** `DELETE /api/user/wishlist/:courseId` → the server's message. */
export async function removeFromWishlist(courseId: string): Promise<string> {
  const res = await apiRequest<{ message?: string }>(wishlistItemPath(courseId), { method: 'DELETE' });
  return res?.message ?? '';
}
