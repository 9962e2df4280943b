import { useQuery, useQueryState } from '@courseport/shared-ui';
import { courseProgressQuery, NO_PROGRESS, type ProgressData } from '../../../api/progress';

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
  // The page shows no error for it: every failure is a toast.
  const { state } = useQueryState(useQuery({ ...courseProgressQuery(courseId), enabled }), {
    fallback: 'Failed to load your progress',
    toast: 'always',
  });
  const { completed, position } = state.status === 'ready' ? state.data : NO_PROGRESS;
  return { completed, position, loaded: state.status !== 'loading' };
}
