import { api, errorText, sessionStore, useSession, useToast } from '@courseport/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { VERIFY_PAYMENT_PATH } from '../../enrollments/api/endpoints';
import { useLatest } from '../../page/hooks/useLatest';

export const VERIFIED_TEXT = 'Payment verified successfully!';
export const VERIFY_FAILED_TEXT = 'Payment verification failed';

/** The server's message for a refused payment; the generic text for anything else (e.g. no connection). */
const failureText = (error: unknown) => errorText(error, VERIFY_FAILED_TEXT, { network: 'fallback' });

/**
 * Verifies a purchase once (`POST /api/user/verify-payment`), even when React runs effects twice,
 * and tells the user how it went: on success the profile is refreshed so the new enrollment shows.
 * Waits for the session to be known first, so the call carries the user's token.
 * Answers 'verifying' until the call has finished, then 'done'.
 */
export function usePaymentVerification(purchaseId: string): 'verifying' | 'done' {
  const status = useSession((s) => s.status);
  const toast = useLatest(useToast());
  const [done, setDone] = useState(false);
  const started = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (status === 'loading' || started.current) return;
    started.current = true;
    const verify = async () => {
      try {
        const res = await api.post(VERIFY_PAYMENT_PATH, { purchaseId });
        if (res?.success) {
          toast.current.success(VERIFIED_TEXT);
          void Promise.resolve()
            .then(() => sessionStore.getState().refreshUser())
            .catch(() => {});
        } else {
          toast.current.error(res?.message || VERIFY_FAILED_TEXT);
        }
      } catch (error) {
        toast.current.error(failureText(error));
      }
      if (mounted.current) setDone(true);
    };
    void verify();
  }, [status, purchaseId, toast]);

  return done ? 'done' : 'verifying';
}
