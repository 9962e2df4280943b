import type { EducatorRequest, MyEducatorRequest } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/**
 * A request to become an educator: the admin's `EducatorRequest` (whose `userId` is filled with
 * the user's name and photo when read) and the requester's `MyEducatorRequest`, with Dates.
 */
export interface EducatorRequestDoc
  extends Stored<Omit<EducatorRequest, 'userId'>, 'requestedAt'>,
    Stored<Pick<MyEducatorRequest, 'decidedAt'>, 'decidedAt'> {
  userId: string;
  imageUrl: string;
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
