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
