import { api, infiniteQueryOptions, mergePages, queryKeys } from '@courseport/shared-ui';

/** `GET /api/admin/purchases` and `POST /api/admin/refund-purchase`: every purchase on the platform, for admins. */

export type PurchaseStatus = 'pending' | 'completed' | 'refunded' | 'expired';
export type PurchaseGateway = 'local' | 'stripe' | 'free';

/** One purchase as the admin list shows it (newest first). */
export interface AdminPurchase {
  /** The receipt number. */
  _id: string;
  student: { _id: string; name: string; email: string };
  course: { _id: string; courseTitle: string };
  /** Rupees, e.g. 399.2. */
  amount: number;
  currency: string;
  status: PurchaseStatus;
  gateway: PurchaseGateway;
  /** Paid through the local (test) checkout: no money moved. */
  simulated: boolean;
  createdAt: string;
  completedAt?: string;
  refundedAt?: string;
}

export interface AdminPurchasesPage {
  purchases: AdminPurchase[];
  /** Every purchase on the platform, however many were sent. */
  total: number;
}

export const PURCHASES_PAGE_SIZE = 50;
export const REFUND_PATH = '/api/admin/refund-purchase';
export const purchasesPath = (offset: number) => `/api/admin/purchases?offset=${offset}&limit=${PURCHASES_PAGE_SIZE}`;

/** One page of purchases (`offset` = how many are shown). */
export async function fetchPurchasesPage(offset: number): Promise<AdminPurchasesPage> {
  const res = await api.get<Partial<AdminPurchasesPage>>(purchasesPath(offset));
  const purchases = Array.isArray(res.purchases) ? res.purchases : [];
  return { purchases, total: typeof res.total === 'number' ? res.total : offset + purchases.length };
}

/** The loaded pages as one list, without the rows that moved onto a later page as newer purchases arrived. */
export const flattenPages = (pages: readonly AdminPurchasesPage[]): AdminPurchase[] =>
  mergePages(pages.map((page) => page.purchases));

/** Every purchase on the platform, newest first, a page at a time ('Show more'). */
export const purchasesQuery = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.admin.purchases(),
    queryFn: ({ pageParam }) => fetchPurchasesPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const shown = flattenPages(pages).length;
      return shown < last.total && last.purchases.length > 0 ? shown : undefined;
    },
  });

/** Marks the refunds in flight, so each row knows whether its own is running. */
export const REFUND_MUTATION_KEY = [...queryKeys.admin.purchases(), 'refund'] as const;

export const refundPurchase = (purchaseId: string) => api.post(REFUND_PATH, { purchaseId });
