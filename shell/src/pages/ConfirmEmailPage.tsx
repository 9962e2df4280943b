import {
  ApiError,
  Button,
  errorText,
  pageTitle,
  pendingEnrollCourse,
  StatusMessage,
  useNavigate,
  usePageTitle,
  useSearchParams,
  useToast,
} from '@courseport/shared-ui';
import { Alert } from '@courseport/shared-ui/antd/alert';
import { Card } from '@courseport/shared-ui/antd/card';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { useState } from 'react';
import { useLocalAccount } from '../features/auth/hooks/useLocalAccount';
import { NotFound } from './NotFoundPage';

export const CONFIRM_EMAIL_TITLE = pageTitle('Confirm your email');
export const INVALID_CONFIRMATION_TEXT = 'This confirmation link is invalid or has expired.';
export const CONFIRM_BUTTON_TEXT = 'Confirm my email address';

const heading = { margin: 0, font: 'inherit' } as const;

/**
 * `/confirm-email?token=…`, the link in the confirmation e-mail. Opening it confirms nothing (mail
 * scanners open links too): the button does, and signs the new user in, then goes home, or back to
 * the course whose 'Enroll Now' led to the sign-up (its purchase carries on there). A shell page, not a
 * portal's: it belongs to local accounts. Loaded on demand.
 */
export default function ConfirmEmailPage() {
  const account = useLocalAccount();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The link cannot work: no token in it, or the API refused it.
  const [invalid, setInvalid] = useState(!token);

  usePageTitle('Confirm your email');

  // Clerk mode confirms addresses itself.
  if (!account) return <NotFound />;

  async function confirm() {
    if (!account) return;
    setBusy(true);
    setError(null);
    try {
      const message = await account.confirmEmail(token);
      toast.success(message);
      // Signed up from a course's 'Enroll Now': back to that course, where the purchase carries on.
      const courseId = pendingEnrollCourse();
      navigate(courseId ? `/course/${encodeURIComponent(courseId)}` : '/', { replace: true });
    } catch (e) {
      // The API refuses a used, expired or mangled token with a 400.
      if (e instanceof ApiError && e.status === 400) setInvalid(true);
      else setError(errorText(e));
      setBusy(false);
    }
  }

  if (invalid) {
    return (
      <div role="alert">
        <StatusMessage
          tone="error"
          title={<h1 style={heading}>{INVALID_CONFIRMATION_TEXT}</h1>}
          subTitle={
            // Darker than the shared subtitle grey, for contrast on the page background.
            <span style={{ color: 'var(--cp-color-text-body)' }}>
              A confirmation link works once, and only for a few days. If your address is already confirmed, just sign
              in.
            </span>
          }
          extra={
            <Button type="primary" onClick={() => account.openDialog('sign-in')}>
              Sign in
            </Button>
          }
        />
      </div>
    );
  }

  return (
    <Themed>
      <div style={{ maxWidth: 440, margin: '0 auto', padding: 'clamp(24px, 6vw, 64px) 16px' }}>
        <Card>
          <h1 style={{ margin: '0 0 8px', fontSize: 22, lineHeight: 1.35, color: 'var(--cp-color-heading)' }}>
            Confirm your email address
          </h1>
          <p style={{ marginTop: 0, color: 'var(--cp-color-text-body)' }}>
            One click and your account is ready: confirming signs you in on this device.
          </p>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Button type="primary" block loading={busy} onClick={confirm}>
            {CONFIRM_BUTTON_TEXT}
          </Button>
        </Card>
      </div>
    </Themed>
  );
}
