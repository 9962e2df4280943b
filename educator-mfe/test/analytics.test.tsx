import type { QuizStats } from '@courseport/contracts';
import type { AnalyticsDay, CourseLessonReach, EducatorAnalytics } from '@courseport/contracts/analytics';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChartSpec } from '../src/features/analytics/chart-spec';
import { addDays, dayOf, defaultRange, presetRange } from '../src/features/analytics/range';
import {
  button,
  deferred,
  failsUntilRecovered,
  getCalls,
  link,
  mockGet,
  renderPortal,
  serverError,
  setCurrencyLabel,
  signInAsEducator,
  tableRows,
  user,
} from './helpers';

// The chart library draws on a canvas, which jsdom has not: its component (the page's lazy chunk)
// is replaced by one that lists what it was given. The e2e journey draws the real one.
vi.mock('../src/features/analytics/charts/UPlotChart', () => ({
  default: ({ spec }: { spec: ChartSpec }) => (
    <div data-testid="analytics-chart">{spec.series.map((s) => `${s.label}: ${s.values.join(' ')}`).join(' | ')}</div>
  ),
}));

const PATH = '/api/educator/analytics';
const QUIZZES = '/api/educator/quiz-stats';
const REACH = '/api/educator/analytics/courses/c1/lessons';
const path = (from: string, to: string, courseId?: string) =>
  `${PATH}?from=${from}&to=${to}${courseId ? `&courseId=${courseId}` : ''}`;
const first = defaultRange();
const DEFAULT = path(first.from, first.to);

const COURSES = [
  { id: 'c1', title: 'Rust for Beginners' },
  { id: 'c2', title: 'Advanced Go' },
];

function day(d: string, values: Partial<AnalyticsDay> = {}): AnalyticsDay {
  return { day: d, enrollments: 0, sales: 0, grossPaise: 0, netPaise: 0, refunds: 0, refundedPaise: 0, ...values };
}

/** The range's days, with a coupon sale (Rs 449.10 paid, Rs 359.28 net) and a refund on its last two. */
function analytics(from: string, to: string, overrides: Partial<EducatorAnalytics> = {}): EducatorAnalytics {
  const days: AnalyticsDay[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(day(d));
  days[days.length - 2] = day(addDays(to, -1), { enrollments: 2, sales: 1, grossPaise: 44910, netPaise: 35928 });
  days[days.length - 1] = day(to, { refunds: 1, refundedPaise: 35928, enrollments: 1 });
  return {
    from,
    to,
    courseId: null,
    courses: COURSES,
    totals: {
      enrollments: 3,
      sales: 1,
      grossPaise: 44910,
      netPaise: 35928,
      refunds: 1,
      refundedPaise: 35928,
      ratings: 3,
      averageRating: 4.333,
    },
    days,
    ratings: [
      { month: from.slice(0, 7), count: 1, average: 5 },
      ...(from.slice(0, 7) === to.slice(0, 7) ? [] : [{ month: to.slice(0, 7), count: 2, average: 4 }]),
    ],
    ...overrides,
  };
}

const REACH_C1: CourseLessonReach = {
  courseId: 'c1',
  courseTitle: 'Rust for Beginners',
  enrolled: 3,
  completed: 1,
  lessons: [
    {
      lectureId: 'l1',
      title: 'Hello',
      chapterTitle: 'Basics',
      order: 1,
      kind: 'video',
      started: 3,
      finished: 3,
      leftHere: 0,
    },
    {
      lectureId: 'l2',
      title: 'Ownership',
      chapterTitle: 'Basics',
      order: 2,
      kind: 'article',
      started: 2,
      finished: 1,
      leftHere: 1,
    },
    {
      lectureId: 'l3',
      title: 'Check',
      chapterTitle: 'Basics',
      order: 3,
      kind: 'quiz',
      started: 1,
      finished: 1,
      leftHere: 0,
    },
  ],
};

const QUIZ: QuizStats = {
  courseId: 'c1',
  courseTitle: 'Rust for Beginners',
  lectureId: 'l3',
  lectureTitle: 'Check',
  attempts: 4,
  students: 2,
  averagePercent: 75,
  passRate: 50,
  mostMissed: { questionId: 'q1', prompt: 'What is a borrow?', missed: 2 },
};
const OTHER_QUIZ: QuizStats = {
  ...QUIZ,
  courseId: 'c2',
  courseTitle: 'Advanced Go',
  lectureId: 'g1',
  lectureTitle: 'Goroutines',
};

function handlers(extra: Record<string, () => unknown> = {}) {
  return {
    [DEFAULT]: (): unknown => ({ success: true, analytics: analytics(first.from, first.to) }),
    [path(first.from, first.to, 'c1')]: (): unknown => ({
      success: true,
      analytics: { ...analytics(first.from, first.to), courseId: 'c1' },
    }),
    [REACH]: (): unknown => ({ success: true, reach: REACH_C1 }),
    [QUIZZES]: (): unknown => ({ success: true, quizzes: [QUIZ, OTHER_QUIZ] }),
    ...extra,
  };
}

const section = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section') as HTMLElement;
const panel = (name: string | RegExp) =>
  screen.getByRole('heading', { name, level: 3 }).closest('section') as HTMLElement;
const totals = () =>
  Array.from(screen.getByRole('list', { name: 'Totals for this period' }).querySelectorAll('li')).map((li) =>
    Array.from(li.children).map((child) => child.textContent),
  );

/** A saved file's text (jsdom's Blob has no `text()`). */
const textOf = (blob: Blob | undefined) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    if (blob) reader.readAsText(blob);
    else reject(new Error('no file saved'));
  });

/** The CSV files the page saved (through `saveBlob`: an object URL clicked as a download). */
let saved: Array<{ name: string; blob: Blob }> = [];
beforeEach(() => {
  signInAsEducator();
  setCurrencyLabel('Rs');
  saved = [];
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = vi.fn((blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Analytics', () => {
  it('is in the sidebar after Earnings and names the tab', async () => {
    mockGet(handlers());
    renderPortal('/educator');
    expect(link('Analytics')).toHaveAttribute('href', '/educator/analytics');
    renderPortal('/educator/analytics');
    expect(await screen.findByRole('heading', { name: 'Analytics', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Analytics · Educator/));
  });

  it('asks for the last 30 days first and shows the totals in rupees: gross after the coupon, net after the fee', async () => {
    mockGet(handlers());
    renderPortal('/educator/analytics');
    await screen.findByRole('list', { name: 'Totals for this period' });
    expect(getCalls(DEFAULT)).toBe(1);
    expect(totals()).toEqual([
      ['Net revenue', 'Rs 359.28', 'Your share after the platform fee'],
      ['Gross revenue', 'Rs 449.10', 'What students paid, after coupons'],
      ['Sales', '1', '3 new enrollments'],
      ['Refunds', '1', 'Rs 359.28 of your share returned'],
      ['Average rating', '4.3', '3 ratings'],
    ]);
    expect(button('Last 30 days')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('From')).toHaveValue(first.from);
    expect(screen.getByLabelText('To')).toHaveValue(first.to);
  });

  it('draws each chart from the data, hidden from screen readers, with a text alternative and a data table', async () => {
    mockGet(handlers());
    renderPortal('/educator/analytics');
    const revenue = await waitFor(() => panel('Revenue'));
    const chart = await within(revenue).findByTestId('analytics-chart');
    expect(chart.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(chart).toHaveTextContent(/Gross: (0 )+449\.1 0 \| Net: (0 )+359\.28 0$/);
    expect(
      within(revenue).getByText(/students paid Rs 449\.10 for 1 sale, Rs 359\.28 to you after the platform fee/),
    ).toBeInTheDocument();

    // The table is one click away, and says the same.
    expect(within(revenue).queryByRole('table')).toBeNull();
    const toggle = button('Show data table', revenue);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(button('Hide data table', revenue)).toHaveAttribute('aria-expanded', 'true');
    const rows = tableRows(revenue);
    expect(rows).toHaveLength(30);
    expect(rows.at(-2)).toEqual([expect.any(String), '1', 'Rs 449.10', 'Rs 359.28', '0', 'Rs 0.00']);
    expect(rows.at(-1)).toEqual([expect.any(String), '0', 'Rs 0.00', 'Rs 0.00', '1', 'Rs 359.28']);

    const enrollments = panel('Enrollments');
    expect(await within(enrollments).findByTestId('analytics-chart')).toHaveTextContent(/^Enrollments: (0 )+2 1$/);
    const ratings = panel('Ratings');
    expect(within(ratings).getByText(/3 ratings, 4\.3 out of 5 on average/)).toBeInTheDocument();
    await user.click(button('Show data table', ratings));
    expect(tableRows(ratings)[0]).toEqual([expect.any(String), '1', '5.0']);
  });

  it('exports each table as CSV built from the data', async () => {
    mockGet(handlers());
    renderPortal('/educator/analytics');
    const revenue = await waitFor(() => panel('Revenue'));
    await waitFor(() => expect(tableRows(panel('Quiz results'))).toHaveLength(2));
    await user.click(button('Download CSV', revenue));
    expect(saved.map((file) => file.name)).toEqual([`courseport-analytics-revenue-${first.from}-to-${first.to}.csv`]);
    const lines = (await textOf(saved[0]?.blob)).split('\r\n');
    expect(lines[0]).toBe('Day,Sales,Gross (paid by students),Net (your share),Refunds,Refunded (your share)');
    expect(lines).toHaveLength(32); // header, 30 days, the final line end
    expect(lines[29]).toBe(`${addDays(first.to, -1)},1,449.10,359.28,0,0.00`);
    expect(lines[30]).toBe(`${first.to},0,0.00,0.00,1,359.28`);

    await user.click(button('Download CSV', panel('Quiz results')));
    const quizCsv = (await textOf(saved[1]?.blob)).split('\r\n');
    expect(quizCsv?.[1]).toBe('Check,Rust for Beginners,4,2,75,50,What is a borrow?,2');
  });

  it('changes the period with a preset and with dates of its own, and says what is wrong with a bad one', async () => {
    const week = presetRange('7d');
    const custom = { from: addDays(first.to, -100), to: addDays(first.to, -50) };
    mockGet(
      handlers({
        [path(week.from, week.to)]: () => ({ success: true, analytics: analytics(week.from, week.to) }),
        [path(custom.from, custom.to)]: () => ({ success: true, analytics: analytics(custom.from, custom.to) }),
      }),
    );
    renderPortal('/educator/analytics');
    await screen.findByRole('list', { name: 'Totals for this period' });

    await user.click(button('Last 7 days'));
    await waitFor(() => expect(getCalls(path(week.from, week.to))).toBe(1));
    expect(button('Last 7 days')).toHaveAttribute('aria-pressed', 'true');
    expect(button('Last 30 days')).toHaveAttribute('aria-pressed', 'false');
    await user.click(button('Show data table', await waitFor(() => panel('Revenue'))));
    await waitFor(() => expect(tableRows(panel('Revenue'))).toHaveLength(7));

    // The end before the start: refused here, nothing asked.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: custom.to } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: custom.from } });
    await user.click(button('Apply dates'));
    expect(screen.getByRole('alert')).toHaveTextContent('The start date must be on or before the end date.');
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: custom.from } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: custom.to } });
    await user.click(button('Apply dates'));
    await waitFor(() => expect(getCalls(path(custom.from, custom.to))).toBe(1));
    expect(screen.queryByRole('alert')).toBeNull();
    for (const preset of ['Last 7 days', 'Last 30 days', 'Last 90 days', 'Last 12 months']) {
      expect(button(preset)).toHaveAttribute('aria-pressed', 'false');
    }
  });

  it('narrows to one course: its lessons reach and drop-off in course order, and its quizzes only', async () => {
    mockGet(handlers());
    renderPortal('/educator/analytics');
    await screen.findByRole('list', { name: 'Totals for this period' });
    expect(screen.getByText(/Choose a course above/)).toBeInTheDocument();
    await waitFor(() => expect(tableRows(panel('Quiz results')).map((row) => row[0])).toEqual(['Check', 'Goroutines']));

    await user.selectOptions(screen.getByLabelText('Course'), 'Rust for Beginners');
    await waitFor(() => expect(getCalls(path(first.from, first.to, 'c1'))).toBe(1));
    const reach = await waitFor(() => panel('Lesson reach: Rust for Beginners'));
    // The lessons' table is open from the start: the numbers are the point here.
    expect(tableRows(reach)).toEqual([
      ['1', 'Hello (Video)', 'Basics', '3', '3', '0'],
      ['2', 'Ownership (Article)', 'Basics', '2', '1', '1'],
      ['3', 'Check (Quiz)', 'Basics', '1', '1', '0'],
    ]);
    expect(
      within(reach).getByText(/Most students stopped at lesson 2, Ownership \(1 left there\)/),
    ).toBeInTheDocument();
    expect(await within(reach).findByTestId('analytics-chart')).toHaveTextContent(
      'Left here: 0 1 0 | Started: 3 2 1 | Finished: 3 1 1',
    );
    expect(tableRows(panel('Quiz results')).map((row) => row[0])).toEqual(['Check']);

    await user.click(button('Download CSV', reach));
    expect(saved[0]?.name).toBe('courseport-analytics-lessons-c1.csv');
    expect((await textOf(saved[0]?.blob)).split('\r\n')[2]).toBe('2,Ownership,article,Basics,2,1,1');
  });

  it('opens at the URL’s period and course', async () => {
    const range = { from: '2026-01-01', to: '2026-01-31' };
    mockGet(
      handlers({
        [path(range.from, range.to, 'c1')]: () => ({
          success: true,
          analytics: { ...analytics(range.from, range.to), courseId: 'c1' },
        }),
      }),
    );
    renderPortal(`/educator/analytics?from=${range.from}&to=${range.to}&course=c1`);
    await waitFor(() => panel('Lesson reach: Rust for Beginners'));
    expect(screen.getByLabelText('Course')).toHaveValue('c1');
    expect(screen.getByLabelText('From')).toHaveValue(range.from);
    expect(getCalls(DEFAULT)).toBe(0);
  });

  it('shows loading first, then a new educator’s empty state', async () => {
    const pending = deferred<unknown>();
    mockGet(handlers({ [DEFAULT]: () => pending.promise }));
    renderPortal('/educator/analytics');
    expect(screen.getByText('Loading your analytics...')).toBeInTheDocument();
    // The controls are there from the start.
    expect(button('Last 30 days')).toBeEnabled();
    pending.resolve({
      success: true,
      analytics: {
        ...analytics(first.from, first.to),
        courses: [],
        days: [],
        ratings: [],
        totals: { ...analytics(first.from, first.to).totals, sales: 0 },
      },
    });
    expect(await screen.findByText('No analytics yet')).toBeInTheDocument();
    expect(button('Add a course')).toBeInTheDocument();
  });

  it('says when a period had no sales and no ratings, with the totals at zero', async () => {
    const none = analytics(first.from, first.to);
    mockGet(
      handlers({
        [DEFAULT]: () => ({
          success: true,
          analytics: {
            ...none,
            days: none.days.map((d) => day(d.day)),
            ratings: none.ratings.map((m) => ({ ...m, count: 0, average: null })),
            totals: {
              enrollments: 0,
              sales: 0,
              grossPaise: 0,
              netPaise: 0,
              refunds: 0,
              refundedPaise: 0,
              ratings: 0,
              averageRating: null,
            },
          },
        }),
        [QUIZZES]: () => ({ success: true, quizzes: [] }),
      }),
    );
    renderPortal('/educator/analytics');
    expect(await screen.findByText(/No sales or enrollments from/)).toBeInTheDocument();
    expect(screen.getByText(/No ratings from/)).toBeInTheDocument();
    expect(totals()[0]).toEqual(['Net revenue', 'Rs 0.00', 'Your share after the platform fee']);
    expect(totals()[4]).toEqual(['Average rating', '—', '0 ratings']);
    expect(screen.queryByTestId('analytics-chart')).toBeNull();
    expect(await within(section('Quizzes')).findByText('No quizzes yet')).toBeInTheDocument();
  });

  it('shows a failure with the server message and Try Again, keeping the controls', async () => {
    const failing = failsUntilRecovered(serverError('The range is too long', 400), () => ({
      success: true,
      analytics: analytics(first.from, first.to),
    }));
    mockGet(handlers({ [DEFAULT]: failing.handler }));
    renderPortal('/educator/analytics');
    expect(await screen.findByText('Error Loading Analytics')).toBeInTheDocument();
    expect(screen.getByText('The range is too long')).toBeInTheDocument();
    expect(button('Last 7 days')).toBeEnabled();
    failing.recover();
    await user.click(button('Try Again'));
    expect(await screen.findByRole('list', { name: 'Totals for this period' })).toBeInTheDocument();
  });

  it("shows the lessons' and the quizzes' failures in their own sections", async () => {
    mockGet(
      handlers({
        [REACH]: () => {
          throw serverError('Course not found', 404);
        },
        [QUIZZES]: () => {
          throw serverError('Only educators can do that', 403);
        },
      }),
    );
    renderPortal(`/educator/analytics?from=${first.from}&to=${first.to}&course=c1`);
    expect(
      await within(await waitFor(() => section('Lessons: reach and drop-off'))).findByText('Course not found'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error Loading Lesson Reach')).toBeInTheDocument();
    expect(await within(section('Quizzes')).findByText('Only educators can do that')).toBeInTheDocument();
    // The totals still show.
    expect(totals()[0]?.[1]).toBe('Rs 359.28');
  });

  it('counts UTC days: the presets end today', () => {
    const now = new Date('2026-03-01T23:30:00.000Z');
    expect(presetRange('7d', now)).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('12m', now)).toEqual({ from: '2025-03-02', to: '2026-03-01' });
    expect(defaultRange(now)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(dayOf(now)).toBe('2026-03-01');
  });
});
