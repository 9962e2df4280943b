import { REVIEW_HIDE_REASON_MAX_LENGTH } from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { type ReactNode, useId, useState } from 'react';

export const HIDE_REASON_MIN_LENGTH = 3;
export const HIDE_REASON_LABEL = 'Reason for hiding';
export const HIDE_REASON_REQUIRED = `Please give a reason of at least ${HIDE_REASON_MIN_LENGTH} characters`;
export const HIDE_REASON_TOO_LONG = `The reason must be at most ${REVIEW_HIDE_REASON_MAX_LENGTH} characters`;

/** Why `reason` cannot be sent (the API's limits for a review's, a question's or an answer's), or null. */
export function reasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  if (length < HIDE_REASON_MIN_LENGTH) return HIDE_REASON_REQUIRED;
  if (length > REVIEW_HIDE_REASON_MAX_LENGTH) return HIDE_REASON_TOO_LONG;
  return null;
}

interface HideWithReasonModalProps {
  open: boolean;
  /** What is hidden ('review', 'question', 'answer'): the title and the button say it. */
  what: string;
  /** Whose it is and what hiding it does. */
  children?: ReactNode;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

/** Asks why something people wrote is hidden (required, 3 to `REVIEW_HIDE_REASON_MAX_LENGTH` characters). */
export function HideWithReasonModal({
  open,
  what,
  children,
  submitting,
  onCancel,
  onSubmit,
}: HideWithReasonModalProps) {
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const id = useId();
  const problem = reasonProblem(reason);
  // Required: said once the admin tried to hide without one; too long: said at once.
  const shown = problem === HIDE_REASON_TOO_LONG || tried ? problem : null;
  return (
    <Modal
      open={open}
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
      {children}
      <label htmlFor={`${id}-reason`} className="cp-admin-field-label">
        {HIDE_REASON_LABEL}
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
