import { type CourseReview, formatDate } from '@courseport/contracts';
import type { ReactNode } from 'react';
import { ReviewReplyBlock, wasEdited } from './ReviewReply';

const STAR_PATH = 'M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z';

/** A whole number of stars, 0–5, as a review gives them. */
const starsOf = (rating: number) => Math.max(0, Math.min(5, Math.round(Number.isFinite(rating) ? rating : 0)));

/** Five stars, the first `rating` filled, named by the rating: 'Rated 4 out of 5'. */
export function ReviewStars({ rating }: { rating: number }) {
  const value = starsOf(rating);
  return (
    <span className="cp-review-stars" role="img" aria-label={`Rated ${value} out of 5`}>
      {[0, 1, 2, 3, 4].map((index) => (
        <svg
          key={index}
          width={16}
          height={16}
          viewBox="0 0 20 20"
          aria-hidden="true"
          focusable="false"
          className={index < value ? 'cp-review-star is-filled' : 'cp-review-star'}
        >
          <path d={STAR_PATH} fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}

/** The reviewer's photo, or the first letter of their name when they have none. */
export function ReviewerPhoto({ name, imageUrl }: CourseReview['reviewer']) {
  if (imageUrl) {
    return <img className="cp-review-avatar" src={imageUrl} alt="" width={40} height={40} loading="lazy" />;
  }
  return (
    <span className="cp-review-avatar is-initial" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

export interface ReviewSummaryProps {
  review: Pick<CourseReview, 'reviewer' | 'rating' | 'text' | 'createdAt' | 'updatedAt' | 'reply'>;
  /** The reviewed course's title, as the review's heading (the educator's and the admin's lists). */
  courseTitle?: string;
  /** The heading level of `courseTitle` (the page's outline decides). */
  headingLevel?: 2 | 3 | 4;
  /** Beside the reviewer (a status tag, say). */
  aside?: ReactNode;
  /** Below the review and its reply (actions, a reply form). */
  children?: ReactNode;
}

/**
 * One written review as the educator and admin portals list it: the course, the reviewer's name
 * and photo, the stars, the date, the text as plain text (line breaks kept, never HTML) and the
 * educator's reply when there is one. No antd: it is plain markup on the platform's tokens.
 */
export function ReviewSummary({ review, courseTitle, headingLevel = 2, aside, children }: ReviewSummaryProps) {
  const Heading = `h${headingLevel}` as const;
  const { reviewer, reply } = review;
  return (
    <article className="cp-review">
      {courseTitle && <Heading className="cp-review-course">{courseTitle}</Heading>}
      <div className="cp-review-head">
        <ReviewerPhoto {...reviewer} />
        <div className="cp-review-meta">
          <span className="cp-review-reviewer">{reviewer.name}</span>
          <span className="cp-review-rating">
            <ReviewStars rating={review.rating} />
            <time className="cp-review-date" dateTime={review.createdAt}>
              {formatDate(review.createdAt)}
            </time>
            {wasEdited(review) && <span className="cp-review-date">(edited)</span>}
          </span>
        </div>
        {aside && <div className="cp-review-aside">{aside}</div>}
      </div>
      <p className="cp-review-text">{review.text}</p>
      {reply && <ReviewReplyBlock reply={reply} />}
      {children}
    </article>
  );
}
