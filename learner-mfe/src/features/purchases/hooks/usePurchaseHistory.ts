import { api, errorText, useSession } from '@courseport/shared-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { PURCHASES_PATH } from '../../enrollments/api/endpoints';
import type { Purchase } from '../api/purchases';

export type PurchaseHistory =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; purchases: Purchase[] };

/**
 * The signed-in user's purchases (`GET /api/user/purchases`, newest first), fetched only while
 * `enabled`, again for another user, and on `retry`.
 */
export function usePurchaseHistory(enabled: boolean): { history: PurchaseHistory; retry: () => void } {
  const userId = useSession((s) => s.user?._id ?? s.identity?.id ?? '');
  const [result, setResult] = useState<{ owner: string; history: PurchaseHistory } | null>(null);
  const latestCall = useRef(0);

  const load = useCallback(async (owner: string) => {
    const call = ++latestCall.current;
    setResult({ owner, history: { status: 'loading' } });
    let history: PurchaseHistory;
    try {
      const res = await api.get<{ purchases: Purchase[] }>(PURCHASES_PATH);
      history = { status: 'ready', purchases: Array.isArray(res.purchases) ? res.purchases : [] };
    } catch (error) {
      history = { status: 'error', message: errorText(error, 'Failed to load your purchases') };
    }
    if (call === latestCall.current) setResult({ owner, history });
  }, []);

  useEffect(() => {
    if (enabled) void load(userId);
    // A newer call (or none, once unmounted) makes any answer still on its way stale.
    return () => {
      latestCall.current += 1;
    };
  }, [enabled, userId, load]);

  const retry = useCallback(() => void load(userId), [load, userId]);
  const history: PurchaseHistory = enabled && result?.owner === userId ? result.history : { status: 'loading' };
  return { history, retry };
}
