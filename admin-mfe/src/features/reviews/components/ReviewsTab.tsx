import {
  type AdminReview,
  Button,
  EmptyState,
  formatDate,
  Pager,
  type QueryState,
  QueryStates,
  ReviewSummary,
  tagTone,
} from '@courseport/shared-ui';
import { Suspense, useState } from 'react';
import { SegmentedFilter } from '../../../components/SegmentedFilter';
import { lazyDialog } from '../../../lib/lazy-dialog';
import type { ReviewFilter } from '../api/reviews';

const FILTERS: { label: string; value: ReviewFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Hidden', value: 'hidden' },
];

/** The hide dialog (antd's Modal): loaded when first wanted, preloaded when a Hide button is pointed at or focused. */
const { Dialog: HideReviewDialog, preload: preloadHideDialog } = lazyDialog(() =>
  import('./HideReviewModal').then((m) => m.HideReviewModal),
);

interface ReviewsTabProps {
  reviews: AdminReview[];
  total: number;
  page: number;
  pageSize: number;
  filter: ReviewFilter;
  /** Loading until the page has answered; its failure (retry). */
  state: QueryState<unknown>;
  /** Reviews being hidden or restored. */
  busyIds: ReadonlySet<string>;
  onFilterChange: (filter: ReviewFilter) => void;
  onPageChange: (page: number) => void;
  onRetry: () => void;
  /** Resolves true once hidden (the dialog then closes). */
  onHide: (reviewId: string, reason: string) => Promise<boolean>;
  onRestore: (reviewId: string) => Promise<void>;
}

/**
 * Every written review, newest first, with whether it is shown and why not; hide (with a reason)
 * and restore. Plain markup with antd's look (the filter, `.cp-tag`, shared-ui's `Pager`), so the
 * tab's first load carries no antd (#34); the hide dialog loads antd when it is wanted.
 */
export function ReviewsTab(props: ReviewsTabProps) {
  const { reviews, total, page, pageSize, filter, state, busyIds } = props;
  const { onFilterChange, onPageChange, onRetry, onHide, onRestore } = props;
  const [hiding, setHiding] = useState<AdminReview | null>(null);
  /** The dialog stays mounted once opened (its closing animation, the focus going back). */
  const [dialogWanted, setDialogWanted] = useState(false);

  const content = (
    <QueryStates
      state={state}
      loadingText="Loading reviews..."
      errorTitle="Could not load reviews"
      onRetry={onRetry}
      isEmpty={() => reviews.length === 0}
      empty={<EmptyState title={filter === 'hidden' ? 'No hidden reviews' : 'No reviews yet'} />}
    >
      {() => (
        <>
          <ul className="cp-admin-reviews" aria-label={filter === 'hidden' ? 'Hidden reviews' : 'Reviews'}>
            {reviews.map((review) => {
              const busy = busyIds.has(review._id);
              const name = `${review.reviewer.name}'s review of ${review.course.courseTitle}`;
              return (
                <li key={review._id}>
                  <ReviewSummary
                    review={review}
                    courseTitle={review.course.courseTitle}
                    aside={
                      review.hidden ? (
                        <span className="cp-tag" style={tagTone('red')}>
                          Hidden
                        </span>
                      ) : (
                        <span className="cp-tag" style={tagTone('green')}>
                          Visible
                        </span>
                      )
                    }
                  >
                    {review.hidden && (
                      <p
                        className="cp-admin-review-hidden"
                        style={{ color: tagTone('red').color, background: tagTone('red').background }}
                      >
                        <strong>Hidden</strong>
                        {` on ${formatDate(review.hidden.hiddenAt)}`}
                        {review.hidden.hiddenBy ? ` by ${review.hidden.hiddenBy.name}` : ''}
                        {': '}
                        <span className="cp-admin-review-reason">{review.hidden.reason}</span>
                      </p>
                    )}
                    <div className="cp-admin-row">
                      {review.hidden ? (
                        <Button
                          aria-label={`Restore ${name}`}
                          disabled={busy}
                          onClick={() => void onRestore(review._id)}
                        >
                          {busy ? 'Restoring...' : 'Restore'}
                        </Button>
                      ) : (
                        <Button
                          danger
                          aria-label={`Hide ${name}`}
                          disabled={busy}
                          onPointerEnter={preloadHideDialog}
                          onFocus={preloadHideDialog}
                          onClick={() => {
                            setDialogWanted(true);
                            setHiding(review);
                          }}
                        >
                          Hide
                        </Button>
                      )}
                    </div>
                  </ReviewSummary>
                </li>
              );
            })}
          </ul>
          <div className="cp-admin-list-foot">
            <span className="cp-admin-list-count">{total === 1 ? '1 review' : `${total} reviews`}</span>
            <Pager label="Review pages" page={page} pageSize={pageSize} total={total} onChange={onPageChange} />
          </div>
        </>
      )}
    </QueryStates>
  );

  return (
    <div className="cp-admin-stack cp-admin-reviews-tab">
      <SegmentedFilter<ReviewFilter> label="Show reviews" options={FILTERS} value={filter} onChange={onFilterChange} />
      {content}
      {dialogWanted && (
        <Suspense fallback={null}>
          <HideReviewDialog
            review={hiding}
            submitting={hiding !== null && busyIds.has(hiding._id)}
            onCancel={() => setHiding(null)}
            onSubmit={(reason) => {
              if (!hiding) return;
              void onHide(hiding._id, reason).then((hidden) => {
                if (hidden) setHiding(null);
              });
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
