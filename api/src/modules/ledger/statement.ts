import type { LedgerEntryDoc } from './repository.js';

/**
 * A month's statement as CSV (RFC 4180: CRLF lines, fields quoted when they hold a comma, a quote
 * or a line break, quotes doubled). Text a person wrote (a course title, an adjustment's reason, a
 * coupon code) that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab
 * or a carriage return) gets a leading `'`; amounts are written as plain numbers (rupees, two
 * decimals), which a spreadsheet reads as numbers and never as formulas.
 */
export function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const rupees = (paise: number) => (paise / 100).toFixed(2);

export interface StatementTotals {
  sales: number;
  refunds: number;
  fees: number;
  adjustments: number;
  net: number;
  payouts: number;
}

export function statementTotals(entries: readonly LedgerEntryDoc[]): StatementTotals {
  const totals: StatementTotals = { sales: 0, refunds: 0, fees: 0, adjustments: 0, net: 0, payouts: 0 };
  for (const entry of entries) {
    if (entry.kind === 'sale') totals.sales += entry.gross ?? 0;
    if (entry.kind === 'refund') totals.refunds += entry.gross ?? 0;
    if (entry.kind === 'sale' || entry.kind === 'refund') totals.fees += entry.fee ?? 0;
    if (entry.kind === 'adjustment') totals.adjustments += entry.amount;
    if (entry.kind === 'payout') totals.payouts -= entry.amount;
    else totals.net += entry.amount;
  }
  return totals;
}

const DESCRIBE: Record<LedgerEntryDoc['kind'], string> = {
  sale: 'Sale',
  refund: 'Refund',
  payout: 'Payout',
  adjustment: 'Adjustment',
};

export function statementCsv(
  month: string,
  entries: readonly LedgerEntryDoc[],
  titles: ReadonlyMap<string, string>,
): string {
  const rows: string[][] = [
    ['Date', 'Type', 'Course', 'Details', 'Gross (INR)', 'Platform fee (INR)', 'Net (INR)', 'Reference'],
  ];
  for (const entry of entries) {
    const course = entry.courseId ? (titles.get(entry.courseId) ?? 'Deleted course') : '';
    const details =
      entry.kind === 'adjustment'
        ? (entry.reason ?? '')
        : entry.couponCode
          ? `Coupon ${entry.couponCode}: ${rupees(entry.discount ?? 0)} off ${rupees(entry.listAmount ?? 0)}`
          : entry.kind === 'sale'
            ? `Fee ${(entry.feeBasisPoints ?? 0) / 100}%`
            : '';
    rows.push([
      new Date(entry.createdAt).toISOString().slice(0, 10),
      DESCRIBE[entry.kind],
      csvText(course),
      csvText(details),
      entry.gross !== undefined ? rupees(entry.gross) : '',
      entry.fee !== undefined ? rupees(entry.fee) : '',
      rupees(entry.amount),
      csvText(entry.purchaseId ?? entry.runId ?? ''),
    ]);
  }
  const totals = statementTotals(entries);
  rows.push([]);
  rows.push(['Statement', month]);
  rows.push(['Sales', rupees(totals.sales)]);
  rows.push(['Refunds', rupees(totals.refunds)]);
  rows.push(['Platform fees', rupees(totals.fees)]);
  rows.push(['Adjustments', rupees(totals.adjustments)]);
  rows.push(['Net', rupees(totals.net)]);
  rows.push(['Payouts', rupees(totals.payouts)]);
  return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
}
