import { ApiError, Button, useMutation, useQueryClient, useSession, useToast } from '@courseport/shared-ui';
import { Checkbox } from '@courseport/shared-ui/antd/checkbox';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { useState } from 'react';
import {
  createProfile,
  EDUCATOR_REQUEST_SENT,
  educatorRequestKey,
  requestEducator,
  signedUpText,
  type ToggleRole,
} from '../../../api/roles';

const OPTIONS: Array<{ role: ToggleRole; label: string; description: string }> = [
  { role: 'student', label: 'Student', description: 'Learn from courses and track your progress' },
  { role: 'educator', label: 'Educator', description: 'Create courses and teach students' },
];

/** Said when the dialog was closed without choosing: the profile was made, as a student's. */
export const SIGNED_UP_BY_DEFAULT_TEXT =
  'User profile created successfully! Use the Educator button to request educator access at any time.';
export const DISMISS_NOTE_TEXT =
  'Closing this dialog signs you up as a student; you can request educator access later.';

/**
 * 'Choose Your Roles': shown when a signed-in user has no profile yet (the API answered 'User not
 * found'). The profile is created as a student ('Successfully signed up with roles: student!', the
 * roles it was created with); choosing Educator then sends an educator request for admin review
 * ('Educator request submitted! Admin will review your request.'): it is not listed as a role. Closing the dialog (Esc, ×, Cancel) does not leave the account without a
 * profile: it signs up as a student, as a marketplace's default buyer. Should that fail, the
 * profile is still missing and the next profile poll asks again.
 */
export function RoleDialog() {
  const open = useSession((s) => s.roleDialogOpen);
  const identity = useSession((s) => s.identity);
  const setOpen = useSession((s) => s.setRoleDialogOpen);
  const refreshUser = useSession((s) => s.refreshUser);
  const toast = useToast();
  const client = useQueryClient();
  const [selected, setSelected] = useState<ToggleRole[]>(['student']);

  const signUp = useMutation({
    mutationFn: async ({ educator, chosen }: { educator: boolean; chosen: boolean }) => {
      if (!identity) return false;
      const roles = await createProfile(identity);
      // The profile exists: whatever happens to the educator request, the account is usable.
      setOpen(false);
      toast.success(chosen ? signedUpText(roles) : SIGNED_UP_BY_DEFAULT_TEXT);
      if (!educator) return true;
      try {
        await requestEducator();
        toast.success(EDUCATOR_REQUEST_SENT);
        void client.invalidateQueries({ queryKey: educatorRequestKey() });
      } catch (error) {
        toast.failure(error, 'Failed to submit educator request', { network: 'fallback' });
      }
      return true;
    },
    onSuccess: async (created) => {
      if (created) await refreshUser();
    },
    // The server's refusal without a message, or anything else that went wrong (the spec's two texts).
    onError: (error) =>
      toast.failure(
        error,
        error instanceof ApiError && error.status > 0 ? 'Failed to create user' : 'Failed to create user profile',
        {
          network: 'fallback',
        },
      ),
  });
  const busy = signUp.isPending;

  function toggle(role: ToggleRole) {
    setSelected((current) => {
      if (!current.includes(role)) return [...current, role];
      return current.length > 1 ? current.filter((r) => r !== role) : current;
    });
  }

  function submit() {
    if (!identity || busy) return;
    signUp.mutate({ educator: selected.includes('educator'), chosen: true });
  }

  /** Esc, × or Cancel: the account still needs a profile, so it becomes a student's. */
  function dismiss() {
    if (busy) return;
    setOpen(false);
    if (identity) signUp.mutate({ educator: false, chosen: false });
  }

  return (
    <Themed>
      <Modal
        open={open}
        title="Choose Your Roles"
        onCancel={dismiss}
        maskClosable={!busy}
        closable={!busy}
        footer={[
          <Button key="cancel" onClick={dismiss} disabled={busy}>
            Cancel
          </Button>,
          <Button key="continue" type="primary" onClick={submit} loading={busy}>
            {busy ? 'Creating...' : 'Continue'}
          </Button>,
        ]}
      >
        <div style={{ display: 'grid', gap: 12, margin: '16px 0' }}>
          {OPTIONS.map(({ role, label, description }) => {
            const checked = selected.includes(role);
            return (
              <div
                key={role}
                style={{
                  padding: 12,
                  borderRadius: 8,
                  border: `1px solid ${checked ? 'var(--cp-color-primary)' : 'var(--cp-color-border)'}`,
                  background: checked ? 'var(--cp-color-primary-bg)' : 'var(--cp-color-surface)',
                }}
              >
                <Checkbox checked={checked} onChange={() => toggle(role)} disabled={busy} style={{ width: '100%' }}>
                  <strong style={{ display: 'block' }}>{label}</strong>
                  <span style={{ color: 'var(--cp-color-text-body)' }}>{description}</span>
                </Checkbox>
              </div>
            );
          })}
        </div>
        <p style={{ margin: '0 0 8px', color: 'var(--cp-color-text-body)' }}>
          Selected roles: <strong>{selected.map((r) => (r === 'student' ? 'Student' : 'Educator')).join(', ')}</strong>
        </p>
        <p style={{ margin: 0, color: 'var(--cp-color-text-body)', fontSize: 13 }}>{DISMISS_NOTE_TEXT}</p>
      </Modal>
    </Themed>
  );
}
