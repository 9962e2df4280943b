import { api } from '@courseport/shared-ui';

export const VERIFY_PAYMENT_PATH = '/api/user/verify-payment';

/** `POST /api/user/verify-payment`: `{ success, message }` (a refused payment throws, or answers success false). */
export const verifyPayment = (purchaseId: string) =>
  api.post<{ success?: boolean; message?: string }>(VERIFY_PAYMENT_PATH, { purchaseId });
