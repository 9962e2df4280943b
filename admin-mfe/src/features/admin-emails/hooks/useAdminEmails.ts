import {
  queryKeys,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  useQueryState,
  useSession,
  useToast,
} from '@courseport/shared-ui';
import { useCallback, useMemo } from 'react';
import { addAdminEmail, adminEmailsQuery, REMOVE_EMAIL_MUTATION_KEY, removeAdminEmail } from '../api/adminEmails';

export const EMAILS_LOAD_FAILED = 'Failed to fetch admin emails';

/**
 * The admin e-mail allow-list (`queryKeys.admin.emails()`), loaded once `enabled` turns true (the
 * tab was opened); adding and removing invalidate it.
 */
export function useAdminEmails(enabled: boolean) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const query = useQuery({ ...adminEmailsQuery(), enabled });
  // Refresh: with a list on screen a failure is a toast and the list stays.
  const { state, refresh } = useQueryState(query, {
    fallback: EMAILS_LOAD_FAILED,
    network: 'fallback',
    toast: 'refresh',
  });
  // The signed-in admin's own address(es): the one they cannot remove.
  const profileEmail = useSession((s) => s.user?.email ?? null);
  const identityEmail = useSession((s) => s.identity?.email ?? null);

  const reload = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.emails() });

  const adding = useMutation({
    mutationFn: addAdminEmail,
    onSuccess: (res) => {
      toast.success(res.message || 'Admin email added');
      // 'Adding...' until the list shows the new address.
      return reload();
    },
    onError: (error) => toast.failure(error, 'Failed to add email', { network: 'fallback' }),
  });
  const { mutateAsync: addAsync } = adding;

  const removing = useMutation({
    mutationKey: REMOVE_EMAIL_MUTATION_KEY,
    mutationFn: removeAdminEmail,
    onSuccess: (res) => {
      toast.success(res.message || 'Admin email removed');
      return reload();
    },
    onError: (error) => toast.failure(error, 'Failed to remove email', { network: 'fallback' }),
  });
  const { mutateAsync: removeAsync } = removing;

  const removingList = useMutationState({
    filters: { mutationKey: REMOVE_EMAIL_MUTATION_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as string | undefined,
  });
  const removingIds = useMemo(
    () => new Set(removingList.filter((id): id is string => typeof id === 'string')),
    [removingList],
  ) as ReadonlySet<string>;

  /** Resolves true when the e-mail was added (the caller clears its input). */
  const add = useCallback(
    async (input: string) => {
      const email = input.trim();
      if (!email) {
        toast.error('Please enter an email address');
        return false;
      }
      return addAsync(email).then(
        () => true,
        () => false,
      );
    },
    [addAsync, toast],
  );

  /** Never rejects (a failure was toasted), so a confirmation awaiting it always closes. */
  const remove = useCallback(
    (emailId: string) =>
      removeAsync(emailId).then(
        () => undefined,
        () => undefined,
      ),
    [removeAsync],
  );

  return {
    /** Loading, the failure when there is nothing to show (an error state, not 'No admin emails'), or the list. */
    state,
    ownEmails: [profileEmail, identityEmail].filter((e): e is string => !!e),
    adding: adding.isPending,
    removingIds,
    refresh,
    add,
    remove,
  };
}
