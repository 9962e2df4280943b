import type { DiscussionAuthor } from '@courseport/contracts';
import { Button } from '@courseport/shared-ui';
import { localDate } from '../../../lib/dates';

/** Who wrote a post and when, with the "Instructor" mark the server gives the course's educator. */
export function Byline({
  author,
  byInstructor,
  mine,
  createdAt,
  editedAt,
}: {
  author: DiscussionAuthor;
  byInstructor: boolean;
  mine: boolean;
  createdAt: string;
  editedAt: string | null;
}) {
  return (
    <p className="ed-qa-byline">
      <span className="ed-qa-author">{mine ? `${author.name} (you)` : author.name}</span>
      {byInstructor && <span className="cp-tag cp-tag-blue">Instructor</span>}
      <span className="ed-qa-date">
        {localDate(createdAt)}
        {editedAt ? ' · edited' : ''}
      </span>
    </p>
  );
}

/** An upvote toggle: pressed when the educator has upvoted; its name says what it is for. */
export function UpvoteButton({
  upvotes,
  voted,
  what,
  busy,
  onVote,
}: {
  upvotes: number;
  voted: boolean;
  /** What is voted on, for screen readers ("this question", "Ada's answer"). */
  what: string;
  busy: boolean;
  onVote: (up: boolean) => void;
}) {
  return (
    <Button
      size="small"
      type={voted ? 'primary' : 'default'}
      aria-pressed={voted}
      disabled={busy}
      onClick={() => onVote(!voted)}
    >
      <span aria-hidden="true">▲ </span>
      {upvotes}
      <span className="cp-visually-hidden">{` ${upvotes === 1 ? 'upvote' : 'upvotes'}: upvote ${what}`}</span>
    </Button>
  );
}
