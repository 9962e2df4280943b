import {
  queryKeys,
  sessionStore,
  type Toast,
  type UserProfile,
  useQuery,
  useQueryClient,
  useSession,
  useToast,
} from '@courseport/shared-ui';
import { useEffect } from 'react';
import { applyProfile, isNoProfile, profileQuery } from '../../../api/profile';

export { ROLE_POLL_MS } from '../../../api/profile';
export const EDUCATOR_APPROVED_TEXT = 'Congratulations! Your educator request has been approved! 🎉';

/** Puts a fetched profile in the session store (if it changed), congratulating a newly approved educator. */
function syncProfile(user: UserProfile, toast: Toast): void {
  const { user: before, userLoaded } = sessionStore.getState();
  if (userLoaded && before && JSON.stringify(before) === JSON.stringify(user)) return;
  if (before && !before.roles.includes('educator') && user.roles.includes('educator')) {
    toast.success(EDUCATOR_APPROVED_TEXT);
  }
  applyProfile(user);
}

/** The signed-in user's profile query (`queryKeys.user.profile()`); idle while signed out. */
export function useProfileQuery() {
  const signedIn = useSession((s) => s.status === 'signed-in' && Boolean(s.identity?.id));
  return useQuery({ ...profileQuery(), enabled: signedIn });
}

/**
 * The first load of the profile failed for another reason than 'no profile yet' (the API is down,
 * a 5xx after the retries): nothing is known about the account, so the shell says so and offers
 * a retry; it never takes an existing user for a new one.
 */
export function useProfileLoadFailure() {
  const { data, error, isError, refetch, isFetching } = useProfileQuery();
  const failed = isError && data === undefined && !isNoProfile(error);
  return { failed, error, retry: () => void refetch(), retrying: isFetching };
}

/**
 * Keeps the signed-in user's profile in the session store, from the profile query: loaded on
 * sign-in, then polled every 10 s (so an approved educator request shows up without a reload).
 * The API's 404 'User not found' (no profile yet) opens the role dialog; any other failure does
 * not (see `useProfileLoadFailure`), and a failed poll keeps the profile already loaded. The
 * session store's `refreshUser` is an invalidation of the query: it resolves when the fresh
 * profile is in the store.
 */
export function useProfileSync(): void {
  const client = useQueryClient();
  const toast = useToast();
  const status = useSession((s) => s.status);
  const userId = useSession((s) => s.identity?.id);
  const signedIn = status === 'signed-in' && Boolean(userId);
  const { data, error } = useProfileQuery();

  useEffect(() => {
    if (signedIn && data) syncProfile(data, toast);
  }, [signedIn, data, toast]);

  useEffect(() => {
    if (signedIn && error && isNoProfile(error)) {
      sessionStore.setState({ user: null, roles: [], userLoaded: true, roleDialogOpen: true });
    }
  }, [signedIn, error]);

  useEffect(() => {
    if (!signedIn) return;
    const { refreshUser: previous } = sessionStore.getState();
    sessionStore.setState({
      refreshUser: async () => {
        await client.invalidateQueries({ queryKey: queryKeys.user.profile() });
        const user = client.getQueryData<UserProfile>(queryKeys.user.profile());
        if (user) syncProfile(user, toast);
      },
    });
    return () => sessionStore.setState({ refreshUser: previous });
  }, [client, signedIn, toast]);
}
