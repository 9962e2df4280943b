import {
  api,
  apiRequest,
  type EditableCourse,
  type EducatorCourse,
  queryKeys,
  queryOptions,
} from '@courseport/shared-ui';

export const COURSES_PATH = '/api/educator/courses';

/** The caller's courses, newest first (`GET /api/educator/courses`; archived ones too with `includeArchived`). */
export async function fetchCourses(includeArchived = false): Promise<EducatorCourse[]> {
  const res = await api.get<{ courses: EducatorCourse[] }>(
    includeArchived ? `${COURSES_PATH}?include=archived` : COURSES_PATH,
  );
  return res.courses ?? [];
}

/** The educator's courses as a query (`queryKeys.educator.courses()`, and below it with archived ones). */
export const coursesQuery = (includeArchived = false) =>
  queryOptions({
    queryKey: includeArchived ? [...queryKeys.educator.courses(), 'archived'] : queryKeys.educator.courses(),
    queryFn: () => fetchCourses(includeArchived),
  });

export type CourseAction = 'publish' | 'unpublish' | 'archive' | 'delete';

/** Publishes, unpublishes, archives (`POST …/:id/<action>`) or deletes (`DELETE …/:id`) a course. */
export async function runCourseAction({ courseId, action }: { courseId: string; action: CourseAction }) {
  const path = `${COURSES_PATH}/${encodeURIComponent(courseId)}`;
  if (action === 'delete') return apiRequest<{ message: string }>(path, { method: 'DELETE' });
  return apiRequest<{ message: string; course: EditableCourse }>(`${path}/${action}`, { method: 'POST' });
}
