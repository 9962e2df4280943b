import type { Store } from '../../store/index.js';
import { type PurchaseDoc, type PurchaseStatus, purchasesRepository } from './repository.js';

/** What other modules may read of purchases, by name (the collection stays private to this module). */
export function purchaseRecords(store: Store) {
  const purchases = purchasesRepository(store);
  return {
    /** The completed purchases of these courses, most recently completed first. */
    async completedOf(courseIds: readonly string[]): Promise<PurchaseDoc[]> {
      if (courseIds.length === 0) return [];
      return purchases.find({ courseId: { $in: [...courseIds] }, status: 'completed' }, { sort: { completedAt: -1 } });
    },

    /** A purchase of the course in one of these states (its status only), or null. */
    anyOf: (courseId: string, statuses: readonly PurchaseStatus[]) =>
      purchases.findOne({ courseId, status: { $in: [...statuses] } }, { projection: { status: 1 } }),

    insertMany: (list: PurchaseDoc[]) => purchases.insertMany(list),
  };
}
export type PurchaseRecords = ReturnType<typeof purchaseRecords>;
