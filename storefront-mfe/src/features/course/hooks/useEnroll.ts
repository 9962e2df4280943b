import { api, errorText, sessionStore, useSession, useToast } from '@courseport/shared-ui';
import { useEffect, useRef, useState } from 'react';

export const LOGIN_TEXT = 'Please login to continue';
export const ALREADY_ENROLLED_TEXT = 'You are already enrolled in this course';
const PURCHASE_FAILED_TEXT = 'Could not start the checkout. Please try again.';

/**
 * Whether the signed-in user owns the course, and `enroll`: starts the checkout and sends the
 * browser to the payment page. The profile (and with it the enrollment) is refreshed whenever
 * the tab becomes visible again, e.g. after paying in another tab.
 */
export function useEnroll(courseId: string) {
  const toast = useToast();
  const status = useSession((s) => s.status);
  const enrolled = useSession((s) => s.user?.enrolledCourses?.includes(courseId) ?? false);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible') return;
      const { status: current, refreshUser } = sessionStore.getState();
      if (current === 'signed-in') void Promise.resolve(refreshUser()).catch(() => {});
    };
    // Coming back from the payment page with the browser's Back button restores this page as it was.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      mounted.current = false;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  const enroll = async () => {
    if (busy) return;
    if (status !== 'signed-in') {
      toast.warning(LOGIN_TEXT);
      return;
    }
    if (enrolled) {
      toast.info(ALREADY_ENROLLED_TEXT);
      return;
    }
    setBusy(true);
    try {
      const res = await api.post<{ session_url: string }>('/api/user/purchase', { courseId });
      if (!res.session_url) throw new Error(PURCHASE_FAILED_TEXT);
      // Stay busy: the browser is leaving for the payment page.
      window.location.assign(res.session_url);
    } catch (error) {
      toast.error(errorText(error, PURCHASE_FAILED_TEXT));
      if (mounted.current) setBusy(false);
    }
  };

  return { enrolled, busy, enroll };
}
