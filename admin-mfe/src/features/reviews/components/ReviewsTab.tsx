import {
  type AdminReview,
  Button,
  EmptyState,
  formatDate,
  type QueryState,
  QueryStates,
  ReviewSummary,
  tagTone,
} from '@courseport/shared-ui';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { PagesNav } from '@courseport/shared-ui/antd/pages-nav';
import { Segmented } from '@courseport/shared-ui/antd/segmented';
import { Tag } from '@courseport/shared-ui/antd/tag';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { useState } from 'react';
import type { ReviewFilter } from '../api/reviews';
import { HideReviewModal } from './HideReviewModal';

const FILTERS: { label: string; value: ReviewFilter }[] = [
  { label: 'All', value: 'all' },
  { label: 'Hidden', value: 'hidden' },
];

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

/** Every written review, newest first, with whether it is shown and why not; hide (with a reason) and restore. */
export function ReviewsTab(props: ReviewsTabProps) {
  const { reviews, total, page, pageSize, filter, state, busyIds } = props;
  const { onFilterChange, onPageChange, onRetry, onHide, onRestore } = props;
  const [hiding, setHiding] = useState<AdminReview | null>(null);

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
                        <Tag style={tagTone('red')}>Hidden</Tag>
                      ) : (
                        <Tag style={tagTone('green')}>Visible</Tag>
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
                    <Flex wrap gap={8}>
                      {review.hidden ? (
                        <Button
                          aria-label={`Restore ${name}`}
                          disabled={busy}
                          onClick={() => void onRestore(review._id)}
                        >
                          {busy ? 'Restoring...' : 'Restore'}
                        </Button>
                      ) : (
                        <Button danger aria-label={`Hide ${name}`} disabled={busy} onClick={() => setHiding(review)}>
                          Hide
                        </Button>
                      )}
                    </Flex>
                  </ReviewSummary>
                </li>
              );
            })}
          </ul>
          <Flex wrap justify="space-between" align="center" gap={12}>
            <Typography.Text type="secondary">{total === 1 ? '1 review' : `${total} reviews`}</Typography.Text>
            <PagesNav label="Review pages" page={page} pageSize={pageSize} total={total} onChange={onPageChange} />
          </Flex>
        </>
      )}
    </QueryStates>
  );

  return (
    <Flex vertical gap={16}>
      <Segmented<ReviewFilter>
        aria-label="Show reviews"
        options={FILTERS}
        value={filter}
        onChange={onFilterChange}
        style={{ alignSelf: 'flex-start' }}
      />
      {content}
      <HideReviewModal
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
    </Flex>
  );
}
