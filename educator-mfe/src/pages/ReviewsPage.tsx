import { EmptyState, QueryStates, REVIEWS_PAGE_SIZE, useSession } from '@courseport/shared-ui';
import { useState } from 'react';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useIsEducator } from '../features/layout/hooks/useSignedInUser';
import { ReviewsList } from '../features/reviews/components/ReviewsList';
import { usePostReply, useReviews } from '../features/reviews/hooks/useReviews';
import '../styles/reviews.css';

/** /educator/reviews: what students wrote about the educator's courses, and the educator's replies. */
export default function ReviewsPage() {
  const isEducator = useIsEducator();
  const sessionKnown = useSession((s) => s.status !== 'loading' && (s.status !== 'signed-in' || s.userLoaded));
  const [page, setPage] = useState(1);
  const { state, retry } = useReviews(page, isEducator);
  const reply = usePostReply();

  const content =
    !isEducator && sessionKnown ? (
      <EmptyState title="Educator access required" description="Only educators have course reviews." />
    ) : (
      <QueryStates
        state={state}
        loadingText="Loading reviews..."
        errorTitle="Error Loading Reviews"
        onRetry={retry}
        isEmpty={(data) => data.reviews.length === 0 && data.total === 0}
        empty={
          <EmptyState
            title="No reviews of your courses yet"
            description={<p className="ed-reviews-empty">Written reviews of your courses show here.</p>}
          />
        }
      >
        {(data) => (
          <ReviewsList
            reviews={data.reviews}
            total={data.total}
            page={page}
            pageSize={data.pageSize || REVIEWS_PAGE_SIZE}
            postingId={reply.isPending ? reply.variables.reviewId : null}
            onPageChange={setPage}
            onReply={(reviewId, text) =>
              reply.mutateAsync({ reviewId, text }).then(
                () => true,
                () => false,
              )
            }
          />
        )}
      </QueryStates>
    );
  return (
    <div className="ed-page">
      <PageHeader title="Reviews" subtitle="What students wrote about your courses. You may reply once to each." />
      {content}
    </div>
  );
}
