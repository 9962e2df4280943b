import type { EducatorBalance } from '@courseport/contracts';
import { useCurrency } from '@courseport/shared-ui';
import { EarningsIcon } from '../../../components/icons';
import { day, paise } from '../format';

/** Pending, available and paid (paise), the hold if any, and how the money moves. */
export function BalanceCards({ balance }: { balance: EducatorBalance }) {
  const currency = useCurrency();
  const cards = [
    { label: 'Pending', value: balance.pending, tone: 'violet' },
    { label: 'Available for payout', value: balance.available, tone: 'green' },
    { label: 'Paid out', value: balance.paid, tone: 'blue' },
  ];
  return (
    <section aria-labelledby="ed-balance-title" className="ed-earnings-section">
      <h2 id="ed-balance-title" className="ed-section-title">
        Balance
      </h2>
      {balance.hold && (
        <div className="ed-earnings-hold" role="note">
          <strong>Your payouts are on hold</strong> since {day(balance.hold.since)}: {balance.hold.reason}. Your balance
          keeps its money and is paid once the hold is released.
        </div>
      )}
      <ul className="ed-stats ed-earnings-stats">
        {cards.map(({ label, value, tone }) => (
          <li key={label} className={`ed-panel ed-stat ed-stat-${tone}`}>
            <span className="ed-stat-icon">
              <EarningsIcon />
            </span>
            <span className="ed-stat-text">
              <span className="ed-stat-value">{paise(currency, value)}</span>
              <span className="ed-stat-label">{label}</span>
            </span>
          </li>
        ))}
      </ul>
      {balance.available < 0 && (
        <p className="ed-earnings-note">
          A refund was made after its money had been paid out: your next sales repay it before the next payout.
        </p>
      )}
      <p className="ed-earnings-note">
        A sale stays pending for {balance.holdDays} {balance.holdDays === 1 ? 'day' : 'days'} (the refund window), then
        it is available for the next monthly payout. The platform fee on new sales is {balance.feePercent}%.
      </p>
    </section>
  );
}
