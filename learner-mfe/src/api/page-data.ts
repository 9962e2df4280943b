import { type QueryClient, queryKeys, rolesOf, type UserProfile } from '@courseport/shared-ui';

/**
 * Whether the signed-in user a page's data is loaded for is a student (their profile is in the
 * cache first: the shell's server render and its start-up load it before the page's data).
 */
export function isStudentIn(client: QueryClient): boolean {
  const user = client.getQueryData<UserProfile>(queryKeys.user.profile());
  return !!user && rolesOf(user).includes('student');
}

/** Whether a signed-in user's profile is in the cache: the page's data is loaded for them. */
export function isSignedInIn(client: QueryClient): boolean {
  return !!client.getQueryData<UserProfile>(queryKeys.user.profile());
}
