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
