import { dateColumn, formatDate, Link, maxWidthQuery, money, useCurrency, useMediaQuery } from '@courseport/shared-ui';
import { Table } from '@courseport/shared-ui/antd/table';
import type { Purchase, PurchaseStatus } from '../api/purchases';

const STATUS_LABELS: Record<PurchaseStatus, string> = {
  completed: 'Completed',
  refunded: 'Refunded',
  pending: 'Pending',
  expired: 'Expired',
};

const coursePath = (courseId: string) => `/course/${encodeURIComponent(courseId)}`;

function Status({ purchase }: { purchase: Purchase }) {
  const label = STATUS_LABELS[purchase.status] ?? purchase.status;
  return (
    <span className="ln-purchase-status-cell">
      <span className={`ln-purchase-status ln-purchase-status-${purchase.status}`}>{label}</span>
      {purchase.status === 'refunded' && purchase.refundedAt && (
        <span className="ln-purchase-note">{`on ${formatDate(purchase.refundedAt)}`}</span>
      )}
    </span>
  );
}

function Amount({ purchase, currency }: { purchase: Purchase; currency: string }) {
  return (
    <span className="ln-purchase-amount">
      <span className="cp-nowrap">{money(currency, purchase.amount)}</span>
      {purchase.simulated && <span className="ln-purchase-note">Simulated payment</span>}
    </span>
  );
}

const Receipt = ({ purchase }: { purchase: Purchase }) => <code className="ln-receipt">{purchase._id}</code>;

/** Phones: one card per purchase, so nothing needs to scroll sideways. */
function PurchaseCards({ purchases, currency }: { purchases: Purchase[]; currency: string }) {
  return (
    <ul className="ln-purchase-cards">
      {purchases.map((purchase) => (
        <li key={purchase._id} className="ln-purchase-card">
          <div className="ln-purchase-card-head">
            <Link to={coursePath(purchase.courseId)} className="ln-purchase-course">
              {purchase.courseTitle}
            </Link>
            <Status purchase={purchase} />
          </div>
          <dl className="ln-purchase-facts">
            <div>
              <dt>Date</dt>
              <dd>{formatDate(purchase.createdAt)}</dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>
                <Amount purchase={purchase} currency={currency} />
              </dd>
            </div>
            <div>
              <dt>Receipt no.</dt>
              <dd>
                <Receipt purchase={purchase} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** Every purchase (in the order given, newest first): date, course, amount, status and receipt number. */
export function PurchaseList({ purchases }: { purchases: Purchase[] }) {
  const currency = useCurrency();
  // Below antd's `sm`, as My Enrollments.
  const phone = useMediaQuery(maxWidthQuery('sm'));
  if (phone) return <PurchaseCards purchases={purchases} currency={currency} />;
  return (
    <Table<Purchase>
      className="ln-purchases"
      rowKey="_id"
      dataSource={purchases}
      pagination={false}
      scroll={{ x: 'max-content' }}
      columns={[
        dateColumn<Purchase>('date', 'Date', (purchase) => purchase.createdAt),
        {
          title: 'Course',
          key: 'course',
          render: (_, purchase) => (
            <Link to={coursePath(purchase.courseId)} className="ln-purchase-course">
              {purchase.courseTitle}
            </Link>
          ),
        },
        { title: 'Amount', key: 'amount', render: (_, purchase) => <Amount purchase={purchase} currency={currency} /> },
        { title: 'Status', key: 'status', render: (_, purchase) => <Status purchase={purchase} /> },
        { title: 'Receipt no.', key: 'receipt', render: (_, purchase) => <Receipt purchase={purchase} /> },
      ]}
    />
  );
}
