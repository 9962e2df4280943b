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
/** #36: an enrollment recorded (+1) or ended (-1), on the day it was recorded (analytics' counters); must not throw. */
export type OnEnrollment = (event: { courseId: string; at: Date; delta: 1 | -1 }) => Promise<void>;

export function enrollmentsService(store: Store, clock: Clock, options: { onEnrollment?: OnEnrollment } = {}) {
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
        const at = clock.now();
        await records.insertOne({ _id: enrollmentId(userId, courseId), userId, courseId, purchaseId, createdAt: at });
        // Only the call that wrote the record counts it: a repeated enroll (a replayed webhook) does not.
        await options.onEnrollment?.({ courseId, at, delta: 1 });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
      await project(userId, courseId, true);
    },

    /** Ends the enrollment a purchase gave (a refund); one given by another purchase stays. */
    async revoke(userId: string, courseId: string, purchaseId: string): Promise<void> {
      const record = await records.findOne({ _id: enrollmentId(userId, courseId), purchaseId });
      const removed = record ? await records.deleteOne({ _id: record._id, purchaseId }) : 0;
      // Only the call that removed the record counts it, on the day the enrollment was recorded.
      if (record && removed > 0) await options.onEnrollment?.({ courseId, at: new Date(record.createdAt), delta: -1 });
      const still = removed === 0 && (await records.findOne({ _id: enrollmentId(userId, courseId) }));
      if (!still) await project(userId, courseId, false);
    },

    /** #36: when each current enrollment in the course was recorded (analytics' rebuild). */
    async datesOfCourse(courseId: string): Promise<Date[]> {
      const found = await records.find({ courseId }, { projection: { createdAt: 1 } });
      return found.map((r) => new Date(r.createdAt));
    },
  };
}
export type EnrollmentsService = ReturnType<typeof enrollmentsService>;
