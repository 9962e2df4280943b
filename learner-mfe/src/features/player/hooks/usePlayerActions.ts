import { api, errorText, useToast } from '@courseport/shared-ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ADD_RATING_PATH, UPDATE_PROGRESS_PATH } from '../../enrollments/api/endpoints';

export interface PlayerActionsOptions {
  courseId: string;
  /** Loads the progress again (after a lecture is marked complete). */
  refreshProgress: () => Promise<void>;
  /** Loads the enrolled courses again (after a rating). */
  refreshCourses: () => Promise<void>;
}

/**
 * 'Mark Complete' and the rating: each posts to the API, shows the server's message (success or
 * failure) and then reloads what changed.
 */
export function usePlayerActions({ courseId, refreshProgress, refreshCourses }: PlayerActionsOptions) {
  const toast = useToast();
  const [markingId, setMarkingId] = useState<string | null>(null);
  const [rating, setRating] = useState(false);
  /** The student's latest rating from this page (shown at once, kept after the server accepted it). */
  const [chosenRating, setChosenRating] = useState<number | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const markComplete = useCallback(
    async (lectureId: string) => {
      setMarkingId(lectureId);
      try {
        const res = await api.post(UPDATE_PROGRESS_PATH, { courseId, lectureId });
        toast.success(res.message || 'Lecture marked as completed');
        await refreshProgress();
      } catch (error) {
        toast.error(errorText(error, 'Failed to update your progress'));
      } finally {
        if (mounted.current) setMarkingId(null);
      }
    },
    [courseId, refreshProgress, toast],
  );

  const rate = useCallback(
    async (value: number) => {
      const previous = chosenRating;
      setChosenRating(value);
      setRating(true);
      try {
        const res = await api.post(ADD_RATING_PATH, { courseId, rating: value });
        toast.success(res.message || 'Rating added successfully');
        await refreshCourses();
      } catch (error) {
        toast.error(errorText(error, 'Failed to add your rating'));
        if (mounted.current) setChosenRating(previous);
      } finally {
        if (mounted.current) setRating(false);
      }
    },
    [chosenRating, courseId, refreshCourses, toast],
  );

  return { markingId, markComplete, rating, chosenRating, rate };
}
