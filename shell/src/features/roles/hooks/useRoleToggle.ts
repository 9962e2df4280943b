import { api, errorText, type UserProfile, useNavigate, useSession, useToast } from '@courseport/shared-ui';
import { useState } from 'react';
import { applyProfile } from '../session/useProfileSync';

export type ToggleRole = 'student' | 'educator';
export const EDUCATOR_REQUEST_SENT = 'Educator request submitted! Admin will review your request.';

/**
 * The navigation bar's Student / Educator toggles. Becoming an educator sends a request for admin
 * review; otherwise the role is added or removed. One toggle at a time.
 */
export function useRoleToggle() {
  const user = useSession((s) => s.user);
  const toast = useToast();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<ToggleRole | null>(null);

  async function toggle(role: ToggleRole) {
    if (busy || !user) return;
    setBusy(role);
    try {
      if (role === 'educator' && !user.roles.includes('educator')) {
        try {
          await api.post('/api/user/request-educator');
          toast.success(EDUCATOR_REQUEST_SENT);
        } catch (error) {
          toast.error(errorText(error, 'Failed to submit educator request', { network: 'fallback' }));
        }
        return;
      }
      const action = user.roles.includes(role) ? 'remove' : 'add';
      const { user: updated } = await api.post<{ user: UserProfile }>('/api/user/update-roles', { action, role });
      toast.success(action === 'add' ? 'Role added successfully!' : 'Role removed successfully!');
      applyProfile(updated);
      const learningRoles = updated.roles.filter((r) => r !== 'admin');
      if (learningRoles.length === 0) navigate('/');
      else if (action === 'add' && role === 'educator' && !updated.roles.includes('student')) navigate('/educator');
    } catch (error) {
      console.error('Error toggling role:', error);
    } finally {
      setBusy(null);
    }
  }

  return { toggle, busy, holds: (role: ToggleRole) => Boolean(user?.roles.includes(role)) };
}
