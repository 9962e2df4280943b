import type { DiscussionAuthor } from '@courseport/contracts';
import { Button } from '@courseport/shared-ui';
import { type FormEvent, useId, useState } from 'react';
import { shortDate } from '../../../lib/lesson';

/** Who wrote a post and when, with the "Instructor" mark on the educator's. */
export function Byline({
  author,
  byInstructor,
  createdAt,
  editedAt,
}: {
  author: DiscussionAuthor;
  byInstructor: boolean;
  createdAt: string;
  editedAt: string | null;
}) {
  return (
    <p className="ln-qa-byline">
      <span className="ln-qa-author">{author.name}</span>
      {byInstructor && <span className="cp-tag cp-tag-purple">Instructor</span>}
      <span className="ln-muted">
        {shortDate(createdAt)}
        {editedAt ? ' (edited)' : ''}
      </span>
    </p>
  );
}

/** One upvote per person: pressed when the caller's vote is in; pressing again takes it back. */
export function UpvoteButton({
  count,
  pressed,
  busy,
  what,
  onToggle,
}: {
  count: number;
  pressed: boolean;
  busy: boolean;
  what: string;
  onToggle: () => void;
}) {
  return (
    <button type="button" className="ln-qa-vote" aria-pressed={pressed} disabled={busy} onClick={onToggle}>
      <span aria-hidden="true">▲</span>
      <span>Upvote</span>
      <span className="ln-qa-vote-count">{count}</span>
      <span className="cp-visually-hidden">{` (${count === 1 ? 'upvote' : 'upvotes'} on ${what})`}</span>
    </button>
  );
}

/** A plain text box and its submit: the text is sent as simple HTML paragraphs (the API sanitizes it). */
export function TextForm({
  label,
  submitLabel,
  initial = '',
  busy,
  maxLength,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  busy: boolean;
  maxLength: number;
  onSubmit: (text: string) => Promise<unknown> | undefined;
  onCancel?: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || busy) return;
    void onSubmit(text.trim())?.then(
      () => setText(''),
      () => {},
    );
  };
  return (
    <form className="ln-qa-form" onSubmit={submit} aria-busy={busy}>
      <label htmlFor={id} className="ln-qa-label">
        {label}
      </label>
      <textarea
        id={id}
        className="ln-review-text"
        rows={4}
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        disabled={busy}
      />
      <div className="ln-qa-actions">
        <Button type="primary" htmlType="submit" loading={busy} disabled={!text.trim()}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
