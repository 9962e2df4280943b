import type { Clock } from '../../clock.js';
import type { Store } from '../../store/index.js';
import { coursesRepository } from '../courses/repository.js';
import { usersRepository } from '../users/repository.js';
import { type PurchaseDoc, purchasesRepository } from './repository.js';

/**
 * Completes a paid purchase and enrolls its buyer. Called by the return page's verify call and by
 * the Stripe webhook, in any order, any number of times: the pending → completed move is a
 * conditional update, and enrolling is `$addToSet` on both sides, so it enrolls exactly once.
 */
export function fulfilment(
  store: Store,
  clock: Clock,
  /** Runs once per purchase, after the call that completed it has enrolled the buyer (the receipt). */
  onCompleted: (purchase: PurchaseDoc) => Promise<void> = async () => {},
) {
  const purchases = purchasesRepository(store);
  const users = usersRepository(store);
  const courses = coursesRepository(store);

  async function enroll(purchase: PurchaseDoc): Promise<void> {
    await users.updateOne({ _id: purchase.userId }, { $addToSet: { enrolledCourses: purchase.courseId } });
    await courses.updateOne({ _id: purchase.courseId }, { $addToSet: { enrolledStudents: purchase.userId } });
  }

  return {
    async fulfil(purchaseId: string): Promise<PurchaseDoc | null> {
      const justCompleted = await purchases.findOneAndUpdate(
        { _id: purchaseId, status: 'pending' },
        { $set: { status: 'completed', completedAt: clock.now() }, $unset: { openKey: true } },
      );
      const completed = justCompleted ?? (await purchases.findOne({ _id: purchaseId, status: 'completed' }));
      // A replay finishes an enrollment an earlier, interrupted call may have left half done.
      if (completed) await enroll(completed);
      if (justCompleted) await onCompleted(justCompleted);
      return completed;
    },

    async expire(purchaseId: string): Promise<void> {
      await purchases.updateOne(
        { _id: purchaseId, status: 'pending' },
        { $set: { status: 'expired' }, $unset: { openKey: true } },
      );
    },
  };
}
