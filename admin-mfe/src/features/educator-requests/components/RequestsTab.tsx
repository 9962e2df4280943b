import {
  Button,
  type EducatorRequest,
  type EducatorRequestStatus,
  ErrorState,
  type TagTone,
  tagTone,
} from '@courseport/shared-ui';
import { Avatar } from '@courseport/shared-ui/antd/avatar';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Table } from '@courseport/shared-ui/antd/table';
import { Tag } from '@courseport/shared-ui/antd/tag';
import { Typography } from '@courseport/shared-ui/antd/typography';
import { useState } from 'react';
import { RejectModal } from './RejectModal';

const STATUS_TAGS: Record<EducatorRequestStatus, { label: string; tone: TagTone }> = {
  pending: { label: 'Pending', tone: 'gold' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
};

interface RequestsTabProps {
  requests: EducatorRequest[];
  loading: boolean;
  /** Why the first load failed (nothing to show): an error state with Try Again, never the empty text. */
  loadError: string | null;
  onRetry: () => void;
  /** Requests whose approve/reject call is running. */
  busyIds: ReadonlySet<string>;
  onApprove: (requestId: string) => void;
  /** Resolves true when the request was rejected. */
  onReject: (requestId: string, reason: string) => Promise<boolean>;
}

export function RequestsTab({ requests, loading, loadError, onRetry, busyIds, onApprove, onReject }: RequestsTabProps) {
  const [rejecting, setRejecting] = useState<EducatorRequest | null>(null);

  if (loadError !== null) {
    return <ErrorState title="Could not load educator requests" message={loadError} onRetry={onRetry} />;
  }

  const submitReject = async (reason: string) => {
    if (!rejecting) return;
    if (await onReject(rejecting._id, reason)) setRejecting(null);
  };

  return (
    <>
      <section aria-label="Educator requests">
        <Table<EducatorRequest>
          rowKey="_id"
          dataSource={requests}
          loading={loading}
          scroll={{ x: 'max-content' }}
          // Columns as wide as their content (a fixed column would otherwise share the width out evenly).
          tableLayout="auto"
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          // While the first load runs the table shows its spinner, not a false 'no requests'.
          locale={{
            emptyText: loading ? (
              <span aria-hidden="true" />
            ) : (
              // In the body text's colour: antd's placeholder grey is too faint (2.6:1).
              <span className="cp-admin-empty">No educator requests found</span>
            ),
          }}
          columns={[
            {
              title: 'User',
              key: 'user',
              render: (_, request) => (
                <Flex align="center" gap={10}>
                  <Avatar src={request.userId?.imageUrl || undefined} alt="">
                    {request.name.charAt(0).toUpperCase()}
                  </Avatar>
                  <Typography.Text strong>{request.name}</Typography.Text>
                </Flex>
              ),
            },
            { title: 'Email', dataIndex: 'email', key: 'email' },
            {
              title: 'Requested At',
              dataIndex: 'requestedAt',
              key: 'requestedAt',
              render: (value: string) => new Date(value).toLocaleString(),
            },
            {
              title: 'Status',
              key: 'status',
              render: (_, request) => {
                const tag = STATUS_TAGS[request.status];
                return (
                  <Flex vertical align="flex-start" gap={4}>
                    <Tag style={tagTone(tag.tone)}>{tag.label}</Tag>
                    {request.status === 'rejected' && request.reason && (
                      <Typography.Text type="secondary" style={{ fontSize: 12, maxWidth: 260 }}>
                        Reason: {request.reason}
                      </Typography.Text>
                    )}
                  </Flex>
                );
              },
            },
            {
              title: 'Actions',
              key: 'actions',
              // Held at the right edge while the other columns scroll: a phone sees Approve and Reject (#30).
              fixed: 'right',
              render: (_, request) => {
                if (request.status !== 'pending') return null;
                const busy = busyIds.has(request._id);
                return (
                  <Flex gap={8}>
                    {/* The theme's primary (white on it passes AA; white on the old #16a34a green did not). */}
                    <Button
                      size="small"
                      type="primary"
                      aria-label={`Approve the request from ${request.name}`}
                      disabled={busy}
                      onClick={() => onApprove(request._id)}
                    >
                      Approve
                    </Button>
                    <Button
                      size="small"
                      danger
                      aria-label={`Reject the request from ${request.name}`}
                      disabled={busy}
                      onClick={() => setRejecting(request)}
                    >
                      Reject
                    </Button>
                  </Flex>
                );
              },
            },
          ]}
        />
      </section>
      <RejectModal
        request={rejecting}
        submitting={rejecting !== null && busyIds.has(rejecting._id)}
        onCancel={() => setRejecting(null)}
        onSubmit={submitReject}
      />
    </>
  );
}
