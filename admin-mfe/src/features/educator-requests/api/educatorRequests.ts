import { api, type EducatorRequest, queryKeys, queryOptions } from '@courseport/shared-ui';

/** `GET /api/user/educator-requests` and the approve/reject calls, for admins. */
export const REQUESTS_PATH = '/api/user/educator-requests';
export const APPROVE_PATH = '/api/user/approve-educator-request';
export const REJECT_PATH = '/api/user/reject-educator-request';

/** How often the list is polled while the page is visible. */
export const POLL_INTERVAL_MS = 5000;

export async function fetchEducatorRequests(): Promise<EducatorRequest[]> {
  const res = await api.get<{ requests?: EducatorRequest[] }>(REQUESTS_PATH);
  return Array.isArray(res.requests) ? res.requests : [];
}

/** The requests, polled every 5 s (never while the page is hidden) and fetched again on return. */
export const educatorRequestsQuery = () =>
  queryOptions({
    queryKey: queryKeys.admin.educatorRequests(),
    queryFn: fetchEducatorRequests,
    // Stale after one interval: coming back to the tab after a longer absence asks at once.
    staleTime: POLL_INTERVAL_MS,
    refetchInterval: POLL_INTERVAL_MS,
  });

/** An admin's decision on one request; a rejection carries its reason (may be empty). */
export type RequestDecision =
  | { requestId: string; action: 'approve' }
  | { requestId: string; action: 'reject'; reason: string };

/** Marks the decisions in flight, so each row knows whether its own is running. */
export const DECIDE_MUTATION_KEY = [...queryKeys.admin.educatorRequests(), 'decide'] as const;

export const decideEducatorRequest = (decision: RequestDecision) =>
  decision.action === 'approve'
    ? api.post(APPROVE_PATH, { requestId: decision.requestId })
    : api.post(REJECT_PATH, { requestId: decision.requestId, reason: decision.reason });

export const countPending = (requests: EducatorRequest[]) => requests.filter((r) => r.status === 'pending').length;
