import { errorText, useQuery } from '@courseport/shared-ui';
import { courseProgressQuery } from '../../enrollments/api/progress';
import { useErrorToasts } from '../../page/hooks/useErrorToasts';

const NOTHING_DONE: ReadonlySet<string> = new Set();

export interface CourseProgressState {
  /** Ids of the lectures the student completed. */
  completed: ReadonlySet<string>;
  /** The first answer has arrived (or failed). */
  loaded: boolean;
}

/**
 * The student's progress in one course (`queryKeys.user.progress(courseId)`), loaded while
 * `enabled`; a failure shows the server's message and counts as no completed lecture.
 */
export function useCourseProgress(courseId: string, enabled: boolean): CourseProgressState {
  const query = useQuery({ ...courseProgressQuery(courseId), enabled });
  useErrorToasts(
    query.isError
      ? [{ at: query.errorUpdatedAt, message: errorText(query.error, 'Failed to load your progress') }]
      : [],
  );
  return { completed: query.data ?? NOTHING_DONE, loaded: !query.isPending };
}
