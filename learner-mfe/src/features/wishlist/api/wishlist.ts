import { api, apiRequest, startCheckoutThrough, wishlistItemPath, wishlistQueryThrough } from '@courseport/shared-ui';

/** The wishlist in the shared cache (the storefront's hearts and the learner's Wishlist page read it). */
export const wishlistQuery = () => wishlistQueryThrough(api);

/** `DELETE /api/user/wishlist/:courseId` → the server's message. */
export async function removeFromWishlist(courseId: string): Promise<string> {
  const res = await apiRequest<{ message?: string }>(wishlistItemPath(courseId), { method: 'DELETE' });
  return res?.message ?? '';
}

export { ALREADY_ENROLLED_TEXT, CHECKOUT_FAILED_TEXT, playerPath } from '@courseport/shared-ui';

/** `POST /api/user/purchase` through the learner portal's client (see shared-ui's `startCheckoutThrough`). */
export const startCheckout = (courseId: string): Promise<string> => startCheckoutThrough(api, courseId);
