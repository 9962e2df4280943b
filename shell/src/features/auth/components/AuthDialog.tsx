import { Button, errorText, forgetEnrollIntent, requiredText, sessionStore } from '@courseport/shared-ui';
import { Alert } from '@courseport/shared-ui/antd/alert';
import { Form } from '@courseport/shared-ui/antd/form';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Tabs } from '@courseport/shared-ui/antd/tabs';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { useState } from 'react';
import type { AuthMode } from '../hooks/useLocalAccount';
import { CheckInbox } from './CheckInbox';

export type { AuthMode } from '../hooks/useLocalAccount';

interface Props {
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  signIn: (email: string, password: string) => Promise<void>;
  /** Resolves with the API's message: the account starts when the mailed link is opened. */
  signUp: (name: string, email: string, password: string) => Promise<string>;
  /** Resolves with the API's message: a reset link was mailed if the account exists. */
  forgotPassword: (email: string) => Promise<string>;
}

interface Fields {
  name?: string;
  email: string;
  password?: string;
}

/** A link was mailed: the dialog says so instead of its form. */
interface Sent {
  email: string;
  message: string;
}

const TITLES: Record<AuthMode, string> = {
  'sign-in': 'Sign in to Courseport',
  'sign-up': 'Create your account',
  'forgot-password': 'Reset your password',
};

const SUBMIT_LABELS: Record<AuthMode, string> = {
  'sign-in': 'Sign in',
  'sign-up': 'Create account',
  'forgot-password': 'Send reset link',
};

/** Local accounts' sign-in / create-account / forgot-password dialog (Clerk mode uses Clerk's own). */
export function AuthDialog({ mode, onModeChange, onClose, signIn, signUp, forgotPassword }: Props) {
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const current = mode ?? 'sign-in';
  const creating = current === 'sign-up';
  const forgetting = current === 'forgot-password';

  function switchTo(next: AuthMode) {
    setError(null);
    setSent(null);
    onModeChange(next);
  }

  async function submit(values: Fields) {
    setBusy(true);
    setError(null);
    const email = values.email.trim();
    try {
      if (creating) {
        const message = await signUp(values.name?.trim() ?? '', email, values.password ?? '');
        form.resetFields(['password']);
        setSent({ email, message });
      } else if (forgetting) {
        setSent({ email, message: await forgotPassword(email) });
      } else {
        await signIn(email, values.password ?? '');
        form.resetFields();
        onClose();
      }
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Themed>
      <Modal
        open={mode !== null}
        onCancel={() => {
          // Closed without signing in or being sent a mail: a pending 'Enroll Now' is dropped, so a
          // later sign-in does not start a checkout by surprise. After 'Check your inbox' it stays
          // (the purchase carries on once the address is confirmed).
          if (!sent && sessionStore.getState().status !== 'signed-in') forgetEnrollIntent();
          onClose();
        }}
        afterClose={() => {
          setError(null);
          setSent(null);
        }}
        footer={null}
        title={sent ? 'Check your inbox' : TITLES[current]}
        destroyOnHidden
        width={420}
      >
        {sent ? (
          <CheckInbox
            email={sent.email}
            message={sent.message}
            action={
              <Button type="primary" block onClick={() => switchTo('sign-in')}>
                Back to sign in
              </Button>
            }
          />
        ) : (
          <>
            {forgetting ? (
              <p style={{ marginTop: 0, color: 'var(--cp-color-text-body)' }}>
                Enter the email address of your account and we will send you a link to choose a new password.
              </p>
            ) : (
              <Tabs
                activeKey={current}
                onChange={(key) => switchTo(key as AuthMode)}
                items={[
                  { key: 'sign-in', label: 'Sign in' },
                  { key: 'sign-up', label: 'Create account' },
                ]}
              />
            )}
            {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
            <Form<Fields> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
              {creating && (
                <Form.Item label="Full name" name="name" rules={[requiredText('Please enter your name')]}>
                  <Input autoComplete="name" maxLength={80} />
                </Form.Item>
              )}
              <Form.Item
                label="Email address"
                name="email"
                rules={[
                  { required: true, message: 'Please enter your email address' },
                  { type: 'email', message: 'Please enter a valid email address' },
                ]}
              >
                <Input type="email" autoComplete="email" autoFocus={forgetting} />
              </Form.Item>
              {!forgetting && (
                <Form.Item
                  label="Password"
                  name="password"
                  style={creating ? undefined : { marginBottom: 4 }}
                  rules={[
                    { required: true, message: 'Please enter your password' },
                    ...(creating ? [{ min: 8, message: 'Use at least 8 characters' }] : []),
                  ]}
                >
                  <Input.Password autoComplete={creating ? 'new-password' : 'current-password'} maxLength={128} />
                </Form.Item>
              )}
              {current === 'sign-in' && (
                <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 16 }}>
                  <Button
                    type="link"
                    size="small"
                    style={{ paddingInline: 0 }}
                    onClick={() => switchTo('forgot-password')}
                  >
                    Forgot password?
                  </Button>
                </div>
              )}
              <Button type="primary" htmlType="submit" block loading={busy}>
                {SUBMIT_LABELS[current]}
              </Button>
            </Form>
            {forgetting && (
              <div style={{ display: 'flex', justifyContent: 'center', marginTop: 12 }}>
                <Button type="link" onClick={() => switchTo('sign-in')}>
                  Back to sign in
                </Button>
              </div>
            )}
          </>
        )}
      </Modal>
    </Themed>
  );
}
