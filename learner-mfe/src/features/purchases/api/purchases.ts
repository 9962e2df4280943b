import { api, queryKeys, queryOptions } from '@courseport/shared-ui';

/** `GET /api/user/purchases` → `purchases[]`: the caller's own purchases, newest first. */

export type PurchaseStatus = 'pending' | 'completed' | 'refunded' | 'expired';

export interface Purchase {
  /** The receipt number. */
  _id: string;
  courseId: string;
  courseTitle: string;
  /** Rupees, e.g. 399.2. */
  amount: number;
  currency: string;
  status: PurchaseStatus;
  createdAt: string;
  completedAt?: string;
  refundedAt?: string;
  /** Paid through the local (test) checkout: no money moved. */
  simulated: boolean;
}

export const PURCHASES_PATH = '/api/user/purchases';

/** `GET /api/user/purchases`. */
export async function fetchPurchases(): Promise<Purchase[]> {
  const res = await api.get<{ purchases: Purchase[] }>(PURCHASES_PATH);
  return Array.isArray(res.purchases) ? res.purchases : [];
}

/** The purchase history in the shared cache (`queryKeys.user.purchases()`). */
export const purchasesQuery = () => queryOptions({ queryKey: queryKeys.user.purchases(), queryFn: fetchPurchases });
