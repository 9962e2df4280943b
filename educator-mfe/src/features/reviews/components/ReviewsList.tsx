import { Button, type EducatorReview, Pager, ReviewSummary } from '@courseport/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { ReplyForm } from './ReplyForm';

interface ReviewsListProps {
  reviews: EducatorReview[];
  total: number;
  page: number;
  pageSize: number;
  /** The review whose reply is being posted, if any. */
  postingId: string | null;
  onPageChange: (page: number) => void;
  /** Resolves true once the reply is posted (the form then closes). */
  onReply: (reviewId: string, text: string) => Promise<boolean>;
}

/**
 * The reviews of the educator's courses, newest first, each with its reply or a Reply button; the
 * plain `Pager` (antd's small Pagination look), so the page's first load needs no antd (#34).
 */
export function ReviewsList({ reviews, total, page, pageSize, postingId, onPageChange, onReply }: ReviewsListProps) {
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  // After the form closes, the keyboard goes back to where it was: the review's Reply button, or
  // (once the reply is posted) the review's reply.
  const [returnFocusTo, setReturnFocusTo] = useState<{ reviewId: string; to: 'button' | 'reply' } | null>(null);
  const items = useRef(new Map<string, HTMLLIElement>());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the target may only be drawn with the next list (`reviews`).
  useEffect(() => {
    if (!returnFocusTo || replyingTo) return;
    const item = items.current.get(returnFocusTo.reviewId);
    // A posted reply may be drawn a render after the form closes: wait for it, not the old button.
    const target = item?.querySelector<HTMLElement>(
      returnFocusTo.to === 'reply' ? '.cp-review-reply' : '.ed-reply-open',
    );
    if (target) {
      if (!target.matches('button')) target.tabIndex = -1;
      target.focus();
      setReturnFocusTo(null);
    }
  }, [returnFocusTo, replyingTo, reviews]);
  const closeForm = (reviewId: string, to: 'button' | 'reply') => {
    setReplyingTo(null);
    setReturnFocusTo({ reviewId, to });
  };
  return (
    <div className="ed-reviews">
      <ul className="ed-reviews-list" aria-label="Reviews of your courses">
        {reviews.map((review) => (
          <li
            key={review._id}
            ref={(element) => {
              if (element) items.current.set(review._id, element);
              else items.current.delete(review._id);
            }}
          >
            <ReviewSummary review={review} courseTitle={review.course.courseTitle}>
              {!review.reply &&
                (replyingTo === review._id ? (
                  <ReplyForm
                    reviewerName={review.reviewer.name}
                    posting={postingId === review._id}
                    onCancel={() => closeForm(review._id, 'button')}
                    onPost={(text) =>
                      void onReply(review._id, text).then((posted) => {
                        if (posted) closeForm(review._id, 'reply');
                      })
                    }
                  />
                ) : (
                  <div className="ed-reply-actions">
                    <Button
                      className="ed-reply-open"
                      aria-label={`Reply to ${review.reviewer.name}'s review of ${review.course.courseTitle}`}
                      onClick={() => setReplyingTo(review._id)}
                    >
                      Reply
                    </Button>
                  </div>
                ))}
            </ReviewSummary>
          </li>
        ))}
      </ul>
      <Pager
        label="Review pages"
        className="ed-reviews-pages"
        page={page}
        pageSize={pageSize}
        total={total}
        onChange={(next) => {
          setReplyingTo(null);
          onPageChange(next);
        }}
      />
    </div>
  );
}
