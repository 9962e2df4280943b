import { api, type EducatorCourse, queryKeys, queryOptions } from '@courseport/shared-ui';

export const COURSES_PATH = '/api/educator/courses';

/** The caller's courses, newest first (`GET /api/educator/courses`). */
export async function fetchCourses(): Promise<EducatorCourse[]> {
  const res = await api.get<{ courses: EducatorCourse[] }>(COURSES_PATH);
  return res.courses ?? [];
}

/** The educator's courses as a query (`queryKeys.educator.courses()`). */
export const coursesQuery = () => queryOptions({ queryKey: queryKeys.educator.courses(), queryFn: fetchCourses });
