import {
  ApiError,
  type EducatorReviewsPage,
  keepPreviousData,
  queryKeys,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { postReply, reviewsQuery } from '../api/reviews';

export const REVIEWS_FAILED = 'Failed to fetch your reviews';
export const REPLY_POSTED = 'Reply posted';
export const REPLY_FAILED = 'Failed to post your reply';

/** One page of the reviews of the educator's courses; the page shown stays while the next loads. */
export const useReviews = (page: number, enabled = true) =>
  useQueryState(useQuery({ ...reviewsQuery(page), placeholderData: keepPreviousData, enabled }), {
    fallback: REVIEWS_FAILED,
    network: 'fallback',
    toast: 'background',
  });

/**
 * Posts a reply. The answered review replaces the cached one in place (its Reply button goes); no
 * page is loaded again. A 409 (already replied, elsewhere) reloads the list, which then shows it.
 */
export function usePostReply() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: postReply,
    onSuccess: (res, { reviewId }) => {
      const review = res.review;
      if (review) {
        queryClient.setQueriesData<EducatorReviewsPage>({ queryKey: queryKeys.educator.reviews() }, (cached) =>
          cached ? { ...cached, reviews: cached.reviews.map((r) => (r._id === reviewId ? review : r)) } : cached,
        );
      }
      toast.success(res.message || REPLY_POSTED);
    },
    onError: (error) => {
      toast.failure(error, REPLY_FAILED, { network: 'fallback' });
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.educator.reviews() });
      }
    },
  });
}
