import {
  type InfiniteData,
  queryKeys,
  useInfiniteQuery,
  useMutation,
  useMutationState,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { useCallback, useMemo } from 'react';
import {
  type AdminPurchasesPage,
  flattenPages,
  purchasesQuery,
  REFUND_MUTATION_KEY,
  refundPurchase,
} from '../api/purchases';

const LOAD_FAILED = 'Failed to fetch purchases';

/**
 * Every purchase on the platform (`queryKeys.admin.purchases()`), newest first, loaded a page at a
 * time once `enabled` turns true (the tab was opened); refunds of completed purchases, whose rows
 * are updated in place in the cache.
 */
export function usePurchases(enabled: boolean) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({ ...purchasesQuery(), enabled });
  const { data, fetchNextPage } = query;
  // Loading until the first page has answered; its failure (retry). Refresh: with a list on screen
  // a failure is a toast and the list stays.
  const { state, refresh } = useQueryState(query, { fallback: LOAD_FAILED, network: 'fallback', toast: 'refresh' });

  const purchases = useMemo(() => flattenPages(data?.pages ?? []), [data]);
  const lastPage = data?.pages.at(-1);
  const total = Math.max(lastPage?.total ?? 0, purchases.length);

  /** Appends the next page ('Show more'); a failure is a toast and the list stays. */
  const loadMore = useCallback(async () => {
    const result = await fetchNextPage({ cancelRefetch: false });
    if (result.isFetchNextPageError) toast.failure(result.error, LOAD_FAILED, { network: 'fallback' });
  }, [fetchNextPage, toast]);

  const refunding = useMutation({
    mutationKey: REFUND_MUTATION_KEY,
    mutationFn: refundPurchase,
    onSuccess: (res, purchaseId) => {
      toast.success(res.message || 'Purchase refunded');
      // The row turns Refunded in place: no page is loaded again.
      const refundedAt = new Date().toISOString();
      queryClient.setQueryData<InfiniteData<AdminPurchasesPage, number>>(queryKeys.admin.purchases(), (cached) =>
        cached
          ? {
              ...cached,
              pages: cached.pages.map((page) => ({
                ...page,
                purchases: page.purchases.map((p) =>
                  p._id === purchaseId ? { ...p, status: 'refunded' as const, refundedAt } : p,
                ),
              })),
            }
          : cached,
      );
    },
    onError: (error) => toast.failure(error, 'Failed to refund purchase', { network: 'fallback' }),
  });
  const { mutateAsync } = refunding;

  const refundingList = useMutationState({
    filters: { mutationKey: REFUND_MUTATION_KEY, status: 'pending' },
    select: (mutation) => mutation.state.variables as string | undefined,
  });
  const refundingIds = useMemo(
    () => new Set(refundingList.filter((id): id is string => typeof id === 'string')),
    [refundingList],
  ) as ReadonlySet<string>;

  /** Refunds a completed purchase; never rejects (a failure was toasted), so its confirmation closes. */
  const refund = useCallback(
    (purchaseId: string) =>
      mutateAsync(purchaseId).then(
        () => undefined,
        () => undefined,
      ),
    [mutateAsync],
  );

  return {
    purchases,
    total,
    state,
    loadingMore: query.isFetchingNextPage,
    refundingIds,
    refresh,
    loadMore,
    refund,
  };
}
