import {
  errorText,
  invalidateAfterPurchase,
  useMutation,
  useQueryClient,
  useSession,
  useToast,
} from '@courseport/shared-ui';
import { useEffect, useRef } from 'react';
import { verifyPayment } from '../api/verifyPayment';

export const VERIFIED_TEXT = 'Payment verified successfully!';
export const VERIFY_FAILED_TEXT = 'Payment verification failed';

/** The server's message for a refused payment; the generic text for anything else (e.g. no connection). */
const failureText = (error: unknown) => errorText(error, VERIFY_FAILED_TEXT, { network: 'fallback' });
/** A `success: false` answer: its message, else the generic text. */
const refusedText = (res: { message?: string } | undefined) => res?.message || VERIFY_FAILED_TEXT;

/**
 * Verifies a purchase once (`POST /api/user/verify-payment`), even when React runs effects twice,
 * and tells the user how it went: on success the purchase's data is invalidated
 * (`invalidateAfterPurchase`: profile, enrolled courses, purchases, course pages, catalog) so the
 * new enrollment shows. Waits for the session to be known first, so the call carries the user's
 * token. Answers where it is: 'verifying' (until the session is known), 'processing' (the server
 * is verifying), then 'verified' or 'failed' with the text the user was told.
 */
export type PaymentVerification =
  | { phase: 'verifying' | 'processing' | 'verified' }
  | { phase: 'failed'; message: string };

export function usePaymentVerification(purchaseId: string): PaymentVerification {
  const status = useSession((s) => s.status);
  const toast = useToast();
  const client = useQueryClient();
  const started = useRef(false);
  const verification = useMutation({
    mutationFn: verifyPayment,
    onSuccess: (res) => {
      if (res?.success) {
        toast.success(VERIFIED_TEXT);
        // The redirect does not wait for the refetches.
        void invalidateAfterPurchase(undefined, client).catch(() => {});
      } else {
        toast.error(refusedText(res));
      }
    },
    onError: (error) => toast.error(failureText(error)),
  });
  const { mutate } = verification;

  useEffect(() => {
    if (status === 'loading' || started.current) return;
    started.current = true;
    mutate(purchaseId);
  }, [status, purchaseId, mutate]);

  if (verification.isError) return { phase: 'failed', message: failureText(verification.error) };
  if (verification.isSuccess) {
    return verification.data?.success
      ? { phase: 'verified' }
      : { phase: 'failed', message: refusedText(verification.data) };
  }
  return { phase: verification.isPending ? 'processing' : 'verifying' };
}
