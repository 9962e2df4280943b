import {
  queryKeys,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
  useQueryState,
  useToast,
} from '@courseport/shared-ui';
import { useCallback, useMemo, useRef, useState } from 'react';
import {
  countPending,
  DECIDE_MUTATION_KEY,
  decideEducatorRequest,
  educatorRequestsQuery,
  fetchEducatorRequests,
  type RequestDecision,
} from '../api/educatorRequests';

export const REQUESTS_LOAD_FAILED = 'Failed to fetch requests';

const DECISION_TEXTS = {
  approve: { success: 'Request approved successfully!', failure: 'Failed to approve request' },
  reject: { success: 'Request rejected successfully!', failure: 'Failed to reject request' },
} as const;

/**
 * Educator requests (`queryKeys.admin.educatorRequests()`): polled every 5 s while the page is
 * visible (a failed poll stays silent; a rise in pending requests is announced), approve and
 * reject (the list is invalidated after each).
 */
export function useEducatorRequests() {
  const toast = useToast();
  const queryClient = useQueryClient();
  /** Manual refreshes running: what they bring is never announced (only polls announce). */
  const manual = useRef(0);
  const [refreshing, setRefreshing] = useState(false);

  const options = educatorRequestsQuery();
  const query = useQuery({
    ...options,
    // Compares each answer with the last one shown: a rise in pending requests is announced.
    queryFn: async () => {
      const list = await fetchEducatorRequests();
      const previous = queryClient.getQueryData(options.queryKey);
      if (manual.current === 0 && previous && countPending(list) > countPending(previous)) {
        toast.info(`New educator request received! ${countPending(list)} pending.`);
      }
      return list;
    },
  });
  // A failed poll stays silent; a failed refresh with the list on screen is a toast (the list stays).
  const { state, refresh: refetch } = useQueryState(query, {
    fallback: REQUESTS_LOAD_FAILED,
    network: 'fallback',
    toast: 'refresh',
  });

  /** Loads the list again; with a list on screen a failure is a toast and the list stays. */
  const refresh = useCallback(async () => {
    manual.current += 1;
    setRefreshing(true);
    try {
      await refetch();
    } finally {
      manual.current -= 1;
      if (manual.current === 0) setRefreshing(false);
    }
  }, [refetch]);

  const decide = useMutation({
    mutationKey: DECIDE_MUTATION_KEY,
    mutationFn: decideEducatorRequest,
    onSuccess: (res, decision) => {
      toast.success(res.message || DECISION_TEXTS[decision.action].success);
      // Stays pending (the row busy) until the list shows the decision.
      return queryClient.invalidateQueries({ queryKey: queryKeys.admin.educatorRequests() });
    },
    onError: (error, decision) =>
      toast.failure(error, DECISION_TEXTS[decision.action].failure, { network: 'fallback' }),
  });
  const { mutateAsync } = decide;

  const deciding = useMutationState({
    filters: { mutationKey: DECIDE_MUTATION_KEY, status: 'pending' },
    select: (mutation) => (mutation.state.variables as RequestDecision | undefined)?.requestId,
  });
  const busyIds = useMemo(
    () => new Set(deciding.filter((id): id is string => typeof id === 'string')),
    [deciding],
  ) as ReadonlySet<string>;

  /** Resolves true when the decision was recorded (a failure was toasted). */
  const run = useCallback(
    (decision: RequestDecision) =>
      mutateAsync(decision).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
  const approve = useCallback((requestId: string) => run({ requestId, action: 'approve' }), [run]);
  const reject = useCallback(
    (requestId: string, reason: string) => run({ requestId, action: 'reject', reason }),
    [run],
  );

  // A fetch over a shown list that is neither a manual refresh nor a decision's refetch is a poll.
  const autoRefreshing = query.isFetching && !query.isPending && !refreshing && busyIds.size === 0;

  return {
    requests: query.data ?? [],
    /** First load running (nothing to show yet). */
    loading: query.isPending && query.fetchStatus === 'fetching',
    /** The first load failed and there is nothing to show: an error state, never an empty list. */
    loadError: state.status === 'error' ? state.message : null,
    autoRefreshing,
    busyIds,
    refresh,
    approve,
    reject,
  };
}
