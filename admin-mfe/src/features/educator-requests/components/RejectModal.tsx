import type { EducatorRequest } from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { useState } from 'react';

interface RejectModalProps {
  /** The request being rejected; the modal is open while it is set. */
  request: EducatorRequest | null;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
}

export function RejectModal({ request, submitting, onCancel, onSubmit }: RejectModalProps) {
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={request !== null}
      title="Reject Educator Request"
      okText="Reject Request"
      cancelText="Cancel"
      okButtonProps={{ danger: true }}
      confirmLoading={submitting}
      onOk={() => onSubmit(reason.trim())}
      onCancel={onCancel}
      afterClose={() => setReason('')}
      destroyOnHidden
    >
      {request && (
        <Typography.Paragraph>
          Reject the educator request from <strong>{request.name}</strong> ({request.email})?
        </Typography.Paragraph>
      )}
      <Input.TextArea
        aria-label="Rejection reason"
        placeholder="Reason for rejection (optional)"
        rows={4}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
    </Modal>
  );
}
