import {
  ApiError,
  Button,
  errorText,
  pageTitle,
  StatusMessage,
  useNavigate,
  usePageTitle,
  useSearchParams,
  useToast,
} from '@courseport/shared-ui';
import { Alert } from '@courseport/shared-ui/antd/alert';
import { Card } from '@courseport/shared-ui/antd/card';
import { Form } from '@courseport/shared-ui/antd/form';
import { Input } from '@courseport/shared-ui/antd/input';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { useState } from 'react';
import { confirmPasswordRules, NEW_PASSWORD_RULES } from '../features/auth/components/password-rules';
import { useLocalAccount } from '../features/auth/hooks/useLocalAccount';
import { NotFound } from './NotFoundPage';

export const RESET_PASSWORD_TITLE = pageTitle('Reset password');
export const INVALID_RESET_LINK_TEXT = 'This reset link is invalid or has expired.';

interface Fields {
  password: string;
  confirm: string;
}

const heading = { margin: 0, font: 'inherit' } as const;

/**
 * `/reset-password?token=…`, the link in the password-reset e-mail: choose a new password, which
 * signs in (every other session of the account is signed out). A shell page, not a portal's:
 * it belongs to local accounts. Loaded on demand.
 */
export default function ResetPasswordPage() {
  const account = useLocalAccount();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const toast = useToast();
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The link cannot work: no token in it, or the API refused it.
  const [invalid, setInvalid] = useState<string | null>(token ? null : INVALID_RESET_LINK_TEXT);

  usePageTitle('Reset password');

  // Clerk mode has its own password recovery.
  if (!account) return <NotFound />;

  async function submit({ password }: Fields) {
    if (!account) return;
    setBusy(true);
    setError(null);
    try {
      const message = await account.resetPassword(token, password);
      toast.success(message);
      navigate('/', { replace: true });
    } catch (e) {
      // The API refuses a used, expired or mangled token with a 400 naming the link.
      if (e instanceof ApiError && e.status === 400 && /link/i.test(e.message)) setInvalid(INVALID_RESET_LINK_TEXT);
      else setError(errorText(e));
      setBusy(false);
    }
  }

  if (invalid) {
    return (
      <div role="alert">
        <StatusMessage
          tone="error"
          title={<h1 style={heading}>{invalid}</h1>}
          subTitle={
            // Darker than the shared subtitle grey, for contrast on the page background.
            <span style={{ color: 'var(--cp-color-text-body)' }}>
              A reset link works once, and only for a limited time. Ask for a new one and open the link in the newest
              email.
            </span>
          }
          extra={
            <Button type="primary" onClick={() => account.openDialog('forgot-password')}>
              Request a new link
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
            Choose a new password
          </h1>
          <p style={{ marginTop: 0, color: 'var(--cp-color-text-body)' }}>
            Setting a new password signs you in here and signs your account out on every other device.
          </p>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Form<Fields> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
            <Form.Item label="New password" name="password" rules={NEW_PASSWORD_RULES}>
              <Input.Password autoComplete="new-password" maxLength={128} autoFocus />
            </Form.Item>
            <Form.Item
              label="Confirm new password"
              name="confirm"
              dependencies={['password']}
              rules={confirmPasswordRules('password')}
            >
              <Input.Password autoComplete="new-password" maxLength={128} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              Set new password
            </Button>
          </Form>
        </Card>
      </div>
    </Themed>
  );
}
