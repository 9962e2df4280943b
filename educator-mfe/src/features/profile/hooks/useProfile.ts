import {
  type EducatorProfile,
  queryKeys,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { profileQuery, saveBio } from '../api/profile';

export const PROFILE_FAILED = 'Failed to fetch your profile';
export const PROFILE_SAVED = 'Profile saved';
export const PROFILE_SAVE_FAILED = 'Failed to save your profile';

/** The educator's profile: the page's state (loading, error, data) and a retry. */
export const useProfile = (enabled = true) =>
  useQueryState(useQuery({ ...profileQuery(), enabled }), {
    fallback: PROFILE_FAILED,
    network: 'fallback',
    toast: 'background',
  });

/** Saves the bio; the saved profile replaces the cached one, and the public page shows it. */
export function useSaveBio() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: saveBio,
    onSuccess: (profile: EducatorProfile) => {
      queryClient.setQueryData(queryKeys.educator.profile(), profile);
      void queryClient.invalidateQueries({ queryKey: queryKeys.instructor.profile(profile._id) });
      toast.success(PROFILE_SAVED);
    },
    onError: (error) => toast.failure(error, PROFILE_SAVE_FAILED),
  });
}
