import type { EnrolledStudent } from '@courseport/shared-ui';

/** The enrollments whose student name or course title contains the query (case-insensitive). */
export function filterEnrollments(enrollments: EnrolledStudent[], query: string): EnrolledStudent[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return enrollments;
  return enrollments.filter(
    ({ student, courseTitle }) =>
      (student?.name ?? '').toLowerCase().includes(needle) || (courseTitle ?? '').toLowerCase().includes(needle),
  );
}
