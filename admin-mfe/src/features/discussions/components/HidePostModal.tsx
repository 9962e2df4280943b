import type { AdminDiscussionPost } from '@courseport/contracts';
import { REVIEW_HIDE_REASON_MAX_LENGTH } from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { useId, useState } from 'react';

export const HIDE_POST_REASON_MIN_LENGTH = 3;
export const HIDE_POST_REASON_LABEL = 'Reason for hiding';
export const HIDE_POST_REASON_REQUIRED = `Please give a reason of at least ${HIDE_POST_REASON_MIN_LENGTH} characters`;
export const HIDE_POST_REASON_TOO_LONG = `The reason must be at most ${REVIEW_HIDE_REASON_MAX_LENGTH} characters`;

/** Why `reason` cannot be sent (the API's own limits, as for a review), or null. */
export function postReasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  if (length < HIDE_POST_REASON_MIN_LENGTH) return HIDE_POST_REASON_REQUIRED;
  if (length > REVIEW_HIDE_REASON_MAX_LENGTH) return HIDE_POST_REASON_TOO_LONG;
  return null;
}

interface HidePostModalProps {
  /** The question or answer being hidden; the dialog is open while it is set. */
  post: AdminDiscussionPost | null;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

/** Asks why a question or an answer is hidden (required, 3 to `REVIEW_HIDE_REASON_MAX_LENGTH` characters). */
export function HidePostModal({ post, submitting, onCancel, onSubmit }: HidePostModalProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const id = useId();
  const problem = postReasonProblem(reason);
  // Required: said once the admin tried to hide without one; too long: said at once.
  const shown = problem === HIDE_POST_REASON_TOO_LONG || tried ? problem : null;
  const what = post?.kind === 'answer' ? 'answer' : 'question';
  return (
    <Modal
      open={post !== null}
      title={`Hide this ${what}?`}
      okText={`Hide ${what}`}
      cancelText="Cancel"
      okButtonProps={{ danger: true }}
      confirmLoading={submitting}
      onOk={() => {
        setTried(true);
        if (!problem) onSubmit(reason.trim());
      }}
      onCancel={onCancel}
      afterClose={() => {
        setReason('');
        setTried(false);
      }}
      destroyOnHidden
    >
      {post && (
        <Typography.Paragraph>
          Hide <strong>{post.author.name}</strong>'s {what}
          {post.kind === 'answer' ? ' to ' : ' '}
          <strong>{post.questionTitle}</strong> in <strong>{post.course.courseTitle}</strong>? Students no longer see
          it; its author sees why.
        </Typography.Paragraph>
      )}
      <label htmlFor={`${id}-reason`} className="cp-admin-field-label">
        {HIDE_POST_REASON_LABEL}
      </label>
      <Input.TextArea
        id={`${id}-reason`}
        rows={4}
        value={reason}
        status={shown ? 'error' : undefined}
        aria-invalid={shown ? true : undefined}
        aria-required
        aria-describedby={`${id}-count${shown ? ` ${id}-error` : ''}`}
        onChange={(e) => setReason(e.target.value)}
      />
      <Typography.Text id={`${id}-count`} type="secondary" className="cp-admin-field-count">
        {`${reason.trim().length} / ${REVIEW_HIDE_REASON_MAX_LENGTH}`}
      </Typography.Text>
      {shown && (
        <Typography.Text id={`${id}-error`} type="danger" role="alert" className="cp-admin-field-error">
          {shown}
        </Typography.Text>
      )}
    </Modal>
  );
}
