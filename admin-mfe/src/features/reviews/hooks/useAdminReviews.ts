import {
  type AdminReview,
  type AdminReviewsPage,
  keepPreviousData,
  queryKeys,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { useCallback, useState } from 'react';
import { adminReviewsQuery, hideReview, type ReviewFilter, restoreReview } from '../api/reviews';

const LOAD_FAILED = 'Failed to fetch reviews';
const HIDE_FAILED = 'Failed to hide the review';
const RESTORE_FAILED = 'Failed to restore the review';

/**
 * The admin's written reviews (`queryKeys.admin.reviews(filter, page)`), loaded once `enabled`
 * turns true (the tab was opened); hiding (with a reason) and restoring. A moderated review is
 * replaced in place (in the Hidden list, a restored one leaves it); the other lists are marked
 * stale and load again when shown.
 */
export function useAdminReviews(enabled: boolean) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [filter, setFilterState] = useState<ReviewFilter>('all');
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...adminReviewsQuery(filter, page),
    enabled,
    // Another page of the same filter: the one shown stays until it arrives. Another filter: loading.
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as { status?: ReviewFilter } | undefined)?.status === filter
        ? keepPreviousData(previous)
        : undefined,
  });
  const { data } = query;
  // Loading until the first page has answered; its failure (retry). Refresh: with a list on screen
  // a failure is a toast and the list stays.
  const { state, refresh } = useQueryState(query, { fallback: LOAD_FAILED, network: 'fallback', toast: 'refresh' });

  const setFilter = useCallback((next: ReviewFilter) => {
    setFilterState(next);
    setPage(1);
  }, []);

  const applyModeration = (review: AdminReview | undefined, reviewId: string) => {
    const key = queryKeys.admin.reviews(filter, page);
    if (review) {
      queryClient.setQueryData<AdminReviewsPage>(key, (cached) => {
        if (!cached) return cached;
        if (filter === 'hidden' && !review.hidden) {
          return {
            ...cached,
            reviews: cached.reviews.filter((r) => r._id !== reviewId),
            total: Math.max(0, cached.total - 1),
          };
        }
        return { ...cached, reviews: cached.reviews.map((r) => (r._id === reviewId ? review : r)) };
      });
    }
    // Every other filter and page is out of date: loaded again when it is shown.
    void queryClient.invalidateQueries({
      queryKey: queryKeys.admin.reviews(),
      predicate: (q) => JSON.stringify(q.queryKey) !== JSON.stringify(key),
      refetchType: 'none',
    });
  };

  const hiding = useMutation({
    mutationFn: hideReview,
    onSuccess: (res, { reviewId }) => {
      applyModeration(res.review, reviewId);
      toast.success(res.message || 'Review hidden');
    },
    onError: (error) => toast.failure(error, HIDE_FAILED, { network: 'fallback' }),
  });

  const restoring = useMutation({
    mutationFn: restoreReview,
    onSuccess: (res, reviewId) => {
      applyModeration(res.review, reviewId);
      toast.success(res.message || 'Review restored');
    },
    onError: (error) => toast.failure(error, RESTORE_FAILED, { network: 'fallback' }),
  });

  /** Hides a review; resolves true once hidden (its dialog then closes). */
  const hide = useCallback(
    (reviewId: string, reason: string) =>
      hiding.mutateAsync({ reviewId, reason }).then(
        () => true,
        () => false,
      ),
    [hiding.mutateAsync],
  );
  const restore = useCallback(
    (reviewId: string) =>
      restoring.mutateAsync(reviewId).then(
        () => undefined,
        () => undefined,
      ),
    [restoring.mutateAsync],
  );

  const busyIds = new Set<string>();
  if (hiding.isPending) busyIds.add(hiding.variables.reviewId);
  if (restoring.isPending) busyIds.add(restoring.variables);

  return {
    filter,
    setFilter,
    page,
    setPage,
    reviews: data?.reviews ?? [],
    total: data?.total ?? 0,
    pageSize: data?.pageSize ?? 0,
    state,
    busyIds: busyIds as ReadonlySet<string>,
    refresh,
    hide,
    restore,
  };
}
