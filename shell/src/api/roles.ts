import {
  api,
  type Identity,
  type MyEducatorRequest,
  queryKeys,
  queryOptions,
  type UserProfile,
} from '@courseport/shared-ui';

export type ToggleRole = 'student' | 'educator';

/** The spec's success text for an educator request (the navigation bar's toggle, the role dialog). */
export const EDUCATOR_REQUEST_SENT = 'Educator request submitted! Admin will review your request.';

/** The spec's sign-up text, listing the roles the profile was created with. */
export const signedUpText = (roles: readonly string[]) => `Successfully signed up with roles: ${roles.join(', ')}!`;

/**
 * `POST /api/user/create`: the signed-in user's profile, always as a student (the API decides);
 * the roles it was created with.
 */
export async function createProfile(identity: Identity): Promise<string[]> {
  const res = await api.post<{ user?: Pick<UserProfile, 'roles'> }>('/api/user/create', {
    _id: identity.id,
    email: identity.email,
    name: identity.fullName,
    imageUrl: identity.imageUrl,
    roles: ['student'],
  });
  const roles = res?.user?.roles;
  return Array.isArray(roles) && roles.length > 0 ? roles : ['student'];
}

/** `POST /api/user/request-educator`: asks an admin for the educator role. */
export async function requestEducator(): Promise<void> {
  await api.post('/api/user/request-educator');
}

/** `POST /api/user/update-roles`: adds or removes a role the user may change alone; the new profile. */
export async function updateRoles(action: 'add' | 'remove', role: ToggleRole): Promise<UserProfile> {
  const { user } = await api.post<{ user: UserProfile }>('/api/user/update-roles', { action, role });
  return user;
}

/** The caller's latest educator request (under `queryKeys.user.all`: cleared when the user changes). */
export const educatorRequestKey = queryKeys.user.educatorRequest;

/** `GET /api/user/educator-request`: the caller's latest request (a rejection's reason too), or null. */
export async function fetchMyEducatorRequest(): Promise<MyEducatorRequest | null> {
  const { request } = await api.get<{ request: MyEducatorRequest | null }>('/api/user/educator-request');
  return request ?? null;
}

/** Polled only while a request waits for review, so a decision shows up without a reload. */
export const myEducatorRequestQuery = (pollMs: number) =>
  queryOptions({
    queryKey: educatorRequestKey(),
    queryFn: fetchMyEducatorRequest,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? pollMs : false),
    refetchIntervalInBackground: false,
  });
