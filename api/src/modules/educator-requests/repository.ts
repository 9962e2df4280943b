import type { EducatorRequestStatus } from '@courseport/contracts';
import type { Store } from '../../store/index.js';

export interface EducatorRequestDoc {
  _id: string;
  userId: string;
  name: string;
  email: string;
  imageUrl: string;
  requestedAt: Date;
  status: EducatorRequestStatus;
  reason?: string;
  decidedAt?: Date;
  /** Set only while pending; its unique index allows one pending request per user. */
  pendingFor?: string;
  [key: string]: unknown;
}

export const EDUCATOR_REQUEST_INDEXES = [
  { collection: 'educatorRequests', fields: ['pendingFor'], unique: true, sparse: true },
  { collection: 'educatorRequests', fields: ['requestedAt'] },
  { collection: 'educatorRequests', fields: ['userId', 'requestedAt'] },
] as const;

export const educatorRequestsRepository = (store: Store) => store.collection<EducatorRequestDoc>('educatorRequests');
export type EducatorRequestsRepository = ReturnType<typeof educatorRequestsRepository>;
