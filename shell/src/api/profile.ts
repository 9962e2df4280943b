import { api, queryKeys, queryOptions, rolesOf, sessionStore, type UserProfile } from '@courseport/shared-ui';

/** How often the signed-in user's profile is read again (an approved educator request shows up). */
export const ROLE_POLL_MS = 10_000;

/** `GET /api/user/data`: the signed-in user's profile (roles, enrolled course ids). */
export async function fetchProfile(): Promise<UserProfile> {
  const { user } = await api.get<{ user: UserProfile }>('/api/user/data');
  return user;
}

/** The API's 404 'User not found': signed in, but no profile yet (a new account chooses its roles). */
export const isNoProfile = (error: unknown): boolean => (error as { status?: unknown } | null)?.status === 404;

/**
 * The profile as a query on `queryKeys.user.profile()`, polled every 10 s while the tab is
 * visible. The client's retries apply: a network failure or a 5xx is asked again, a 404 (no
 * profile yet) is not.
 */
export const profileQuery = () =>
  queryOptions({
    queryKey: queryKeys.user.profile(),
    queryFn: fetchProfile,
    refetchInterval: ROLE_POLL_MS,
    refetchIntervalInBackground: false,
  });

/** A loaded profile in the store; a user with a profile never needs the sign-up role dialog. */
export function applyProfile(user: UserProfile): void {
  sessionStore.setState({ user, roles: rolesOf(user), userLoaded: true, roleDialogOpen: false });
}
