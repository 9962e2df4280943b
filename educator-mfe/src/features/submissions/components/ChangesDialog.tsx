import { Button } from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { useId, useState } from 'react';

export const COMMENT_REQUIRED = 'Please write what the student should change';
const COMMENT_MAX = 2000;

/**
 * 'Ask for changes': the comment the student gets (required). antd's Modal in the platform's theme,
 * in its own chunk: the submissions page loads it when first wanted (#34).
 */
export function ChangesDialog({
  studentName,
  sending,
  onSend,
  onCancel,
}: {
  /** Whose project; null while closed. */
  studentName: string | null;
  sending: boolean;
  onSend: (comment: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setComment('');
    setProblem(null);
    onCancel();
  };
  const send = () => {
    if (!comment.trim()) {
      setProblem(COMMENT_REQUIRED);
      document.getElementById(`${id}-comment`)?.focus();
      return;
    }
    onSend(comment.trim());
  };
  return (
    <Themed>
      <Modal
        open={studentName !== null}
        title="Ask for changes"
        onCancel={close}
        afterClose={() => {
          setComment('');
          setProblem(null);
        }}
        destroyOnHidden
        footer={[
          <Button key="cancel" onClick={close}>
            Cancel
          </Button>,
          <Button key="send" type="primary" loading={sending} disabled={sending} onClick={send}>
            Send to the student
          </Button>,
        ]}
      >
        <div className="ed-field">
          <label htmlFor={`${id}-comment`} className="ed-field-label">
            {`What should ${studentName ?? 'the student'} change?`}
          </label>
          <Input.TextArea
            id={`${id}-comment`}
            autoSize={{ minRows: 4, maxRows: 10 }}
            maxLength={COMMENT_MAX}
            value={comment}
            aria-required
            onChange={(event) => {
              setComment(event.target.value);
              if (event.target.value.trim()) setProblem(null);
            }}
            {...(problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-error`, status: 'error' as const } : {})}
          />
          {problem && (
            <div id={`${id}-error`} className="ed-field-error" role="alert">
              {problem}
            </div>
          )}
        </div>
      </Modal>
    </Themed>
  );
}
