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
  useToast,
} from '@courseport/shared-ui';
import { CONFIRM_LOAD_FAILED, openConfirmDialog, preloadConfirmDialog } from '../../../lib/confirm-dialog';
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

function PurchaseRow({
  purchase: p,
  refunding,
  onRefund,
}: {
  purchase: AdminPurchase;
  refunding: boolean;
  onRefund: (purchase: AdminPurchase) => void;
}) {
  const currency = useCurrency();
  const tag = STATUS_TAGS[p.status] ?? { label: p.status, tone: 'default' };
  return (
    <tr className="cp-admin-purchase-row" data-row-key={p._id}>
      <td>
        <span className="cp-admin-cell-stack">
          <strong>{p.student.name}</strong>
          <span className="cp-admin-small cp-nowrap">{p.student.email}</span>
        </span>
      </td>
      <td>
        <span className="cp-admin-purchase-course">{p.course.courseTitle}</span>
      </td>
      <td>
        <span className="cp-admin-cell-stack cp-admin-cell-stack-tags">
          <span className="cp-nowrap">{money(currency, p.amount)}</span>
          {p.simulated && (
            // antd's Tooltip said it on hover; the title says it there.
            <span className="cp-tag" style={tagTone('orange')} title={SIMULATED_HINT}>
              Simulated
            </span>
          )}
        </span>
      </td>
      <td>
        <span className="cp-admin-cell-stack cp-admin-cell-stack-tags">
          <span className="cp-tag" style={tagTone(tag.tone)}>
            {tag.label}
          </span>
          {p.status === 'refunded' && p.refundedAt && (
            <span className="cp-admin-small cp-nowrap">on {formatDate(p.refundedAt)}</span>
          )}
        </span>
      </td>
      <td>
        <span className="cp-admin-cell-stack cp-nowrap">
          <span>{formatDate(p.createdAt)}</span>
          <span className="cp-admin-small">{timeText(p.createdAt)}</span>
        </span>
      </td>
      <td className="cp-admin-actions-cell">
        {p.status === 'completed' && (
          <Button
            size="small"
            danger
            aria-label={`Refund ${p.student.name}'s purchase of ${p.course.courseTitle}`}
            disabled={refunding}
            onPointerEnter={preloadConfirmDialog}
            onFocus={preloadConfirmDialog}
            onClick={() => onRefund(p)}
          >
            {refunding ? 'Refunding...' : 'Refund'}
          </Button>
        )}
      </td>
    </tr>
  );
}

/**
 * Every purchase on the platform: a plain table with antd's look (#34: the tab's first screen draws
 * no antd; shared-ui's `.cp-table`, `.cp-tag`; admin.css). On phones the table scrolls sideways in
 * its box while the Actions column stays at its right edge (#30). The refund's confirmation loads
 * antd when it is wanted.
 */
export function PurchasesTab(props: PurchasesTabProps) {
  const { purchases, total, state, loadingMore, refundingIds, onRetry, onLoadMore, onRefund } = props;
  const currency = useCurrency();
  const toast = useToast();

  const confirmRefund = (purchase: AdminPurchase) =>
    void openConfirmDialog({
      title: 'Refund this purchase?',
      content: (
        <>
          <p className="cp-admin-confirm-text">The student loses access to the course.</p>
          <p className="cp-admin-confirm-text cp-admin-secondary">
            {purchase.student.name} ({purchase.student.email}) paid {money(currency, purchase.amount)} for{' '}
            {purchase.course.courseTitle}.
            {purchase.simulated ? ' It was a simulated payment: no money is returned.' : ''}
          </p>
        </>
      ),
      okText: 'Refund',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => onRefund(purchase._id),
    }).catch((error: unknown) => toast.failure(error, CONFIRM_LOAD_FAILED, { network: 'fallback' }));

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
        <div className="cp-admin-purchases-list">
          {/* The labelled region is the table's scroll box: on a phone it scrolls sideways, and the
              keyboard can scroll it too (one named tab stop). */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1). */}
          <section className="cp-table-scroll" tabIndex={0} aria-label="Purchases">
            <table className="cp-table cp-admin-purchases">
              <thead>
                <tr>
                  <th scope="col">Student</th>
                  <th scope="col">Course</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Date</th>
                  <th scope="col" className="cp-admin-actions-cell">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {purchases.map((purchase) => (
                  <PurchaseRow
                    key={purchase._id}
                    purchase={purchase}
                    refunding={refundingIds.has(purchase._id)}
                    onRefund={confirmRefund}
                  />
                ))}
              </tbody>
            </table>
          </section>
          <div className="cp-admin-purchases-foot">
            <span className="cp-admin-secondary">
              Showing {purchases.length} of {Math.max(total, purchases.length)} purchases
            </span>
            {purchases.length < total && (
              <Button onClick={onLoadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading...' : 'Show more'}
              </Button>
            )}
          </div>
        </div>
      )}
    </QueryStates>
  );
}
