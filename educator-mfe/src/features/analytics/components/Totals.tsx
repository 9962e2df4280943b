import type { AnalyticsTotals } from '@courseport/contracts/analytics';
import { money, plural, useCurrency } from '@courseport/shared-ui';

/** The range's totals: what students paid, the educator's share, sales, enrollments, refunds, ratings. */
export function Totals({ totals }: { totals: AnalyticsTotals }) {
  const currency = useCurrency();
  const rupees = (paise: number) => money(currency, paise / 100);
  const cards = [
    { label: 'Net revenue', value: rupees(totals.netPaise), note: 'Your share after the platform fee' },
    { label: 'Gross revenue', value: rupees(totals.grossPaise), note: 'What students paid, after coupons' },
    { label: 'Sales', value: String(totals.sales), note: plural(totals.enrollments, 'new enrollment') },
    {
      label: 'Refunds',
      value: String(totals.refunds),
      note: totals.refunds ? `${rupees(totals.refundedPaise)} of your share returned` : 'None in this period',
    },
    {
      label: 'Average rating',
      value: totals.averageRating === null ? '—' : totals.averageRating.toFixed(1),
      note: plural(totals.ratings, 'rating'),
    },
  ];
  return (
    <ul className="ed-an-totals" aria-label="Totals for this period">
      {cards.map((card) => (
        <li key={card.label} className="ed-panel ed-an-total">
          <span className="ed-an-total-label">{card.label}</span>
          <span className="ed-an-total-value">{card.value}</span>
          <span className="ed-an-total-note">{card.note}</span>
        </li>
      ))}
    </ul>
  );
}
