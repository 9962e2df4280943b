import { api, apiRequest, wishlistItemPath, wishlistQueryThrough } from '@courseport/shared-ui';

/** The wishlist in the shared cache (the storefront's hearts and the learner's Wishlist page read it). */
export const wishlistQuery = () => wishlistQueryThrough(api);

/** `DELETE /api/user/wishlist/:courseId` → the server's message. */
export async function removeFromWishlist(courseId: string): Promise<string> {
  const res = await apiRequest<{ message?: string }>(wishlistItemPath(courseId), { method: 'DELETE' });
  return res?.message ?? '';
}

export const CHECKOUT_FAILED_TEXT = 'Could not start the checkout. Please try again.';
/** The API's 409 for a course the buyer owns (api/src/modules/purchases/service.ts), and the spec's info. */
export const ALREADY_ENROLLED_TEXT = 'You are already enrolled in this course';

/**
 * `POST /api/user/purchase` (the course page's purchase): starts the checkout and answers the
 * payment page's address. A free course is enrolled at once; its address is the payment-return page.
 */
export async function startCheckout(courseId: string): Promise<string> {
  const res = await api.post<{ session_url?: string }>('/api/user/purchase', { courseId });
  if (!res?.session_url) throw new Error(CHECKOUT_FAILED_TEXT);
  return res.session_url;
}

/** The learner portal's player for a course (`/player/:courseId` in shell/routes.mjs). */
export const playerPath = (courseId: string) => `/player/${encodeURIComponent(courseId)}`;
