import { api, type CourseProgress, queryKeys, queryOptions } from '@courseport/shared-ui';

export const COURSE_PROGRESS_PATH = '/api/user/get-course-progress';

/** Where a student is in a course: what they completed and where they last were. */
export interface ProgressData {
  /** Ids of the completed lectures. */
  completed: ReadonlySet<string>;
  /** The last saved lecture and second, if any. */
  position: CourseProgress['position'] | null;
}

export const NO_PROGRESS: ProgressData = { completed: new Set(), position: null };

/** `POST /api/user/get-course-progress`: the student's completed lectures and saved position in a course. */
export async function fetchProgress(courseId: string): Promise<ProgressData> {
  const res = await api.post<{ progressData: CourseProgress | null }>(COURSE_PROGRESS_PATH, { courseId });
  return { completed: new Set(res.progressData?.lectureCompleted ?? []), position: res.progressData?.position ?? null };
}

/** One course's progress in the shared cache (`queryKeys.user.progress(courseId)`). */
export const courseProgressQuery = (courseId: string) =>
  queryOptions({ queryKey: queryKeys.user.progress(courseId), queryFn: () => fetchProgress(courseId) });
