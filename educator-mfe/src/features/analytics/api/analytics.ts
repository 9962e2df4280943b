import type { CourseLessonReach, EducatorAnalytics } from '@courseport/contracts/analytics';
import { api, keepPreviousData, queryKeys, queryOptions } from '@courseport/shared-ui';
import type { DayRange } from '../range';

/** The educator's analytics (#36, part 5): sales, enrollments and ratings over a range, each lesson's reach. */
export const ANALYTICS_PATH = '/api/educator/analytics';
export const lessonReachPath = (courseId: string) =>
  `${ANALYTICS_PATH}/courses/${encodeURIComponent(courseId)}/lessons`;

export const analyticsPath = ({ from, to }: DayRange, courseId: string | null) => {
  const params = new URLSearchParams({ from, to });
  if (courseId) params.set('courseId', courseId);
  return `${ANALYTICS_PATH}?${params}`;
};

export const analyticsKeys = {
  all: [...queryKeys.educator.all, 'analytics'] as const,
  range: (range: DayRange, courseId: string | null) =>
    [...queryKeys.educator.all, 'analytics', { ...range, courseId }] as const,
  lessons: (courseId: string) => [...queryKeys.educator.all, 'analytics', 'lessons', courseId] as const,
};

/**
 * `GET /api/educator/analytics?from=&to=[&courseId=]` → `analytics`. The last range's numbers stay
 * on screen while another range loads (the controls do not jump away).
 */
export const analyticsQuery = (range: DayRange, courseId: string | null) =>
  queryOptions({
    queryKey: analyticsKeys.range(range, courseId),
    queryFn: async (): Promise<EducatorAnalytics> =>
      (await api.get<{ analytics: EducatorAnalytics }>(analyticsPath(range, courseId))).analytics,
    placeholderData: keepPreviousData,
  });

/** `GET /api/educator/analytics/courses/:courseId/lessons` → `reach`. */
export const lessonReachQuery = (courseId: string) =>
  queryOptions({
    queryKey: analyticsKeys.lessons(courseId),
    queryFn: async (): Promise<CourseLessonReach> =>
      (await api.get<{ reach: CourseLessonReach }>(lessonReachPath(courseId))).reach,
  });
