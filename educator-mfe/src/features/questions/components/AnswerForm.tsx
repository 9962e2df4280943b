import { DISCUSSION_BODY_MAX_LENGTH } from '@courseport/contracts/discussions';
import { Button, errorText } from '@courseport/shared-ui';
import { type FormEvent, useId, useState } from 'react';
import { textToParagraphs } from '../../../lib/paragraphs';

/**
 * The educator's answer: plain text (blank lines make paragraphs), sent as HTML the server
 * sanitizes; its refusal (a rate limit, the daily quota) shows under the field.
 */
export function AnswerForm({
  questionTitle,
  busy,
  onSubmit,
}: {
  questionTitle: string;
  busy: boolean;
  onSubmit: (html: string) => Promise<boolean>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const html = textToParagraphs(text);
    if (!html) {
      setError('Please write your answer first');
      return;
    }
    if (html.length > DISCUSSION_BODY_MAX_LENGTH) {
      setError(`Please keep your answer under ${DISCUSSION_BODY_MAX_LENGTH.toLocaleString()} characters`);
      return;
    }
    setError('');
    try {
      await onSubmit(html);
      setText('');
    } catch (failure) {
      setError(errorText(failure, 'Could not post your answer'));
    }
  };
  return (
    <form className="ed-qa-answer-form" onSubmit={submit} aria-label={`Answer '${questionTitle}'`} noValidate>
      <label htmlFor={`${id}-text`} className="ed-reply-label">
        Your answer
      </label>
      <textarea
        id={`${id}-text`}
        className="ed-reply-text"
        rows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
      />
      {error ? (
        <p id={`${id}-error`} className="ed-reply-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="ed-qa-hint">
          Students see it with the “Instructor” mark. Leave a blank line between paragraphs.
        </p>
      )}
      <div className="ed-reply-actions">
        <Button type="primary" htmlType="submit" loading={busy}>
          Post answer
        </Button>
      </div>
    </form>
  );
}
