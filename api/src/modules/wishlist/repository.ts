import type { WishlistItem } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/**
 * A course a student saved (#21): `_id` is `<userId>:<courseId>`, so saving twice is one record;
 * `savedAt` and `savedPrice` (rupees, after discount) as `WishlistItem` answers them.
 */
export interface WishlistDoc extends Stored<Pick<WishlistItem, 'savedAt' | 'savedPrice'>, 'savedAt'> {
  _id: string;
  userId: string;
  courseId: string;
  /** The lowest price the student was mailed about (absent: never mailed). */
  notifiedPrice?: number;
  /** When that mail was written (absent: never mailed, or mailed before #30). */
  notifiedAt?: Date;
  [key: string]: unknown;
}

export const WISHLIST_INDEXES = [
  { collection: 'wishlist', fields: ['userId', 'savedAt'] },
  { collection: 'wishlist', fields: ['courseId'] },
] as const;

export const wishlistRepository = (store: Store) => store.collection<WishlistDoc>('wishlist');
