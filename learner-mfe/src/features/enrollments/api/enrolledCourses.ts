import { api, type EnrolledCourse, queryKeys, queryOptions } from '@courseport/shared-ui';

export const ENROLLED_COURSES_PATH = '/api/user/enrolled-courses';

/** `GET /api/user/enrolled-courses`: the signed-in student's courses, oldest enrollment first. */
export async function fetchEnrolledCourses(): Promise<EnrolledCourse[]> {
  const res = await api.get<{ enrolledCourses: EnrolledCourse[] }>(ENROLLED_COURSES_PATH);
  return Array.isArray(res.enrolledCourses) ? res.enrolledCourses : [];
}

/** The enrolled courses in the shared cache (`queryKeys.user.enrolledCourses()`). */
export const enrolledCoursesQuery = () =>
  queryOptions({ queryKey: queryKeys.user.enrolledCourses(), queryFn: fetchEnrolledCourses });
