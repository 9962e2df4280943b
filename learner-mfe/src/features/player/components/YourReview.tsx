import {
  Button,
  errorText,
  loadAntd,
  type MyReview,
  REVIEW_TEXT_MAX_LENGTH,
  type ReviewInput,
  ReviewReplyBlock,
} from '@courseport/shared-ui';
import { type ComponentProps, type FormEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useMyReview } from '../hooks/useMyReview';

export interface YourReviewProps {
  courseId: string;
  /** The student's current stars (the 'Rate this Course:' control above); 0 when not rated. */
  rating: number;
  /** The review, and the rating with it, was deleted. */
  onDeleted: () => void;
}

interface EditorProps {
  review: MyReview | null;
  rating: number;
  saving: boolean;
  deleting: boolean;
  onSave: (input: ReviewInput) => void;
  onDelete: () => void;
}

/**
 * The review's text box: a plain textarea with antd's TextArea look (`.ln-review-text`, player.css),
 * so the player's first load needs no antd (#34). It grows with its text from 4 lines to 12 (CSS
 * min- and max-height), then scrolls.
 */
function ReviewText(props: Omit<ComponentProps<'textarea'>, 'ref' | 'rows' | 'className'> & { value: string }) {
  const box = useRef<HTMLTextAreaElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new text is what changes the height.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    // The content's height with the borders (border-box): CSS keeps it between 4 and 12 lines.
    element.style.height = `${element.scrollHeight + element.offsetHeight - element.clientHeight}px`;
  }, [props.value]);
  return <textarea ref={box} rows={4} className="ln-review-text" {...props} />;
}

/** The text box, its counter and the buttons; it starts from the saved text (a new one after a delete). */
function ReviewEditor({ review, rating, saving, deleting, onSave, onDelete }: EditorProps) {
  const id = useId();
  const [text, setText] = useState(review?.text ?? '');
  const editing = review !== null && review.text !== '';
  const ready = rating > 0 && text.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !saving) onSave({ rating, text: text.trim() });
  };

  // The confirmation's code (antd's Modal) loads on the first click, not with the player.
  const confirmDelete = () =>
    void loadAntd.modal().then(({ Modal }) =>
      Modal.confirm({
        title: 'Delete your review?',
        content: 'Your stars and your text will be removed from the course page.',
        okText: 'Delete',
        okButtonProps: { danger: true },
        cancelText: 'Cancel',
        onOk: onDelete,
      }),
    );

  return (
    <form className="ln-review-form" onSubmit={submit} aria-busy={saving || deleting}>
      <label htmlFor={`${id}-text`} className="ln-review-label">
        Write your review
      </label>
      <ReviewText
        id={`${id}-text`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={REVIEW_TEXT_MAX_LENGTH}
        aria-describedby={`${id}-count${rating > 0 ? '' : ` ${id}-hint`}`}
        disabled={saving || deleting}
      />
      <p id={`${id}-count`} className="ln-review-count">
        {`${text.length} / ${REVIEW_TEXT_MAX_LENGTH} characters`}
      </p>
      {rating === 0 && (
        <p id={`${id}-hint`} className="ln-muted ln-review-hint">
          Choose your stars above to post a review.
        </p>
      )}
      <div className="ln-review-actions">
        <Button type="primary" htmlType="submit" disabled={!ready || deleting} loading={saving}>
          {editing ? 'Save changes' : 'Post review'}
        </Button>
        {review && (
          <Button danger disabled={saving} loading={deleting} onClick={confirmDelete}>
            Delete review
          </Button>
        )}
      </div>
    </form>
  );
}

/**
 * 'Your review', under the stars: the student's written review of the course (prefilled with the
 * saved one), posted with their current stars; deleting it removes the stars too. It says when a
 * moderator hid the review, and shows the educator's reply.
 */
export function YourReview({ courseId, rating, onDeleted }: YourReviewProps) {
  const { query, save, remove } = useMyReview(courseId, { onDeleted });
  const review = query.data ?? null;
  return (
    <section className="ln-review" aria-labelledby={`ln-review-title-${courseId}`}>
      <h2 id={`ln-review-title-${courseId}`} className="ln-review-title">
        Your review
      </h2>
      {query.isPending ? (
        <p role="status" className="ln-muted">
          Loading your review...
        </p>
      ) : query.isError ? (
        <div className="ln-review-error">
          <p>{errorText(query.error, 'Failed to load your review')}</p>
          <Button onClick={() => void query.refetch()}>Load your review again</Button>
        </div>
      ) : (
        <>
          {review?.hidden && <p className="ln-review-hidden">{`Hidden by a moderator: ${review.hidden.reason}`}</p>}
          <ReviewEditor
            key={review?._id ?? 'new'}
            review={review}
            rating={rating}
            saving={save.isPending}
            deleting={remove.isPending}
            onSave={(input) => save.mutate(input)}
            onDelete={() => remove.mutate()}
          />
          {review?.reply && <ReviewReplyBlock reply={review.reply} />}
        </>
      )}
    </section>
  );
}
