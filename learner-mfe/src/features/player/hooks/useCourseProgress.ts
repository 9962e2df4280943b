import { errorText, useQuery } from '@courseport/shared-ui';
import { courseProgressQuery, NO_PROGRESS, type ProgressData } from '../../../api/progress';
import { useErrorToasts } from '../../../hooks/useErrorToasts';

export interface CourseProgressState {
  /** Ids of the lectures the student completed. */
  completed: ReadonlySet<string>;
  /** Where the student last was (lecture and second), if saved. */
  position: ProgressData['position'];
  /** The first answer has arrived (or failed). */
  loaded: boolean;
}

/**
 * The student's progress in one course (`queryKeys.user.progress(courseId)`), loaded while
 * `enabled`; a failure shows the server's message and counts as no progress.
 */
export function useCourseProgress(courseId: string, enabled: boolean): CourseProgressState {
  const query = useQuery({ ...courseProgressQuery(courseId), enabled });
  useErrorToasts(
    query.isError
      ? [{ at: query.errorUpdatedAt, message: errorText(query.error, 'Failed to load your progress') }]
      : [],
  );
  const { completed, position } = query.data ?? NO_PROGRESS;
  return { completed, position, loaded: !query.isPending };
}
