import { ApiError, Button } from '@courseport/shared-ui';
import { Alert, Form, Input, Modal, Tabs, Themed } from '@courseport/shared-ui/heavy';
import { useState } from 'react';

export type AuthMode = 'sign-in' | 'sign-up';

interface Props {
  mode: AuthMode | null;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  signIn: (email: string, password: string) => Promise<void>;
  signUp: (name: string, email: string, password: string) => Promise<void>;
}

interface Fields {
  name?: string;
  email: string;
  password: string;
}

/** Local accounts' sign-in / create-account dialog (Clerk mode uses Clerk's own). */
export function AuthDialog({ mode, onModeChange, onClose, signIn, signUp }: Props) {
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const creating = mode === 'sign-up';

  async function submit(values: Fields) {
    setBusy(true);
    setError(null);
    try {
      if (creating) await signUp(values.name?.trim() ?? '', values.email.trim(), values.password);
      else await signIn(values.email.trim(), values.password);
      form.resetFields();
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Themed>
      <Modal
        open={mode !== null}
        onCancel={onClose}
        footer={null}
        title={creating ? 'Create your account' : 'Sign in to Courseport'}
        destroyOnHidden
        width={420}
      >
        <Tabs
          activeKey={mode ?? 'sign-in'}
          onChange={(key) => {
            setError(null);
            onModeChange(key as AuthMode);
          }}
          items={[
            { key: 'sign-in', label: 'Sign in' },
            { key: 'sign-up', label: 'Create account' },
          ]}
        />
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form<Fields> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
          {creating && (
            <Form.Item
              label="Full name"
              name="name"
              rules={[{ required: true, whitespace: true, message: 'Please enter your name' }]}
            >
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
            <Input type="email" autoComplete="email" />
          </Form.Item>
          <Form.Item
            label="Password"
            name="password"
            rules={[
              { required: true, message: 'Please enter your password' },
              ...(creating ? [{ min: 8, message: 'Use at least 8 characters' }] : []),
            ]}
          >
            <Input.Password autoComplete={creating ? 'new-password' : 'current-password'} maxLength={128} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {creating ? 'Create account' : 'Sign in'}
          </Button>
        </Form>
      </Modal>
    </Themed>
  );
}
