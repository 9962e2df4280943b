import { Button, REVIEW_REPLY_MAX_LENGTH } from '@courseport/shared-ui';
import { useId, useState } from 'react';

export const REPLY_LABEL = 'Your reply';
export const REPLY_TOO_LONG = `Your reply must be at most ${REVIEW_REPLY_MAX_LENGTH} characters`;

/**
 * The educator's one reply to a review: plain text, 1 to `REVIEW_REPLY_MAX_LENGTH` characters (as
 * the server checks them, trimmed). The text stays when posting fails.
 */
export function ReplyForm({
  reviewerName,
  posting,
  onPost,
  onCancel,
}: {
  reviewerName: string;
  posting: boolean;
  onPost: (text: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const length = text.trim().length;
  const tooLong = length > REVIEW_REPLY_MAX_LENGTH;
  return (
    <form
      className="ed-reply-form"
      aria-label={`Reply to ${reviewerName}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (length > 0 && !tooLong) onPost(text.trim());
      }}
    >
      <label htmlFor={`${id}-text`} className="ed-reply-label">
        {REPLY_LABEL}
      </label>
      <textarea
        id={`${id}-text`}
        className="ed-reply-text"
        rows={4}
        value={text}
        // The form opened on request: its field is where the keyboard goes.
        // biome-ignore lint/a11y/noAutofocus: opened by the user's own Reply click.
        autoFocus
        onChange={(event) => setText(event.target.value)}
        aria-describedby={`${id}-count${tooLong ? ` ${id}-error` : ''}`}
        aria-invalid={tooLong}
      />
      <p id={`${id}-count`} className="ed-reply-count">
        {`${length} / ${REVIEW_REPLY_MAX_LENGTH}`}
      </p>
      {tooLong && (
        <p id={`${id}-error`} className="ed-reply-error" role="alert">
          {REPLY_TOO_LONG}
        </p>
      )}
      <div className="ed-reply-actions">
        <Button type="primary" htmlType="submit" loading={posting} disabled={posting || length === 0 || tooLong}>
          Post reply
        </Button>
        <Button onClick={onCancel} disabled={posting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
