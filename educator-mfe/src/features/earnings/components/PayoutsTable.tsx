import type { Payout } from '@courseport/contracts';
import { useCurrency } from '@courseport/shared-ui';
import { day, paise } from '../format';

/** The educator's payouts: when, how much, its status and the bank's reference once paid. */
export function PayoutsTable({ payouts }: { payouts: Payout[] }) {
  const currency = useCurrency();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1).
    <section className="cp-table-scroll ed-table-wrap" tabIndex={0} aria-label="Payouts">
      <table className="cp-table ed-table">
        <caption className="cp-visually-hidden">Payouts, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col" className="ed-num">
              Amount
            </th>
            <th scope="col">Status</th>
            <th scope="col">Bank reference</th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((payout) => (
            <tr key={payout.id} className="ed-row">
              <td className="cp-nowrap">{day(payout.paidAt ?? payout.createdAt)}</td>
              <td className="ed-num cp-nowrap">{paise(currency, payout.amount)}</td>
              <td>
                {payout.status === 'paid' ? (
                  <span className="cp-tag cp-tag-green">Paid</span>
                ) : (
                  <span className="cp-tag cp-tag-gold">Processing</span>
                )}
              </td>
              <td>{payout.bankReference ?? 'Not paid yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
