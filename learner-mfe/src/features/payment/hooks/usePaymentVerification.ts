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

/**
 * Verifies a purchase once (`POST /api/user/verify-payment`), even when React runs effects twice,
 * and tells the user how it went: on success the purchase's data is invalidated
 * (`invalidateAfterPurchase`: profile, enrolled courses, purchases, course pages, catalog) so the
 * new enrollment shows. Waits for the session to be known first, so the call carries the user's
 * token. Answers 'verifying' until the call has finished, then 'done'.
 */
export function usePaymentVerification(purchaseId: string): 'verifying' | 'done' {
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
        toast.error(res?.message || VERIFY_FAILED_TEXT);
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

  return verification.isSuccess || verification.isError ? 'done' : 'verifying';
}
