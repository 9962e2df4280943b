import { api, type Identity, type UserProfile } from '@courseport/shared-ui';

export type ToggleRole = 'student' | 'educator';

/** `POST /api/user/create`: the signed-in user's profile, always as a student (the API decides). */
export async function createProfile(identity: Identity): Promise<void> {
  await api.post('/api/user/create', {
    _id: identity.id,
    email: identity.email,
    name: identity.fullName,
    imageUrl: identity.imageUrl,
    roles: ['student'],
  });
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
