import { api, type CourseProgress, queryKeys, queryOptions } from '@courseport/shared-ui';

export const COURSE_PROGRESS_PATH = '/api/user/get-course-progress';

/** `POST /api/user/get-course-progress`: the ids of the lectures the student completed in a course. */
export async function fetchCompletedLectures(courseId: string): Promise<ReadonlySet<string>> {
  const res = await api.post<{ progressData: CourseProgress | null }>(COURSE_PROGRESS_PATH, { courseId });
  return new Set(res.progressData?.lectureCompleted ?? []);
}

/** One course's completed lectures in the shared cache (`queryKeys.user.progress(courseId)`). */
export const courseProgressQuery = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.user.progress(courseId), queryFn: () => fetchCompletedLectures(courseId) });
