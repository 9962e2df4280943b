import type { AnalyticsDay } from '@courseport/contracts/analytics';
import { screen, within } from '@testing-library/react';
import { beforeEach, expect, it, vi } from 'vitest';
import { addDays, defaultRange } from '../src/features/analytics/range';
import { mockGet, renderPortal, setCurrencyLabel, signInAsEducator, tableRows, user } from './helpers';

// The chart library's chunk never arrives (a slow network): the page must not wait for it.
vi.mock('../src/features/analytics/charts/UPlotChart', () => new Promise(() => {}));

beforeEach(() => {
  signInAsEducator();
  setCurrencyLabel('Rs');
});

it('paints the totals, summaries and tables while the chart library is still loading', async () => {
  const { from, to } = defaultRange();
  const days: AnalyticsDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const sale = d === to;
    days.push({
      day: d,
      enrollments: sale ? 1 : 0,
      sales: sale ? 1 : 0,
      grossPaise: sale ? 49900 : 0,
      netPaise: sale ? 39920 : 0,
      refunds: 0,
      refundedPaise: 0,
    });
  }
  mockGet({
    [`/api/educator/analytics?from=${from}&to=${to}`]: () => ({
      success: true,
      analytics: {
        from,
        to,
        courseId: null,
        courses: [{ id: 'c1', title: 'Rust for Beginners' }],
        totals: {
          enrollments: 1,
          sales: 1,
          grossPaise: 49900,
          netPaise: 39920,
          refunds: 0,
          refundedPaise: 0,
          ratings: 0,
          averageRating: null,
        },
        days,
        ratings: [],
      },
    }),
    '/api/educator/quiz-stats': () => ({ success: true, quizzes: [] }),
  });
  renderPortal('/educator/analytics');
  expect(await screen.findByText('Rs 399.20')).toBeInTheDocument();
  const revenue = screen.getByRole('heading', { name: 'Revenue', level: 3 }).closest('section') as HTMLElement;
  expect(within(revenue).getByText('Loading chart…')).toBeInTheDocument();
  expect(within(revenue).getByText(/students paid Rs 499\.00 for 1 sale/)).toBeInTheDocument();
  await user.click(within(revenue).getByRole('button', { name: 'Show data table' }));
  expect(tableRows(revenue).at(-1)).toEqual([expect.any(String), '1', 'Rs 499.00', 'Rs 399.20', '0', 'Rs 0.00']);
  expect(within(revenue).getByText('Loading chart…')).toBeInTheDocument();
});
