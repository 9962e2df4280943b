/**
 * Starting a purchase, shared by the storefront's Enroll Now and the learner portal's wishlist Buy:
 * the call, its texts, and the player an owned course opens in. Each portal runs the call through
 * its own `api` (the one its tests answer), as with the wishlist's query.
 */

export const CHECKOUT_FAILED_TEXT = 'Could not start the checkout. Please try again.';
/** The API's 409 for a course the buyer owns (api/src/modules/purchases/service.ts), and the spec's info. */
export const ALREADY_ENROLLED_TEXT = 'You are already enrolled in this course';

/**
 * `POST /api/user/purchase` through a portal's client: starts the checkout (at the coupon's price
 * with `couponCode`) and answers the payment page's address. A free course is enrolled at once; its
 * address is the payment-return page.
 */
export async function startCheckoutThrough(
  client: { post<T extends object>(path: string, body?: unknown): Promise<T> },
  courseId: string,
  couponCode?: string,
): Promise<string> {
  const res = await client.post<{ session_url?: string }>(
    '/api/user/purchase',
    couponCode ? { courseId, couponCode } : { courseId },
  );
  if (!res?.session_url) throw new Error(CHECKOUT_FAILED_TEXT);
  return res.session_url;
}

/** The learner portal's player for a course (`/player/:courseId` in shell/routes.mjs). */
export const playerPath = (courseId: string) => `/player/${encodeURIComponent(courseId)}`;
