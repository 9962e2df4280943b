import { type CourseReview, formatDate, ReviewerPhoto, ReviewReplyBlock, wasEdited } from '@courseport/shared-ui';
import { forwardRef } from 'react';
import { Stars } from '../../../components/Stars';

/**
 * One written review: who wrote it, their stars, when (and whether it was edited), the text as
 * plain text, and the educator's reply under it. It takes the focus when a page of reviews is
 * loaded and it is the first new one.
 */
export const ReviewCard = forwardRef<HTMLElement, { review: CourseReview }>(function ReviewCard({ review }, ref) {
  const titleId = `sf-review-${review._id}`;
  return (
    <article ref={ref} className="sf-review" aria-labelledby={titleId} tabIndex={-1}>
      <header className="sf-review-head">
        <ReviewerPhoto {...review.reviewer} />
        <div className="sf-review-meta">
          <h3 id={titleId} className="sf-review-name">
            {review.reviewer.name}
          </h3>
          <div className="sf-review-line">
            <Stars rating={review.rating} />{' '}
            <time className="cp-review-date" dateTime={review.createdAt}>
              {formatDate(review.createdAt)}
            </time>
            {wasEdited(review) && <span className="cp-review-date"> (edited)</span>}
          </div>
        </div>
      </header>
      <p className="cp-review-text">{review.text}</p>
      {review.reply && <ReviewReplyBlock reply={review.reply} />}
    </article>
  );
});
