import { api } from '@courseport/shared-ui';

export const PURCHASE_FAILED_TEXT = 'Could not start the checkout. Please try again.';
/** The spec's warning for Enroll Now while signed out (the sign-in dialog opens with it). */
export const LOGIN_TO_CONTINUE_TEXT = 'Please login to continue';
/** The spec's info for enrolling in a course already owned (the player opens with it). */
export const ALREADY_ENROLLED_TEXT = 'You are already enrolled in this course';

/**
 * `POST /api/user/purchase`: starts the checkout (at the coupon's price with `couponCode`) and
 * answers the payment page's address.
 */
export async function startCheckout(courseId: string, couponCode?: string): Promise<string> {
  const res = await api.post<{ session_url: string }>(
    '/api/user/purchase',
    couponCode ? { courseId, couponCode } : { courseId },
  );
  if (!res.session_url) throw new Error(PURCHASE_FAILED_TEXT);
  return res.session_url;
}

/** The learner portal's player for a course (`/player/:courseId` in shell/routes.mjs). */
export const playerPath = (courseId: string) => `/player/${encodeURIComponent(courseId)}`;
