import { invalidateAfterProgress, queryKeys, useMutation, useQueryClient, useToast } from '@courseport/shared-ui';
import { useState } from 'react';
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

  const rating = useMutation({
    mutationFn: (value: number) => rateCourse({ courseId, rating: value }),
    onMutate: (value) => {
      const previous = chosenRating;
      setChosenRating(value);
      return { previous };
    },
    onSuccess: (message) => {
      toast.success(message || 'Rating added successfully');
      // The course's page (and, below its key, its reviews) and the student's own review carry it too.
      void client.invalidateQueries({ queryKey: queryKeys.course.details(courseId) });
      void client.invalidateQueries({ queryKey: queryKeys.user.review(courseId) });
      return invalidateAfterProgress(courseId, client);
    },
    onError: (error, _value, context) => {
      toast.failure(error, 'Failed to add your rating');
      setChosenRating(context?.previous ?? null);
    },
  });

  return {
    markingId: marking.isPending ? (marking.variables ?? null) : null,
    markComplete: (lectureId: string) => marking.mutate(lectureId),
    rating: rating.isPending,
    chosenRating,
    rate: (value: number) => rating.mutate(value),
    /** The review was deleted, and the rating with it: no stars, until the student rates again. */
    clearRating: () => setChosenRating(0),
  };
}
