import type { CourseCard } from '@courseport/shared-ui';

/** Courses whose title contains `query`, ignoring case; every course for an empty query. */
export function filterCourses(courses: CourseCard[], query: string): CourseCard[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return courses;
  return courses.filter((course) => course.courseTitle.toLocaleLowerCase().includes(needle));
}
