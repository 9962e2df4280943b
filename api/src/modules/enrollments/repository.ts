import type { Store } from '../../store/index.js';

/**
 * Who is enrolled in what: one record per student and course (its `_id` is `<userId>:<courseId>`,
 * so the store itself refuses a second one), written by purchase fulfilment only.
 */
export interface EnrollmentDoc {
  _id: string;
  userId: string;
  courseId: string;
  /** The completed purchase that gave it. */
  purchaseId: string;
  createdAt: Date;
  [key: string]: unknown;
}

export const ENROLLMENT_INDEXES = [
  { collection: 'enrollments', fields: ['userId', 'createdAt'] },
  { collection: 'enrollments', fields: ['courseId'] },
] as const;

export const enrollmentId = (userId: string, courseId: string) => `${userId}:${courseId}`;
export const enrollmentsRepository = (store: Store) => store.collection<EnrollmentDoc>('enrollments');
