import type { CourseStatus } from '@courseport/contracts';
import type { CourseDoc } from './repository.js';

export type { CourseStatus };
export const COURSE_STATUSES: readonly CourseStatus[] = ['draft', 'published', 'unpublished', 'archived'];

/**
 * A course's status. Courses stored before statuses existed have only `isPublished` (true for every
 * one of them): published. `isPublished` is kept equal to `status === 'published'` on every write,
 * so the catalog's queries (and their index) keep asking only `isPublished: true`.
 */
export function statusOf(course: Pick<CourseDoc, 'isPublished'> & { status?: unknown }): CourseStatus {
  if (typeof course.status === 'string' && (COURSE_STATUSES as readonly string[]).includes(course.status))
    return course.status as CourseStatus;
  return course.isPublished ? 'published' : 'draft';
}

/** The fields a course document gets for `status` (both, always together). */
export const statusFields = (status: CourseStatus) => ({ status, isPublished: status === 'published' });

export const COURSE_NOT_AVAILABLE = 'This course is not available for purchase right now';
