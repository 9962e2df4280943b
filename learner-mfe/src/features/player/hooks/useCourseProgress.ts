import { api, type CourseProgress, errorText, useToast } from '@courseport/shared-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { COURSE_PROGRESS_PATH } from '../../enrollments/api/endpoints';
import { useLatest } from '../../page/hooks/useLatest';

const NOTHING_DONE: ReadonlySet<string> = new Set();

export interface CourseProgressState {
  /** Ids of the lectures the student completed. */
  completed: ReadonlySet<string>;
  /** The first answer has arrived (or failed). */
  loaded: boolean;
  /** Loads the progress again. */
  refresh: () => Promise<void>;
}

/**
 * The student's progress in one course (`POST /api/user/get-course-progress`), loaded while
 * `enabled`; a failure shows the server's message and counts as no completed lecture.
 */
export function useCourseProgress(courseId: string, enabled: boolean): CourseProgressState {
  const toast = useLatest(useToast());
  const [state, setState] = useState<{ completed: ReadonlySet<string>; loaded: boolean }>({
    completed: NOTHING_DONE,
    loaded: false,
  });
  const mounted = useRef(false);
  const latestCall = useRef(0);

  const load = useCallback(async () => {
    const call = ++latestCall.current;
    const isLatest = () => mounted.current && call === latestCall.current;
    try {
      const res = await api.post<{ progressData: CourseProgress | null }>(COURSE_PROGRESS_PATH, { courseId });
      if (isLatest()) setState({ completed: new Set(res.progressData?.lectureCompleted ?? []), loaded: true });
    } catch (error) {
      if (!isLatest()) return;
      toast.current.error(errorText(error, 'Failed to load your progress'));
      setState((previous) => ({ ...previous, loaded: true }));
    }
  }, [courseId, toast]);

  useEffect(() => {
    mounted.current = true;
    if (enabled) void load();
    return () => {
      mounted.current = false;
    };
  }, [enabled, load]);

  return { ...state, refresh: load };
}
