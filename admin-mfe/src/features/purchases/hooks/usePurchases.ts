import { api, errorText, useToast } from '@courseport/shared-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { withId } from '../../layout/hooks/idSet';
import { type AdminPurchase, type AdminPurchasesPage, purchasesPath, REFUND_PATH } from '../api/purchases';

const LOAD_FAILED = 'Failed to fetch purchases';

/** 'loading' until the first page has answered; 'error' when it could not be loaded (retry). */
export type PurchasesStatus = 'loading' | 'error' | 'ready';

/** The loaded pages and a new one, without the rows that moved onto it as newer purchases arrived. */
function appendPage(loaded: AdminPurchase[], page: AdminPurchase[]): AdminPurchase[] {
  const seen = new Set(loaded.map((p) => p._id));
  return [...loaded, ...page.filter((p) => !seen.has(p._id))];
}

/**
 * Every purchase on the platform, newest first, loaded a page at a time once `enabled` turns true
 * (the tab was opened); refunds of completed purchases.
 */
export function usePurchases(enabled: boolean) {
  const toast = useToast();
  const [purchases, setPurchases] = useState<AdminPurchase[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<PurchasesStatus>('loading');
  const [error, setError] = useState('');
  const [loadingMore, setLoadingMore] = useState(false);
  const [refundingIds, setRefundingIds] = useState<ReadonlySet<string>>(() => new Set());

  const mounted = useRef(false);
  /** Bumped by every first-page load: a page that answers after a newer load is dropped. */
  const generation = useRef(0);
  const shown = useRef<AdminPurchase[]>([]);
  shown.current = purchases;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Loads the first page again. With a list on screen a failure is a toast and the list stays. */
  const refresh = useCallback(async () => {
    const call = ++generation.current;
    const isLatest = () => mounted.current && call === generation.current;
    const hadList = shown.current.length > 0;
    if (!hadList) setStatus('loading');
    try {
      const res = await api.get<AdminPurchasesPage>(purchasesPath(0));
      if (!isLatest()) return;
      const list = Array.isArray(res.purchases) ? res.purchases : [];
      setPurchases(list);
      setTotal(typeof res.total === 'number' ? res.total : list.length);
      setStatus('ready');
    } catch (e) {
      if (!isLatest()) return;
      const text = errorText(e, LOAD_FAILED, { network: 'fallback' });
      if (hadList) toast.error(text);
      else {
        setError(text);
        setStatus('error');
      }
    } finally {
      // A refresh supersedes a 'Show more' still in flight (its answer is dropped).
      if (isLatest()) setLoadingMore(false);
    }
  }, [toast]);

  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, refresh]);

  /** Appends the next page ('Show more'). */
  const loadMore = useCallback(async () => {
    const call = generation.current;
    const isCurrent = () => mounted.current && call === generation.current;
    setLoadingMore(true);
    try {
      const res = await api.get<AdminPurchasesPage>(purchasesPath(shown.current.length));
      if (!isCurrent()) return;
      const page = Array.isArray(res.purchases) ? res.purchases : [];
      setPurchases((loaded) => appendPage(loaded, page));
      if (typeof res.total === 'number') setTotal(res.total);
    } catch (e) {
      if (isCurrent()) toast.error(errorText(e, LOAD_FAILED, { network: 'fallback' }));
    } finally {
      if (isCurrent()) setLoadingMore(false);
    }
  }, [toast]);

  /** Refunds a completed purchase; its row turns Refunded. */
  const refund = useCallback(
    async (purchaseId: string) => {
      setRefundingIds((ids) => withId(ids, purchaseId, true));
      try {
        const res = await api.post(REFUND_PATH, { purchaseId });
        toast.success(res.message || 'Purchase refunded');
        if (!mounted.current) return;
        const refundedAt = new Date().toISOString();
        setPurchases((list) =>
          list.map((p) => (p._id === purchaseId ? { ...p, status: 'refunded' as const, refundedAt } : p)),
        );
      } catch (e) {
        toast.error(errorText(e, 'Failed to refund purchase', { network: 'fallback' }));
      } finally {
        if (mounted.current) setRefundingIds((ids) => withId(ids, purchaseId, false));
      }
    },
    [toast],
  );

  return { purchases, total, status, error, loadingMore, refundingIds, refresh, loadMore, refund };
}
