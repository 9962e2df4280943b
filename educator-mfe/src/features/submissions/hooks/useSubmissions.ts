import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { type SubmissionFilter, submissionKeys, submissionsQuery } from '../../../api/submissions';
import { reviewSubmission } from '../api/review';

export const SUBMISSIONS_FAILED = 'Failed to fetch the project submissions';
export const REVIEW_FAILED = 'Failed to send the review';

/** One page of submissions with a status; the page shown stays while the next loads. */
export const useSubmissions = (status: SubmissionFilter, page: number, enabled = true) =>
  useQueryState(useQuery({ ...submissionsQuery(status, page), placeholderData: keepPreviousData, enabled }), {
    fallback: SUBMISSIONS_FAILED,
    network: 'fallback',
    toast: 'background',
  });

/** Accepts or asks for changes; afterwards every list of submissions (and the dashboard's count) refetches. */
export function useReview() {
  const client = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: reviewSubmission,
    onSuccess: (res, { decision }) => {
      toast.success(res.message || (decision === 'accept' ? 'Project accepted' : 'Changes requested'));
      // Every list and the dashboard's waiting count (`submissionKeys.waiting`) are under this key.
      void client.invalidateQueries({ queryKey: submissionKeys.all });
    },
    onError: (error) => {
      toast.failure(error, REVIEW_FAILED, { network: 'fallback' });
      void client.invalidateQueries({ queryKey: submissionKeys.all });
    },
  });
}
