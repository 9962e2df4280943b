import { type CourseReview, mergePages, queryKeys, useInfiniteQuery, useQueryClient } from '@courseport/shared-ui';
import { useEffect, useMemo } from 'react';
import { courseReviewsQuery } from '../api/reviews';

/**
 * A course's reviews, page by page: the summary and breakdown of the first page (every visible
 * rating), and the written reviews of every page loaded so far, each once (`mergePages`).
 *
 * The course page shows the course's own `ratingCount` in its header: when the reviews count a
 * different number of ratings (a student rated or reviewed since the course was loaded), the
 * course is refetched, once for each count seen.
 */
export function useCourseReviews(courseId: string, courseRatingCount: number) {
  const query = useInfiniteQuery(courseReviewsQuery(courseId));
  const client = useQueryClient();
  const first = query.data?.pages[0];
  const reviews = useMemo<CourseReview[]>(
    () => mergePages((query.data?.pages ?? []).map((page) => page.reviews)),
    [query.data],
  );
  const ratingCount = first?.ratingCount;
  useEffect(() => {
    if (ratingCount === undefined || ratingCount === courseRatingCount) return;
    // Only the course itself: its reviews are fresh.
    void client.invalidateQueries({ queryKey: queryKeys.course.details(courseId), exact: true });
  }, [client, courseId, courseRatingCount, ratingCount]);
  return { query, summary: first, reviews };
}
