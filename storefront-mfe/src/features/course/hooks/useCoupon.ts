import { type CouponPricing, errorText, useMutation, useSession } from '@courseport/shared-ui';
import { useState } from 'react';
import { APPLY_FAILED_TEXT, applyCoupon } from '../api/coupon';

export const ENTER_A_CODE = 'Enter a coupon code';

/**
 * The course page's coupon: the code being typed, the server's price for the one applied, and why
 * a code did not apply. Applying asks a visitor to sign in first (as Enroll Now does); typing
 * another code or removing it goes back to the course's own price.
 */
export function useCoupon(courseId: string) {
  const signedIn = useSession((s) => s.status === 'signed-in');
  const openSignIn = useSession((s) => s.openSignIn);
  const [code, setCode] = useState('');
  const [applied, setApplied] = useState<CouponPricing | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = useMutation({
    mutationFn: (typed: string) => applyCoupon(courseId, typed),
    onSuccess: (pricing) => setApplied(pricing),
    onError: (failure) => setError(errorText(failure, APPLY_FAILED_TEXT)),
  });

  const apply = () => {
    const typed = code.trim();
    setError(null);
    if (!typed) {
      setError(ENTER_A_CODE);
      return;
    }
    if (!signedIn) {
      openSignIn();
      return;
    }
    check.mutate(typed);
  };

  const type = (text: string) => {
    setCode(text);
    setError(null);
    setApplied(null);
  };

  const remove = () => {
    setApplied(null);
    setCode('');
    setError(null);
  };

  /** The checkout refused the applied code (used up meanwhile, deactivated…): back to the course's price, saying why. */
  const refuse = (reason: string) => {
    setApplied(null);
    setError(reason);
  };

  return { code, type, apply, remove, refuse, applied, error, applying: check.isPending };
}
export type CouponState = ReturnType<typeof useCoupon>;
