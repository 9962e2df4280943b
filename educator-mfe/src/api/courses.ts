import { api, type EducatorCourse, queryKeys, queryOptions } from '@courseport/shared-ui';

/**
 * The caller's courses (`GET /api/educator/courses`, the key My Courses reads too, so the list is
 * fetched once): the Q&A's course filter and the announcements' course title.
 */
export const educatorCoursesQuery = () =>
  queryOptions({
    queryKey: queryKeys.educator.courses(),
    queryFn: async (): Promise<EducatorCourse[]> => {
      const res = await api.get<{ courses: EducatorCourse[] }>('/api/educator/courses');
      return res.courses ?? [];
    },
  });
