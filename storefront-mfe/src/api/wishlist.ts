import { api, apiRequest, wishlistItemPath, wishlistQueryThrough } from '@courseport/shared-ui';

/** The wishlist in the shared cache (the storefront's hearts and the learner's Wishlist page read it). */
export const wishlistQuery = () => wishlistQueryThrough(api);

/** `PUT` (save) or `DELETE` (remove) `/api/user/wishlist/:courseId` → the server's message. */
export async function writeWishlist(courseId: string, save: boolean): Promise<string> {
  const res = await apiRequest<{ message?: string }>(wishlistItemPath(courseId), { method: save ? 'PUT' : 'DELETE' });
  return res?.message ?? '';
}
