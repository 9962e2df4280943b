import type { Clock } from '../../clock.js';
import { ConflictError, type Store } from '../../store/index.js';
import { courseProjectionsOf } from '../courses/index.js';
import { enrolledCoursesListOf } from '../users/index.js';
import { enrollmentId, enrollmentsRepository } from './repository.js';

/**
 * The one owner of enrollment. The record is the truth; the spec's lists (the user's
 * `enrolledCourses`, the course's `enrolledStudents`) follow it, written after it; a crash in
 * between is finished by fulfilment's reconciliation, which enrolls (or revokes) again.
 */
export function enrollmentsService(store: Store, clock: Clock) {
  const records = enrollmentsRepository(store);
  const userLists = enrolledCoursesListOf(store);
  const courseLists = courseProjectionsOf(store);

  async function project(userId: string, courseId: string, enrolled: boolean): Promise<void> {
    if (enrolled) {
      await userLists.add(userId, courseId);
      await courseLists.addStudent(courseId, userId);
    } else {
      await userLists.remove(userId, courseId);
      await courseLists.removeStudent(courseId, userId);
    }
  }

  return {
    /** Idempotent: a second call for the same student and course changes nothing. */
    async enroll(userId: string, courseId: string, purchaseId: string): Promise<void> {
      try {
        await records.insertOne({
          _id: enrollmentId(userId, courseId),
          userId,
          courseId,
          purchaseId,
          createdAt: clock.now(),
        });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
      await project(userId, courseId, true);
    },

    /** Ends the enrollment a purchase gave (a refund); one given by another purchase stays. */
    async revoke(userId: string, courseId: string, purchaseId: string): Promise<void> {
      const removed = await records.deleteOne({ _id: enrollmentId(userId, courseId), purchaseId });
      const still = removed === 0 && (await records.findOne({ _id: enrollmentId(userId, courseId) }));
      if (!still) await project(userId, courseId, false);
    },
  };
}
export type EnrollmentsService = ReturnType<typeof enrollmentsService>;
