import { ApiError, api, type CourseDetails, queryKeys, queryOptions } from '@courseport/shared-ui';

export const COURSE_NOT_FOUND = 'Course not found';

/** `GET /api/course/:id`; an answer without a course is a 404. */
export async function fetchCourse(id: string): Promise<CourseDetails> {
  const res = await api.get<{ courseData: CourseDetails }>(`/api/course/${encodeURIComponent(id)}`);
  if (!res.courseData) throw new ApiError(COURSE_NOT_FOUND, 404);
  return res.courseData;
}

/** One course with its description and chapters, under `queryKeys.course.details(id)`. */
export const courseQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.course.details(id), queryFn: () => fetchCourse(id) });
