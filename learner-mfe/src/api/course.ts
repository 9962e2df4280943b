import { ApiError, api, type CourseDetails, queryKeys, queryOptions } from '@courseport/shared-ui';

/**
 * `GET /api/course/:id` → `courseData` (`queryKeys.course.details(id)`, the course page's): for the
 * course's educator every lesson comes whole, which is what "Preview as student" shows.
 */
export const courseDetailsQuery = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.course.details(courseId),
    queryFn: async () => {
      const res = await api.get<{ courseData: CourseDetails }>(`/api/course/${encodeURIComponent(courseId)}`);
      if (!res.courseData) throw new ApiError('Course not found', 404);
      return res.courseData;
    },
  });
