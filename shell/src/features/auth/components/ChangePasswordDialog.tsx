import { Button, errorText, useToast } from '@courseport/shared-ui';
import { Alert } from '@courseport/shared-ui/antd/alert';
import { Form } from '@courseport/shared-ui/antd/form';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { useState } from 'react';
import { confirmPasswordRules, NEW_PASSWORD_RULES } from './password-rules';

interface Fields {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}

interface Props {
  open: boolean;
  /** The account's address, for password managers. */
  email: string;
  onClose: () => void;
  /** Resolves with the API's message; this session stays signed in. */
  changePassword: (currentPassword: string, newPassword: string) => Promise<string>;
}

/** The account menu's 'Change password': current, new and confirmed password. Rendered inside <Themed>. */
export function ChangePasswordDialog({ open, email, onClose, changePassword }: Props) {
  const [form] = Form.useForm<Fields>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toast = useToast();

  async function submit({ currentPassword, newPassword }: Fields) {
    setBusy(true);
    setError(null);
    try {
      toast.success(await changePassword(currentPassword, newPassword));
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={open}
      onCancel={onClose}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      footer={null}
      title="Change password"
      width={420}
    >
      <p style={{ marginTop: 0, color: 'var(--cp-color-text-body)' }}>
        You stay signed in here; every other device and browser is signed out.
      </p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<Fields> form={form} layout="vertical" onFinish={submit} requiredMark={false} disabled={busy}>
        {/* Tells password managers which account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Form.Item
          label="Current password"
          name="currentPassword"
          rules={[{ required: true, message: 'Please enter your current password' }]}
        >
          <Input.Password autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <Form.Item label="New password" name="newPassword" rules={NEW_PASSWORD_RULES}>
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={['newPassword']}
          rules={confirmPasswordRules('newPassword')}
        >
          <Input.Password autoComplete="new-password" maxLength={128} />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={busy}>
            Change password
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
