import type { AnalyticsDay, EducatorAnalytics } from '@courseport/contracts/analytics';
import { money, plural, useCurrency } from '@courseport/shared-ui';
import { useMemo } from 'react';
import type { ChartSpec } from '../chart-spec';
import { downloadCsv, rupees } from '../csv';
import { dayLabel } from '../range';
import { ChartPanel } from './ChartPanel';

const csvName = (what: string, { from, to }: { from: string; to: string }) =>
  `courseport-analytics-${what}-${from}-to-${to}.csv`;

/** Revenue (net and gross) and enrollments, day by day, with their tables and CSV. */
export function SalesCharts({ analytics }: { analytics: EducatorAnalytics }) {
  const currency = useCurrency();
  const { days, totals } = analytics;
  const range = `${dayLabel(analytics.from)} to ${dayLabel(analytics.to)}`;
  const cash = (paise: number) => money(currency, paise / 100);

  const revenue = useMemo<ChartSpec>(
    () => ({
      labels: days.map((d) => dayLabel(d.day).replace(/ \d{4}$/, '')),
      series: [
        { label: 'Gross', values: days.map((d) => d.grossPaise / 100), color: '--cp-color-primary', kind: 'line' },
        { label: 'Net', values: days.map((d) => d.netPaise / 100), color: '--cp-color-success', kind: 'line' },
      ],
      formatLeft: (value) => money(currency, value, { dropZeroCents: true }),
    }),
    [days, currency],
  );
  const enrollments = useMemo<ChartSpec>(
    () => ({
      labels: days.map((d) => dayLabel(d.day).replace(/ \d{4}$/, '')),
      series: [
        { label: 'Enrollments', values: days.map((d) => d.enrollments), color: '--cp-color-accent', kind: 'bars' },
      ],
      formatLeft: (value) => (Number.isInteger(value) ? String(value) : ''),
    }),
    [days],
  );

  if (totals.sales === 0 && totals.enrollments === 0 && totals.refunds === 0) {
    return (
      <p className="ed-an-none" role="status">
        No sales or enrollments from {range}. Sales of your courses show here day by day as they happen.
      </p>
    );
  }

  const busiest = days.reduce<AnalyticsDay | undefined>(
    (best, d) => (d.netPaise > (best?.netPaise ?? 0) ? d : best),
    undefined,
  );
  const revenueSummary =
    `From ${range}: students paid ${cash(totals.grossPaise)} for ${plural(totals.sales, 'sale')}, ` +
    `${cash(totals.netPaise)} to you after the platform fee` +
    (totals.refunds ? `; ${plural(totals.refunds, 'refund')} took back ${cash(totals.refundedPaise)}` : '') +
    (busiest ? `. Best day: ${dayLabel(busiest.day)} (${cash(busiest.netPaise)} net).` : '.');
  const mostEnrolled = days.reduce<AnalyticsDay | undefined>(
    (best, d) => (d.enrollments > (best?.enrollments ?? 0) ? d : best),
    undefined,
  );
  const enrollmentSummary =
    `From ${range}: ${plural(totals.enrollments, 'new enrollment')}` +
    (mostEnrolled ? `, the most on ${dayLabel(mostEnrolled.day)} (${mostEnrolled.enrollments}).` : '.');

  return (
    <>
      <ChartPanel
        title="Revenue"
        summary={revenueSummary}
        spec={revenue}
        legend={[
          { label: 'Gross (students paid)', color: '--cp-color-primary', kind: 'line' },
          { label: 'Net (your share)', color: '--cp-color-success', kind: 'line' },
        ]}
        columns={[
          { label: 'Day' },
          { label: 'Sales', numeric: true },
          { label: 'Gross', numeric: true },
          { label: 'Net', numeric: true },
          { label: 'Refunds', numeric: true },
          { label: 'Refunded', numeric: true },
        ]}
        rows={days.map((d) => ({
          key: d.day,
          cells: [
            dayLabel(d.day),
            String(d.sales),
            cash(d.grossPaise),
            cash(d.netPaise),
            String(d.refunds),
            cash(d.refundedPaise),
          ],
        }))}
        onDownload={() =>
          downloadCsv(
            csvName('revenue', analytics),
            ['Day', 'Sales', 'Gross (paid by students)', 'Net (your share)', 'Refunds', 'Refunded (your share)'],
            days.map((d) => [
              d.day,
              d.sales,
              rupees(d.grossPaise),
              rupees(d.netPaise),
              d.refunds,
              rupees(d.refundedPaise),
            ]),
          )
        }
      />
      <ChartPanel
        title="Enrollments"
        summary={enrollmentSummary}
        spec={enrollments}
        legend={[{ label: 'New enrollments', color: '--cp-color-accent', kind: 'bars' }]}
        columns={[{ label: 'Day' }, { label: 'New enrollments', numeric: true }]}
        rows={days.map((d) => ({ key: d.day, cells: [dayLabel(d.day), String(d.enrollments)] }))}
        onDownload={() =>
          downloadCsv(
            csvName('enrollments', analytics),
            ['Day', 'New enrollments'],
            days.map((d) => [d.day, d.enrollments]),
          )
        }
      />
    </>
  );
}

/** Ratings month by month: how many, and their average. */
export function RatingsChart({ analytics }: { analytics: EducatorAnalytics }) {
  const { ratings, totals } = analytics;
  const spec = useMemo<ChartSpec>(
    () => ({
      labels: ratings.map((m) => monthShort(m.month)),
      series: [
        { label: 'Ratings', values: ratings.map((m) => m.count), color: '--cp-color-primary-border', kind: 'bars' },
        {
          label: 'Average',
          values: ratings.map((m) => m.average),
          color: '--cp-color-star',
          kind: 'line',
          scale: 'y2',
        },
      ],
      formatLeft: (value) => (Number.isInteger(value) ? String(value) : ''),
      right: { range: [0, 5], format: (value) => `${value}★` },
    }),
    [ratings],
  );
  const range = `${dayLabel(analytics.from)} to ${dayLabel(analytics.to)}`;
  if (totals.ratings === 0) {
    return (
      <p className="ed-an-none" role="status">
        No ratings from {range}.
      </p>
    );
  }
  const average = (value: number | null) => (value === null ? '—' : value.toFixed(1));
  return (
    <ChartPanel
      title="Ratings"
      summary={`From ${range}: ${plural(totals.ratings, 'rating')}, ${average(totals.averageRating)} out of 5 on average.`}
      spec={spec}
      legend={[
        { label: 'Ratings given', color: '--cp-color-primary-border', kind: 'bars' },
        { label: 'Average (out of 5)', color: '--cp-color-star', kind: 'line' },
      ]}
      columns={[{ label: 'Month' }, { label: 'Ratings', numeric: true }, { label: 'Average', numeric: true }]}
      rows={ratings.map((m) => ({ key: m.month, cells: [monthShort(m.month), String(m.count), average(m.average)] }))}
      onDownload={() =>
        downloadCsv(
          csvName('ratings', analytics),
          ['Month', 'Ratings', 'Average rating'],
          ratings.map((m) => [m.month, m.count, m.average === null ? null : m.average.toFixed(2)]),
        )
      }
    />
  );
}

const monthShort = (month: string) =>
  new Date(`${month}-01T00:00:00.000Z`).toLocaleDateString('en-GB', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
