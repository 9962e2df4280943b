import { ANNOUNCEMENT_TITLE_MAX_LENGTH } from '@courseport/contracts/notifications';
import { ApiError, Button, errorText, htmlToText } from '@courseport/shared-ui';
import { type ComponentType, type FormEvent, useId, useState } from 'react';

/** The rich-text editor the page gives the form (Add Course's, loaded when first used). */
export type BodyEditor = ComponentType<{
  value: string;
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string | undefined;
}>;

export interface AnnouncementFormProps {
  Editor: BodyEditor;
  initial?: { title: string; body: string };
  submitLabel: string;
  busy: boolean;
  /** Rejects with the server's refusal, shown above the buttons. */
  onSubmit: (input: { title: string; body: string }) => Promise<void>;
  onCancel?: () => void;
  /** Empty the form once sent (a new announcement; an edit closes instead). */
  resetOnSuccess?: boolean;
}

/** A title and a rich-text body; the server sanitizes the body and keeps the daily limit. */
export function AnnouncementForm({
  Editor,
  initial,
  submitLabel,
  busy,
  onSubmit,
  onCancel,
  resetOnSuccess = false,
}: AnnouncementFormProps) {
  const id = useId();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [body, setBody] = useState(initial?.body ?? '');
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  const [refusal, setRefusal] = useState<{ limit: boolean; message: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: { title?: string; body?: string } = {};
    if (!title.trim()) found.title = 'Please give the announcement a title';
    if (!htmlToText(body).trim()) found.body = 'Please write what you want to tell your students';
    setErrors(found);
    if (found.title || found.body) return;
    setRefusal(null);
    try {
      await onSubmit({ title: title.trim(), body });
      if (resetOnSuccess) {
        setTitle('');
        setBody('');
      }
    } catch (failure) {
      setRefusal({
        limit: failure instanceof ApiError && failure.status === 429,
        message: errorText(failure, 'Could not save the announcement'),
      });
    }
  };

  return (
    <form className="ed-ann-form" onSubmit={submit} noValidate aria-label={submitLabel}>
      <label className="ed-qa-field" htmlFor={`${id}-title`}>
        Title
      </label>
      <input
        id={`${id}-title`}
        className="ed-qa-input"
        value={title}
        maxLength={ANNOUNCEMENT_TITLE_MAX_LENGTH}
        aria-invalid={errors.title ? true : undefined}
        aria-describedby={errors.title ? `${id}-title-error` : undefined}
        onChange={(event) => setTitle(event.target.value)}
      />
      {errors.title && (
        <p id={`${id}-title-error`} className="ed-reply-error">
          {errors.title}
        </p>
      )}
      <span id={`${id}-body`} className="ed-qa-field">
        Message
      </span>
      <Editor
        value={body}
        onChange={setBody}
        labelledBy={`${id}-body`}
        describedBy={errors.body ? `${id}-body-error` : undefined}
      />
      {errors.body && (
        <p id={`${id}-body-error`} className="ed-reply-error">
          {errors.body}
        </p>
      )}
      {refusal && (
        <div className={refusal.limit ? 'ed-ann-refusal is-limit' : 'ed-ann-refusal'} role="alert">
          {refusal.limit && <strong>Daily limit reached. </strong>}
          {refusal.message}
        </div>
      )}
      <div className="ed-reply-actions">
        <Button type="primary" htmlType="submit" loading={busy}>
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
