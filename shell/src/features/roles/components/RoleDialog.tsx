import { api, Button, errorText, useSession, useToast } from '@courseport/shared-ui';
import { Checkbox, Modal, Themed } from '@courseport/shared-ui/heavy';
import { useState } from 'react';
import { EDUCATOR_REQUEST_SENT, type ToggleRole } from './useRoleToggle';

const OPTIONS: Array<{ role: ToggleRole; label: string; description: string }> = [
  { role: 'student', label: 'Student', description: 'Learn from courses and track your progress' },
  { role: 'educator', label: 'Educator', description: 'Create courses and teach students' },
];

/**
 * 'Choose Your Roles': shown when a signed-in user has no profile yet. The profile is created as a
 * student; choosing Educator also sends an educator request for admin review.
 */
export function RoleDialog() {
  const open = useSession((s) => s.roleDialogOpen);
  const identity = useSession((s) => s.identity);
  const setOpen = useSession((s) => s.setRoleDialogOpen);
  const refreshUser = useSession((s) => s.refreshUser);
  const toast = useToast();
  const [selected, setSelected] = useState<ToggleRole[]>(['student']);
  const [busy, setBusy] = useState(false);

  function toggle(role: ToggleRole) {
    setSelected((current) => {
      if (!current.includes(role)) return [...current, role];
      return current.length > 1 ? current.filter((r) => r !== role) : current;
    });
  }

  async function submit() {
    if (!identity || busy) return;
    setBusy(true);
    try {
      const roles = selected.filter((r) => r !== 'educator');
      await api.post('/api/user/create', {
        _id: identity.id,
        email: identity.email,
        name: identity.fullName,
        imageUrl: identity.imageUrl,
        roles: roles.length > 0 ? roles : ['student'],
      });
      toast.success(`Successfully signed up with roles: ${selected.join(', ')}!`);
      if (selected.includes('educator')) {
        try {
          await api.post('/api/user/request-educator');
          toast.success(EDUCATOR_REQUEST_SENT);
        } catch (error) {
          toast.error(errorText(error, 'Failed to submit educator request', { network: 'fallback' }));
        }
      }
      setOpen(false);
      await refreshUser();
    } catch (error) {
      toast.error(errorText(error, 'Failed to create user profile', { network: 'fallback' }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Themed>
      <Modal
        open={open}
        title="Choose Your Roles"
        onCancel={() => setOpen(false)}
        maskClosable={!busy}
        closable={!busy}
        footer={[
          <Button key="cancel" onClick={() => setOpen(false)} disabled={busy}>
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
                  <span style={{ color: '#475569' }}>{description}</span>
                </Checkbox>
              </div>
            );
          })}
        </div>
        <p style={{ margin: 0, color: '#475569' }}>
          Selected roles: <strong>{selected.map((r) => (r === 'student' ? 'Student' : 'Educator')).join(', ')}</strong>
        </p>
      </Modal>
    </Themed>
  );
}
