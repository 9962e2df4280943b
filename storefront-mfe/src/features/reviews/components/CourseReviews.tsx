import { lazy, Suspense, useEffect, useState } from 'react';
import { ReviewsLoading } from './ReviewsLoading';

/** The reviews' own code (and their request) comes after the page: they are below the fold. */
const ReviewsBody = lazy(() => import('./ReviewsBody'));

export const REVIEWS_TITLE_ID = 'sf-reviews-title';

/**
 * 'Student reviews' on the course page: the average, the 5★…1★ breakdown and the written reviews,
 * newest first. They are fetched in the browser only, after the page is hydrated: the server and
 * the first render in the browser both show the loading state, so hydration matches and the
 * server-rendered page asks nothing of the API but the course itself.
 */
export function CourseReviews({ courseId, ratingCount }: { courseId: string; ratingCount: number }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <section className="sf-course-section sf-reviews" aria-labelledby={REVIEWS_TITLE_ID}>
      <h2 id={REVIEWS_TITLE_ID} className="sf-course-section-title">
        Student reviews
      </h2>
      {mounted ? (
        <Suspense fallback={<ReviewsLoading />}>
          <ReviewsBody courseId={courseId} courseRatingCount={ratingCount} />
        </Suspense>
      ) : (
        <ReviewsLoading />
      )}
    </section>
  );
}
