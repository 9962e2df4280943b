import type { Store } from '../../store/index.js';

export type PurchaseStatus = 'pending' | 'completed' | 'expired' | 'failed';

export interface PurchaseDoc {
  _id: string;
  userId: string;
  courseId: string;
  educatorId: string;
  /** What the student pays, in paise. */
  amount: number;
  currency: 'INR';
  status: PurchaseStatus;
  createdAt: Date;
  completedAt?: Date;
  gateway?: 'local' | 'stripe' | 'free';
  /** Paid through the local checkout: no money moved, so it never counts as earnings in production. */
  simulated?: boolean;
  gatewaySessionId?: string;
  checkoutUrl?: string;
  /** `<userId>:<courseId>` while pending: its unique index keeps one open purchase per course. */
  openKey?: string;
  [key: string]: unknown;
}

export const PURCHASE_INDEXES = [
  { collection: 'purchases', fields: ['courseId', 'status'] },
  { collection: 'purchases', fields: ['educatorId', 'status'] },
  { collection: 'purchases', fields: ['userId', 'courseId'] },
  { collection: 'purchases', fields: ['openKey'], unique: true, sparse: true },
] as const;

export const purchasesRepository = (store: Store) => store.collection<PurchaseDoc>('purchases');
export type PurchasesRepository = ReturnType<typeof purchasesRepository>;
