import { formatDate, type ReviewReply } from '@courseport/contracts';

/**
 * The educator's answer to a review, as the course page and the student's own review show it: an
 * indented block, 'Response from <educator>', the date, and the text as plain text (never HTML;
 * line breaks kept by `white-space: pre-line`).
 */
export function ReviewReplyBlock({ reply }: { reply: ReviewReply }) {
  return (
    <div className="cp-review-reply">
      <p className="cp-review-reply-head">
        <strong>{`Response from ${reply.educatorName}`}</strong>{' '}
        <time className="cp-review-date" dateTime={reply.repliedAt}>
          {formatDate(reply.repliedAt)}
        </time>
      </p>
      <p className="cp-review-text">{reply.text}</p>
    </div>
  );
}

/** Whether a review was changed after it was first written (its `updatedAt` is later). */
export const wasEdited = (review: { createdAt: string; updatedAt: string }) =>
  Date.parse(review.updatedAt) > Date.parse(review.createdAt);
