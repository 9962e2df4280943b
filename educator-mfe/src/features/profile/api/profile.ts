import { api, apiRequest, type EducatorProfile, queryKeys, queryOptions } from '@courseport/shared-ui';

export const PROFILE_PATH = '/api/educator/profile';

/** The caller's profile as their instructor page shows it (`GET /api/educator/profile`). */
export const profileQuery = () =>
  queryOptions({
    queryKey: queryKeys.educator.profile(),
    queryFn: async () => (await api.get<{ profile: EducatorProfile }>(PROFILE_PATH)).profile,
  });

/** `PATCH /api/educator/profile { bio }`: the profile as it now is. */
export async function saveBio(bio: string): Promise<EducatorProfile> {
  return (await apiRequest<{ profile: EducatorProfile }>(PROFILE_PATH, { method: 'PATCH', body: { bio } })).profile;
}
