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

/**
 * Progress as the cache keeps it: plain JSON (the completed lectures as a list), so that a page
 * rendered on the server hands it to the browser as it is; pages read it as `ProgressData`.
 */
export interface StoredProgress {
  completed: string[];
  position: ProgressData['position'];
}

/** `POST /api/user/get-course-progress`: the student's completed lectures and saved position in a course. */
export async function fetchProgress(courseId: string): Promise<StoredProgress> {
  const res = await api.post<{ progressData: CourseProgress | null }>(COURSE_PROGRESS_PATH, { courseId });
  return { completed: res.progressData?.lectureCompleted ?? [], position: res.progressData?.position ?? null };
}

// Module-level, so each cached answer is turned into a set once (TanStack Query keeps the result).
const toProgress = (stored: StoredProgress): ProgressData => ({
  completed: new Set(stored.completed),
  position: stored.position,
});

/** One course's progress in the shared cache (`queryKeys.user.progress(courseId)`). */
export const courseProgressQuery = (courseId: string) =>
  queryOptions({
    queryKey: queryKeys.user.progress(courseId),
    queryFn: () => fetchProgress(courseId),
    select: toProgress,
  });
