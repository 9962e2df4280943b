import type { DiscussionAuthor } from '@courseport/contracts';
import { Button } from '@courseport/shared-ui';
import { type FormEvent, useId, useState } from 'react';
import { PostEditor } from '../../../components/post-editor/PostEditor';
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

/**
 * A post's text box (the formatting editor, PostEditor) and its submit: the HTML is sent as it is
 * (the API sanitizes it). `eager`: the editor loads at once (editing a post that has formatting).
 */
export function TextForm({
  label,
  submitLabel,
  initial = '',
  busy,
  maxLength,
  eager = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  /** HTML. */
  initial?: string;
  busy: boolean;
  maxLength: number;
  eager?: boolean;
  onSubmit: (html: string) => Promise<unknown> | undefined;
  onCancel?: () => void;
}) {
  const id = useId();
  const [html, setHtml] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!html || busy) return;
    void onSubmit(html)?.then(
      () => setHtml(''),
      () => {},
    );
  };
  return (
    <form className="ln-qa-form" onSubmit={submit} aria-busy={busy}>
      <label id={`${id}-label`} htmlFor={id} className="ln-qa-label">
        {label}
      </label>
      <PostEditor
        inputId={id}
        labelledBy={`${id}-label`}
        value={html}
        onChange={setHtml}
        maxLength={maxLength}
        disabled={busy}
        eager={eager}
      />
      <div className="ln-qa-actions">
        <Button type="primary" htmlType="submit" loading={busy} disabled={!html}>
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
