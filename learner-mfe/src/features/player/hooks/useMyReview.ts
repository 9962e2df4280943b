import {
  type MyReview,
  type QueryClient,
  queryKeys,
  type ReviewInput,
  useMutation,
  useQuery,
  useQueryClient,
  useToast,
} from '@courseport/shared-ui';
import { deleteMyReview, myReviewQuery, saveMyReview } from '../api/myReview';

/** What a saved or deleted review changes: the course's page (its rating and reviews) and the student's rating. */
const refreshAfterReview = (client: QueryClient, courseId: string) =>
  Promise.all([
    // The course and, below its key, its reviews.
    client.invalidateQueries({ queryKey: queryKeys.course.details(courseId) }),
    client.invalidateQueries({ queryKey: queryKeys.user.enrolledCourses() }),
  ]);

/**
 * The student's own review of a course: loading it, saving it (`{ rating, text }`) and deleting it.
 * Each action toasts the server's message, success or failure. `onDeleted` runs once the review
 * (and with it the rating) is gone.
 */
export function useMyReview(courseId: string, { onDeleted }: { onDeleted?: () => void } = {}) {
  const client = useQueryClient();
  const toast = useToast();
  const query = useQuery(myReviewQuery(courseId));
  const key = queryKeys.user.review(courseId);

  const save = useMutation({
    mutationFn: (input: ReviewInput) => saveMyReview(courseId, input),
    onSuccess: ({ review, message }) => {
      toast.success(message || 'Review saved');
      client.setQueryData<MyReview | null>(key, review);
      void refreshAfterReview(client, courseId);
    },
    onError: (error) => toast.failure(error, 'Failed to save your review'),
  });

  const remove = useMutation({
    mutationFn: () => deleteMyReview(courseId),
    onSuccess: (message) => {
      toast.success(message || 'Review deleted');
      client.setQueryData<MyReview | null>(key, null);
      onDeleted?.();
      return refreshAfterReview(client, courseId);
    },
    onError: (error) => toast.failure(error, 'Failed to delete your review'),
  });

  return { query, save, remove };
}
