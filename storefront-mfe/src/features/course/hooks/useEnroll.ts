import {
  ApiError,
  errorText,
  invalidateAfterPurchase,
  rememberEnrollIntent,
  sessionStore,
  takeEnrollIntent,
  useMutation,
  useNavigate,
  useQueryClient,
  useSession,
  useToast,
} from '@courseport/shared-ui';
import { useEffect, useState } from 'react';
import {
  ALREADY_ENROLLED_TEXT,
  LOGIN_TO_CONTINUE_TEXT,
  PURCHASE_FAILED_TEXT,
  playerPath,
  startCheckout,
} from '../api/purchase';

/**
 * Whether the signed-in user owns the course, and `enroll`: signed out, it warns 'Please login to
 * continue', opens the sign-in dialog and remembers the purchase (`rememberEnrollIntent`), which
 * carries on by itself once the visitor is signed in with a profile, here or after confirming a new
 * account's address; enrolled, it says so and opens the course in the player; otherwise it starts
 * the checkout and sends the browser to the payment page. When the tab becomes visible again (e.g. after paying in
 * another one) the data a purchase changes is invalidated (`invalidateAfterPurchase`), so the
 * enrollment shows. `couponCode` (one the server has priced) goes with the checkout, whose price is
 * then the coupon's; `onCouponRefused` hears why the checkout refused it.
 */
export function useEnroll(courseId: string, couponCode?: string, onCouponRefused?: (reason: string) => void) {
  const toast = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const status = useSession((s) => s.status);
  const openSignIn = useSession((s) => s.openSignIn);
  const enrolled = useSession((s) => s.user?.enrolledCourses?.includes(courseId) ?? false);
  // Until the session and the profile are known, a click could not tell sign-in from checkout from player.
  const settling = useSession((s) => s.status === 'loading' || (s.status === 'signed-in' && !s.user));
  // Set once the checkout has started: the browser is leaving for the payment page.
  const [leaving, setLeaving] = useState(false);

  const checkout = useMutation({
    mutationFn: () => startCheckout(courseId, couponCode),
    onSuccess: (url) => {
      setLeaving(true);
      window.location.assign(url);
    },
    onError: (error) => {
      toast.failure(error, PURCHASE_FAILED_TEXT);
      // A refusal of the request (the code used up or switched off since it was applied): the
      // price shown is no longer the one the checkout would charge.
      if (couponCode && error instanceof ApiError && error.status >= 400 && error.status < 500)
        onCouponRefused?.(errorText(error, PURCHASE_FAILED_TEXT));
    },
  });

  useEffect(() => {
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') return;
      const { status: current, user } = sessionStore.getState();
      if (current !== 'signed-in' || user?.enrolledCourses?.includes(courseId)) return;
      void invalidateAfterPurchase(courseId, client).catch(() => {});
    };
    // Coming back from the payment page with the browser's Back button restores this page as it was.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [courseId, client]);

  const busy = checkout.isPending || leaving || settling;
  const ready = status === 'signed-in' && !settling;

  const openPlayer = () => {
    toast.info(ALREADY_ENROLLED_TEXT);
    navigate(playerPath(courseId));
  };

  // A purchase asked for while signed out carries on once signed in (and the profile is known).
  const { mutate } = checkout;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the session becomes ready, taking the intent once.
  useEffect(() => {
    if (!ready || !takeEnrollIntent(courseId)) return;
    if (enrolled) openPlayer();
    else mutate();
  }, [ready, courseId]);

  const enroll = () => {
    if (busy) return;
    if (status !== 'signed-in') {
      toast.warning(LOGIN_TO_CONTINUE_TEXT);
      rememberEnrollIntent(courseId);
      openSignIn();
      return;
    }
    if (enrolled) {
      openPlayer();
      return;
    }
    checkout.mutate();
  };

  return { enrolled, busy, enroll };
}
