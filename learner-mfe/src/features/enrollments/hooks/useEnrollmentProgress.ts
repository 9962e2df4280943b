import { type EnrolledCourse, errorText, useQueries } from '@courseport/shared-ui';
import { useErrorToasts } from '../../page/hooks/useErrorToasts';
import { courseProgressQuery } from '../api/progress';

/** Completed lecture ids per course id. */
export type ProgressByCourse = ReadonlyMap<string, ReadonlySet<string>>;

const NOTHING_DONE: ReadonlySet<string> = new Set();

/**
 * The progress of every course (`queryKeys.user.progress(courseId)` each), all requested at once
 * (no waterfall). A failed request counts as no completed lecture for its course; its message is
 * shown once. Null until every course has answered.
 */
export function useEnrollmentProgress(courses: EnrolledCourse[] | null): ProgressByCourse | null {
  const list = courses ?? [];
  const result = useQueries({
    queries: list.map((course) => ({ ...courseProgressQuery(course._id), enabled: courses !== null })),
  });
  const settled = courses !== null && result.every((query) => !query.isPending);
  useErrorToasts(
    settled
      ? result.flatMap((query) =>
          query.isError
            ? [{ at: query.errorUpdatedAt, message: errorText(query.error, 'Failed to load course progress') }]
            : [],
        )
      : [],
  );
  if (!settled) return null;
  return new Map(list.map((course, index) => [course._id, result[index]?.data ?? NOTHING_DONE]));
}

export const completedIds = (progress: ProgressByCourse, courseId: string) => progress.get(courseId) ?? NOTHING_DONE;
