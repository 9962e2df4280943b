import { DISCUSSION_BODY_MAX_LENGTH } from '@courseport/contracts/discussions';
import { Button, errorText } from '@courseport/shared-ui';
import { type FormEvent, useId, useState } from 'react';
import { PostEditor } from '../../../components/post-editor/PostEditor';

/**
 * The educator's answer, new or their own edited: a text box with a formatting toolbar (PostEditor:
 * plain text at once, the editor when used), sent as HTML the server sanitizes; its refusal (a rate
 * limit, the daily quota) shows under the field.
 */
export function AnswerForm({
  questionTitle,
  busy,
  onSubmit,
  initial = '',
  onCancel,
}: {
  questionTitle: string;
  busy: boolean;
  onSubmit: (html: string) => Promise<boolean>;
  /** The answer's HTML when editing one (the editor then loads at once). */
  initial?: string;
  onCancel?: () => void;
}) {
  const id = useId();
  const editing = onCancel !== undefined;
  const [html, setHtml] = useState(initial);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!html.trim()) {
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
      if (!editing) setHtml('');
    } catch (failure) {
      setError(errorText(failure, editing ? 'Could not save your answer' : 'Could not post your answer'));
    }
  };
  return (
    <form
      className="ed-qa-answer-form"
      onSubmit={submit}
      aria-label={editing ? `Edit your answer to '${questionTitle}'` : `Answer '${questionTitle}'`}
      noValidate
    >
      <label id={`${id}-label`} htmlFor={`${id}-text`} className="ed-reply-label">
        {editing ? 'Edit your answer' : 'Your answer'}
      </label>
      <PostEditor
        inputId={`${id}-text`}
        labelledBy={`${id}-label`}
        value={html}
        onChange={setHtml}
        disabled={busy}
        eager={editing}
        describedBy={error ? `${id}-error` : `${id}-hint`}
      />
      {error ? (
        <p id={`${id}-error`} className="ed-reply-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="ed-qa-hint">
          {editing
            ? 'Students see the change, marked as edited.'
            : 'Students see it with the “Instructor” mark. Bold, code, lists and links are kept.'}
        </p>
      )}
      <div className="ed-reply-actions">
        <Button type="primary" htmlType="submit" loading={busy}>
          {editing ? 'Save answer' : 'Post answer'}
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
