import { invalidateAfterProgress, queryKeys, useMutation, useQueryClient, useToast } from '@courseport/shared-ui';
import { useRef, useState } from 'react';
import { completeLecture, rateCourse } from '../api/player';

/**
 * 'Mark Complete' and the rating: each posts to the API, shows the server's message (success or
 * failure) and then refetches what changed (`invalidateAfterProgress`: the course's progress and
 * the enrolled courses, which carry the student's rating; a rating also changes the course's page).
 */
export function usePlayerActions(courseId: string) {
  const toast = useToast();
  const client = useQueryClient();
  /** The student's latest rating from this page (shown at once, kept after the server accepted it). */
  const [chosenRating, setChosenRating] = useState<number | null>(null);

  const marking = useMutation({
    mutationFn: (lectureId: string) => completeLecture({ courseId, lectureId }),
    // Pending until the new progress is in, so the button never flashes back to 'Mark Complete'.
    onSuccess: (message) => {
      toast.success(message || 'Lecture marked as completed');
      return invalidateAfterProgress(courseId, client);
    },
    onError: (error) => toast.failure(error, 'Failed to update your progress'),
  });

  // Ratings are saved one at a time, the latest choice last: a choice made while one is saving
  // waits here (a newer one replaces it), so an older answer can never overwrite a newer choice.
  const nextRating = useRef<number | null>(null);
  // The rating the server has: what a failed save goes back to.
  const savedRating = useRef<number | null>(null);
  const rating = useMutation({
    mutationFn: (value: number) => rateCourse({ courseId, rating: value }),
    onSuccess: (message, value) => {
      savedRating.current = value;
      if (nextRating.current !== null) return;
      toast.success(message || 'Rating added successfully');
      // The course's page (and, below its key, its reviews) and the student's own review carry it too.
      void client.invalidateQueries({ queryKey: queryKeys.course.details(courseId) });
      void client.invalidateQueries({ queryKey: queryKeys.user.review(courseId) });
      return invalidateAfterProgress(courseId, client);
    },
    onError: (error) => {
      if (nextRating.current !== null) return;
      toast.failure(error, 'Failed to add your rating');
      setChosenRating(savedRating.current);
    },
    onSettled: () => {
      const next = nextRating.current;
      nextRating.current = null;
      if (next !== null) rating.mutate(next);
    },
  });
  const rate = (value: number) => {
    if (savedRating.current === null && !rating.isPending) savedRating.current = chosenRating;
    setChosenRating(value);
    if (rating.isPending) nextRating.current = value;
    else rating.mutate(value);
  };

  return {
    markingId: marking.isPending ? (marking.variables ?? null) : null,
    markComplete: (lectureId: string) => marking.mutate(lectureId),
    rating: rating.isPending,
    chosenRating,
    rate,
    /** The review was deleted, and the rating with it: no stars, until the student rates again. */
    clearRating: () => setChosenRating(0),
  };
}
