import { ApiError, api, type CourseDetails } from '@courseport/shared-ui';
import { useLoadable } from '../../common/hooks/useLoadable';

export const COURSE_NOT_FOUND = 'Course not found';

async function fetchCourse(id: string): Promise<CourseDetails> {
  const res = await api.get<{ courseData: CourseDetails }>(`/api/course/${encodeURIComponent(id)}`);
  if (!res.courseData) throw new ApiError(COURSE_NOT_FOUND, 404);
  return res.courseData;
}

/** One course with its description and chapters (`GET /api/course/:id`). */
export function useCourse(id: string) {
  return useLoadable(id, fetchCourse);
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
