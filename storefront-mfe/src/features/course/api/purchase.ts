import { api, CHECKOUT_FAILED_TEXT, startCheckoutThrough } from '@courseport/shared-ui';

export { ALREADY_ENROLLED_TEXT, playerPath } from '@courseport/shared-ui';
export const PURCHASE_FAILED_TEXT = CHECKOUT_FAILED_TEXT;
/** The spec's warning for Enroll Now while signed out (the sign-in dialog opens with it). */
export const LOGIN_TO_CONTINUE_TEXT = 'Please login to continue';

/** `POST /api/user/purchase` through the storefront's client (see shared-ui's `startCheckoutThrough`). */
export const startCheckout = (courseId: string, couponCode?: string): Promise<string> =>
  startCheckoutThrough(api, courseId, couponCode);
