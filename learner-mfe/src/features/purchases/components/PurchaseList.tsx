import { formatDate, Link, money, useCurrency } from '@courseport/shared-ui';
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

/** A column's name, said before its value on phones, where each purchase is a card (purchases.css). */
const Label = ({ children }: { children: string }) => <span className="ln-purchase-label">{children}</span>;

/**
 * Every purchase (in the order given, newest first): date, course, amount, status and receipt
 * number. A plain table with antd's look (shared-ui's `.cp-table`, #34); below 576px each row is a
 * card (course and status first, then the date, amount and receipt number, each named), by CSS
 * alone, so the page rendered on the server is already right on a phone.
 */
export function PurchaseList({ purchases }: { purchases: Purchase[] }) {
  const currency = useCurrency();
  return (
    // Below the table's least width it scrolls sideways, and the keyboard can scroll it too (a named tab stop).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1).
    <section className="cp-table-scroll ln-purchases-scroll" tabIndex={0} aria-label="Your purchases">
      <table className="cp-table ln-purchases">
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Course</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Receipt no.</th>
          </tr>
        </thead>
        <tbody>
          {purchases.map((purchase) => (
            <tr key={purchase._id} className="ln-purchase-row">
              <td className="ln-purchase-date">
                <Label>Date</Label>
                <span className="cp-nowrap">{formatDate(purchase.createdAt)}</span>
              </td>
              <td className="ln-purchase-course-cell">
                <Link to={coursePath(purchase.courseId)} className="ln-purchase-course">
                  {purchase.courseTitle}
                </Link>
              </td>
              <td className="ln-purchase-amount-cell">
                <Label>Amount</Label>
                <Amount purchase={purchase} currency={currency} />
              </td>
              <td className="ln-purchase-status-td">
                <Status purchase={purchase} />
              </td>
              <td className="ln-purchase-receipt">
                <Label>Receipt no.</Label>
                <code className="ln-receipt">{purchase._id}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
