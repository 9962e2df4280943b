import {
  ApiError,
  errorText,
  queryKeys,
  useMutation,
  useNavigate,
  useQuery,
  useQueryClient,
  useSession,
  useToast,
} from '@courseport/shared-ui';
import { applyProfile, ROLE_POLL_MS } from '../../../api/profile';
import {
  EDUCATOR_REQUEST_SENT,
  educatorRequestKey,
  myEducatorRequestQuery,
  requestEducator,
  type ToggleRole,
  updateRoles,
} from '../../../api/roles';

export type { ToggleRole } from '../../../api/roles';
export { EDUCATOR_REQUEST_SENT } from '../../../api/roles';
/** Said (as information) when the Educator toggle is pressed while a request waits for review. */
export const EDUCATOR_PENDING_TEXT = 'Your educator request is pending: an admin will review it soon.';

/**
 * The navigation bar's Student / Educator toggles. Becoming an educator sends a request for admin
 * review; while one waits (`educatorPending`, the same query as the rejection notice) the toggle
 * only says so, as information; otherwise the role is added or removed (the new profile goes into
 * the profile query and the session store). One toggle at a time.
 */
export function useRoleToggle() {
  const user = useSession((s) => s.user);
  const toast = useToast();
  const navigate = useNavigate();
  const client = useQueryClient();
  const educator = Boolean(user?.roles.includes('educator'));
  const { data: request } = useQuery({ ...myEducatorRequestQuery(ROLE_POLL_MS), enabled: Boolean(user) && !educator });
  const educatorPending = !educator && request?.status === 'pending';

  const mutation = useMutation({
    mutationFn: async (role: ToggleRole) => {
      if (!user) return;
      if (role === 'educator' && !user.roles.includes('educator')) {
        try {
          await requestEducator();
          toast.success(EDUCATOR_REQUEST_SENT);
          void client.invalidateQueries({ queryKey: educatorRequestKey() });
        } catch (error) {
          // 409: a request already waits ('You already have a pending educator request'): not a failure.
          if (error instanceof ApiError && error.status === 409) {
            toast.info(errorText(error, EDUCATOR_PENDING_TEXT));
            void client.invalidateQueries({ queryKey: educatorRequestKey() });
          } else toast.failure(error, 'Failed to submit educator request', { network: 'fallback' });
        }
        return;
      }
      const action = user.roles.includes(role) ? 'remove' : 'add';
      const updated = await updateRoles(action, role);
      toast.success(action === 'add' ? 'Role added successfully!' : 'Role removed successfully!');
      client.setQueryData(queryKeys.user.profile(), updated);
      applyProfile(updated);
      const learningRoles = updated.roles.filter((r) => r !== 'admin');
      if (learningRoles.length === 0) navigate('/');
      else if (action === 'add' && role === 'educator' && !updated.roles.includes('student')) navigate('/educator');
    },
    // The spec's texts: the failure is logged, and the user is told (the server's message, or this).
    onError: (error) => {
      console.error('Error toggling role:', error);
      toast.failure(error, 'Failed to update roles', { network: 'fallback' });
    },
  });

  const busy: ToggleRole | null = mutation.isPending ? (mutation.variables ?? null) : null;

  function toggle(role: ToggleRole) {
    if (busy || !user) return;
    if (role === 'educator' && educatorPending) {
      toast.info(EDUCATOR_PENDING_TEXT);
      return;
    }
    mutation.mutate(role);
  }

  return { toggle, busy, educatorPending, holds: (role: ToggleRole) => Boolean(user?.roles.includes(role)) };
}
