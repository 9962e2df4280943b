import {
  Button,
  EmptyState,
  formatDate,
  money,
  type QueryState,
  QueryStates,
  type TagTone,
  tagTone,
  useCurrency,
} from '@courseport/shared-ui';
import { Flex } from '@courseport/shared-ui/antd/flex';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Table } from '@courseport/shared-ui/antd/table';
import { Tag } from '@courseport/shared-ui/antd/tag';
import { Tooltip } from '@courseport/shared-ui/antd/tooltip';
import { Typography } from '@courseport/shared-ui/antd/typography';
import type { AdminPurchase, PurchaseStatus } from '../api/purchases';

const STATUS_TAGS: Record<PurchaseStatus, { label: string; tone: TagTone }> = {
  pending: { label: 'Pending', tone: 'gold' },
  completed: { label: 'Completed', tone: 'green' },
  refunded: { label: 'Refunded', tone: 'purple' },
  expired: { label: 'Expired', tone: 'default' },
};

const timeText = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

const SIMULATED_HINT = 'Paid through the local test checkout: no real money moved.';

interface PurchasesTabProps {
  purchases: AdminPurchase[];
  total: number;
  /** Loading until the first page has answered; its failure (retry). */
  state: QueryState<unknown>;
  loadingMore: boolean;
  /** Purchases whose refund is running. */
  refundingIds: ReadonlySet<string>;
  onRetry: () => void;
  onLoadMore: () => void;
  onRefund: (purchaseId: string) => Promise<void>;
}

export function PurchasesTab(props: PurchasesTabProps) {
  const { purchases, total, state, loadingMore, refundingIds, onRetry, onLoadMore, onRefund } = props;
  const currency = useCurrency();

  const confirmRefund = (purchase: AdminPurchase) =>
    Modal.confirm({
      title: 'Refund this purchase?',
      content: (
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            The student loses access to the course.
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {purchase.student.name} ({purchase.student.email}) paid {money(currency, purchase.amount)} for{' '}
            {purchase.course.courseTitle}.
            {purchase.simulated ? ' It was a simulated payment: no money is returned.' : ''}
          </Typography.Paragraph>
        </>
      ),
      okText: 'Refund',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => onRefund(purchase._id),
    });

  return (
    <QueryStates
      state={state}
      loadingText="Loading purchases..."
      errorTitle="Could not load purchases"
      onRetry={onRetry}
      isEmpty={() => purchases.length === 0}
      empty={<EmptyState title="No purchases yet" />}
    >
      {() => (
        <Flex vertical gap={16}>
          <section aria-label="Purchases">
            <Table<AdminPurchase>
              rowKey="_id"
              dataSource={purchases}
              // Fits the dashboard's column on desktops; narrower screens scroll it sideways.
              scroll={{ x: 880 }}
              // Columns as wide as their content: a fixed column would otherwise make antd share the
              // width out evenly, and an e-mail would run into the course beside it.
              tableLayout="auto"
              pagination={false}
              columns={[
                {
                  title: 'Student',
                  key: 'student',
                  render: (_, p) => (
                    <Flex vertical gap={2}>
                      <Typography.Text strong>{p.student.name}</Typography.Text>
                      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                        {p.student.email}
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  title: 'Course',
                  key: 'course',
                  render: (_, p) => (
                    <span style={{ display: 'inline-block', minWidth: 140, maxWidth: 240 }}>
                      {p.course.courseTitle}
                    </span>
                  ),
                },
                {
                  title: 'Amount',
                  key: 'amount',
                  render: (_, p) => (
                    <Flex vertical align="flex-start" gap={4}>
                      <span style={{ whiteSpace: 'nowrap' }}>{money(currency, p.amount)}</span>
                      {p.simulated && (
                        <Tooltip title={SIMULATED_HINT}>
                          <Tag style={{ ...tagTone('orange'), marginInlineEnd: 0 }}>Simulated</Tag>
                        </Tooltip>
                      )}
                    </Flex>
                  ),
                },
                {
                  title: 'Status',
                  key: 'status',
                  render: (_, p) => {
                    const tag = STATUS_TAGS[p.status] ?? { label: p.status, tone: 'default' };
                    return (
                      <Flex vertical align="flex-start" gap={4}>
                        <Tag style={tagTone(tag.tone)}>{tag.label}</Tag>
                        {p.status === 'refunded' && p.refundedAt && (
                          <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
                            on {formatDate(p.refundedAt)}
                          </Typography.Text>
                        )}
                      </Flex>
                    );
                  },
                },
                {
                  title: 'Date',
                  key: 'date',
                  render: (_, p) => (
                    <Flex vertical gap={2} style={{ whiteSpace: 'nowrap' }}>
                      <span>{formatDate(p.createdAt)}</span>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {timeText(p.createdAt)}
                      </Typography.Text>
                    </Flex>
                  ),
                },
                {
                  title: 'Actions',
                  key: 'actions',
                  // Held at the right edge while the other columns scroll: a phone sees every Refund (#30).
                  fixed: 'right',
                  render: (_, p) =>
                    p.status === 'completed' ? (
                      <Button
                        size="small"
                        danger
                        aria-label={`Refund ${p.student.name}'s purchase of ${p.course.courseTitle}`}
                        disabled={refundingIds.has(p._id)}
                        onClick={() => confirmRefund(p)}
                      >
                        {refundingIds.has(p._id) ? 'Refunding...' : 'Refund'}
                      </Button>
                    ) : null,
                },
              ]}
            />
          </section>
          <Flex wrap justify="space-between" align="center" gap={12}>
            <Typography.Text type="secondary">
              Showing {purchases.length} of {Math.max(total, purchases.length)} purchases
            </Typography.Text>
            {purchases.length < total && (
              <Button onClick={onLoadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading...' : 'Show more'}
              </Button>
            )}
          </Flex>
        </Flex>
      )}
    </QueryStates>
  );
}
