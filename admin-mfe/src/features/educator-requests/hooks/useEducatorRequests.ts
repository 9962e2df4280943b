import { api, type EducatorRequest, errorText, useToast } from '@courseport/shared-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withId } from '../../layout/hooks/idSet';

const POLL_INTERVAL_MS = 5000;

/** 'load' = first load, manual refresh or refetch after an action; 'poll' = automatic refresh. */
type FetchMode = 'load' | 'poll';

const countPending = (requests: EducatorRequest[]) => requests.filter((r) => r.status === 'pending').length;

/** Educator requests: loading, polling every 5 s while the page is visible, approve and reject. */
export function useEducatorRequests() {
  const toast = useToast();
  const [requests, setRequests] = useState<EducatorRequest[]>([]);
  const [loading, setLoading] = useState(true);
  const [autoRefreshing, setAutoRefreshing] = useState(false);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());

  const mounted = useRef(false);
  const latestCall = useRef(0);
  const inFlight = useRef(0);
  /** Pending count of the last applied answer; null until the first one arrives. */
  const lastPending = useRef<number | null>(null);

  const fetchRequests = useCallback(
    async (mode: FetchMode) => {
      const call = ++latestCall.current;
      const isLatest = () => mounted.current && call === latestCall.current;
      inFlight.current += 1;
      if (mode === 'poll') setAutoRefreshing(true);
      try {
        const res = await api.get<{ requests: EducatorRequest[] }>('/api/user/educator-requests');
        if (!isLatest()) return;
        const list = res.requests ?? [];
        const pending = countPending(list);
        if (mode === 'poll' && lastPending.current !== null && pending > lastPending.current) {
          toast.info(`New educator request received! ${pending} pending.`);
        }
        lastPending.current = pending;
        setRequests(list);
      } catch (error) {
        // A failed automatic poll stays silent: the next one tries again.
        if (mode === 'poll' || !isLatest()) return;
        toast.error(errorText(error, 'Failed to fetch requests', { network: 'fallback' }));
      } finally {
        inFlight.current -= 1;
        if (mounted.current && mode === 'poll') setAutoRefreshing(false);
        if (isLatest()) setLoading(false);
      }
    },
    [toast],
  );

  useEffect(() => {
    mounted.current = true;
    void fetchRequests('load');
    const poll = () => {
      if (document.visibilityState === 'hidden' || inFlight.current > 0) return;
      void fetchRequests('poll');
    };
    const timer = window.setInterval(poll, POLL_INTERVAL_MS);
    const onVisibilityChange = () => {
      if (document.visibilityState === 'visible') poll();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      mounted.current = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, [fetchRequests]);

  const runAction = useCallback(
    async (id: string, call: () => Promise<{ message?: string }>, successText: string, failureFallback: string) => {
      setBusyIds((ids) => withId(ids, id, true));
      try {
        const res = await call();
        toast.success(res.message || successText);
        await fetchRequests('load');
        return true;
      } catch (error) {
        toast.error(errorText(error, failureFallback, { network: 'fallback' }));
        return false;
      } finally {
        if (mounted.current) setBusyIds((ids) => withId(ids, id, false));
      }
    },
    [fetchRequests, toast],
  );

  const refresh = useCallback(() => fetchRequests('load'), [fetchRequests]);

  const approve = useCallback(
    (requestId: string) =>
      runAction(
        requestId,
        () => api.post('/api/user/approve-educator-request', { requestId }),
        'Request approved successfully!',
        'Failed to approve request',
      ),
    [runAction],
  );

  const reject = useCallback(
    (requestId: string, reason: string) =>
      runAction(
        requestId,
        () => api.post('/api/user/reject-educator-request', { requestId, reason }),
        'Request rejected successfully!',
        'Failed to reject request',
      ),
    [runAction],
  );

  return { requests, loading, autoRefreshing, busyIds, refresh, approve, reject };
}
