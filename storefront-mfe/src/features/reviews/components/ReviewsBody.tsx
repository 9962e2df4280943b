import { Button, EmptyState, ErrorState, errorText } from '@courseport/shared-ui';
import { useEffect, useRef } from 'react';
import { useCourseReviews } from '../hooks/useCourseReviews';
import { RatingSummary } from './RatingSummary';
import { ReviewCard } from './ReviewCard';
import { ReviewsLoading } from './ReviewsLoading';

/**
 * The reviews section's content, loaded on demand (CourseReviews): loading, the error with Retry,
 * 'No reviews yet', or the summary and the written reviews with 'Show more reviews'. After more
 * reviews are loaded, the first new one takes the focus, so the keyboard goes on from there.
 */
export default function ReviewsBody({ courseId, courseRatingCount }: { courseId: string; courseRatingCount: number }) {
  const { query, summary, reviews } = useCourseReviews(courseId, courseRatingCount);
  /** How many reviews were shown when more were asked for: the next one takes the focus. */
  const focusFrom = useRef<number | null>(null);
  const firstNew = useRef<HTMLElement>(null);

  useEffect(() => {
    if (focusFrom.current !== null && reviews.length > focusFrom.current) {
      focusFrom.current = null;
      firstNew.current?.focus();
    }
  }, [reviews.length]);

  if (query.isPending) return <ReviewsLoading />;
  if (query.isError && !summary) {
    return (
      <ErrorState
        title="Could not load the reviews"
        message={errorText(query.error, 'Failed to fetch the reviews')}
        onRetry={() => void query.refetch()}
        retryLabel="Retry"
      />
    );
  }
  if (!summary || summary.ratingCount === 0) {
    return (
      <EmptyState
        title="No reviews yet"
        description={<p className="sf-muted">Students who take this course can rate and review it.</p>}
      />
    );
  }

  const showMore = () => {
    focusFrom.current = reviews.length;
    void query.fetchNextPage();
  };

  return (
    <>
      <RatingSummary summary={summary} />
      {reviews.length === 0 ? (
        <p className="sf-reviews-none">No written reviews yet</p>
      ) : (
        <ol className="sf-review-list" aria-label="Written reviews">
          {reviews.map((review, index) => (
            <li key={review._id}>
              <ReviewCard review={review} ref={index === focusFrom.current ? firstNew : undefined} />
            </li>
          ))}
        </ol>
      )}
      {query.isFetchNextPageError && (
        <p className="sf-reviews-more-error" role="alert">
          {errorText(query.error, 'Failed to fetch more reviews')}
        </p>
      )}
      {query.hasNextPage && (
        <Button className="sf-reviews-more" onClick={showMore} loading={query.isFetchingNextPage}>
          Show more reviews
        </Button>
      )}
    </>
  );
}
