import type { LedgerEntry, LedgerEntryKind } from '@courseport/contracts';
import { type TagTone, useCurrency } from '@courseport/shared-ui';
import { day, paise } from '../format';

const KINDS: Record<LedgerEntryKind, { label: string; tone: TagTone }> = {
  sale: { label: 'Sale', tone: 'green' },
  refund: { label: 'Refund', tone: 'red' },
  payout: { label: 'Payout', tone: 'blue' },
  adjustment: { label: 'Adjustment', tone: 'purple' },
};

function details(entry: LedgerEntry, currency: string, now: number) {
  const parts: string[] = [];
  if (entry.kind === 'sale') parts.push('Course sale');
  if (entry.kind === 'refund') parts.push('Sale refunded');
  if (entry.kind === 'payout') parts.push(entry.runId ? `Payout run ${entry.runId}` : 'Payout');
  if (entry.kind === 'adjustment') parts.push(entry.reason || 'Adjustment');
  if (entry.couponCode) {
    const discount = entry.discount ? ` (${paise(currency, -entry.discount)})` : '';
    parts.push(`Coupon ${entry.couponCode}${discount}`);
  }
  if (entry.kind === 'sale' && new Date(entry.availableAt).getTime() > now) {
    parts.push(`Available ${day(entry.availableAt)}`);
  }
  return parts.join(' · ');
}

/** The entry's course by its title now (the API looks it up); a deleted one says so; none: a dash. */
function courseOf(entry: LedgerEntry) {
  if (!entry.courseId) return '—';
  return entry.courseTitle ?? 'Deleted course';
}

/** The ledger's entries as a plain table with antd's look (`.cp-table`): gross, fee and net. */
export function LedgerTable({ entries }: { entries: LedgerEntry[] }) {
  const currency = useCurrency();
  const now = Date.now();
  const amount = (value: number | undefined) => (value === undefined ? '—' : paise(currency, value));
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll box the keyboard must reach (WCAG 2.1.1).
    <section className="cp-table-scroll ed-table-wrap" tabIndex={0} aria-label="Ledger entries">
      <table className="cp-table ed-table">
        <caption className="cp-visually-hidden">Ledger entries, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Course</th>
            <th scope="col">Details</th>
            <th scope="col" className="ed-num">
              Gross
            </th>
            <th scope="col" className="ed-num">
              Fee
            </th>
            <th scope="col" className="ed-num">
              Net
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const kind = KINDS[entry.kind] ?? { label: entry.kind, tone: 'default' };
            return (
              <tr key={entry.id} className="ed-row">
                <td className="cp-nowrap">{day(entry.createdAt)}</td>
                <td>
                  <span className={`cp-tag cp-tag-${kind.tone}`}>{kind.label}</span>
                </td>
                <td>
                  <span className="ed-ledger-text">{courseOf(entry)}</span>
                </td>
                <td>
                  <span className="ed-ledger-text">{details(entry, currency, now)}</span>
                </td>
                <td className="ed-num cp-nowrap">{amount(entry.gross)}</td>
                <td className="ed-num cp-nowrap">{amount(entry.fee)}</td>
                <td className="ed-num cp-nowrap ed-net">{paise(currency, entry.amount)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
