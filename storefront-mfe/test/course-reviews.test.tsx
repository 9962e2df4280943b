import type { CourseReview, CourseReviewsPage, RatingBreakdown } from '@courseport/shared-ui';
import { formatDate } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  button,
  deferred,
  expectLoadingUntil,
  expectRetryRecovers,
  failsUntilRecovered,
  getCalls,
  makeDetails,
  mockGet,
  renderAt,
  serverError,
  signOut,
  user,
} from './helpers';

const COURSE_PATH = '/api/course/c1';
const reviewsPath = (page: number) => `/api/course/c1/reviews?page=${page}`;

beforeEach(() => {
  signOut();
});

const makeReview = (n: number, overrides: Partial<CourseReview> = {}): CourseReview => ({
  _id: `r${n}`,
  reviewer: { name: `Student ${n}`, imageUrl: '' },
  rating: 4,
  text: `Review number ${n}`,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  reply: null,
  ...overrides,
});

const BREAKDOWN: RatingBreakdown = { 5: 3, 4: 1, 3: 0, 2: 0, 1: 1 };

function reviewsPage(overrides: Partial<CourseReviewsPage> = {}): CourseReviewsPage {
  return {
    breakdown: BREAKDOWN,
    averageRating: 3.8,
    ratingCount: 5,
    reviews: [makeReview(1)],
    total: 1,
    page: 1,
    pageSize: 10,
    ...overrides,
  };
}

const answered = (page: CourseReviewsPage) => () => ({ success: true, reviews: page });

/** The course (with as many ratings as the reviews count) and the reviews' pages. */
function serve(pages: Record<number, () => unknown>, ratingCount = 5) {
  const handlers: Record<string, () => unknown> = {
    [COURSE_PATH]: () => ({ success: true, courseData: makeDetails({ ratingCount }) }),
  };
  for (const [page, handler] of Object.entries(pages)) handlers[reviewsPath(Number(page))] = handler;
  mockGet(handlers);
}

const section = () => screen.getByRole('region', { name: 'Student reviews' });

async function openCourse() {
  renderAt('/course/c1');
  await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
  // The section's code loads on demand, then asks for the reviews (slow on a busy machine).
  await waitFor(() => expect(getCalls(reviewsPath(1))).toBeGreaterThan(0), { timeout: 10_000 });
  return section();
}

describe('Course page: student reviews', () => {
  it('shows Loading reviews... (a status) until the reviews arrive', async () => {
    const pending = deferred<unknown>();
    serve({ 1: () => pending.promise });
    const reviews = await openCourse();
    expect(within(reviews).getByRole('status')).toHaveTextContent('Loading reviews...');
    await expectLoadingUntil(
      pending,
      'Loading reviews...',
      { success: true, reviews: reviewsPage() },
      'Review number 1',
    );
  });

  it('shows the average, the count and the 5★…1★ breakdown, each row readable as text', async () => {
    serve({ 1: answered(reviewsPage()) });
    const reviews = await openCourse();
    await within(reviews).findByText('Review number 1');
    // Labelled, so it reads with the header's whole-star rating: 'Average rating 3.8 out of 5'.
    expect(within(reviews).getByText('Average rating')).toBeInTheDocument();
    expect(within(reviews).getByText('3.8 out of 5')).toBeInTheDocument();
    expect(within(reviews).getByRole('img', { name: 'Rated 3.8 out of 5' })).toBeInTheDocument();
    expect(within(reviews).getByText('5 ratings')).toBeInTheDocument();
    const rows = within(within(reviews).getByRole('list', { name: 'Rating breakdown' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '5 stars 60% (3)',
      '4 stars 20% (1)',
      '3 stars 0% (0)',
      '2 stars 0% (0)',
      '1 star 20% (1)',
    ]);
    // The bars are drawing only.
    for (const row of rows) expect(row.querySelector('.sf-breakdown-bar')).toHaveAttribute('aria-hidden', 'true');
    expect(rows[0]?.querySelector<HTMLElement>('.sf-breakdown-fill')).toHaveStyle({ width: '60%' });
    // The h2 of the section, an h3 for each review.
    expect(within(reviews).getByRole('heading', { level: 2, name: 'Student reviews' })).toBeInTheDocument();
    expect(within(reviews).getByRole('heading', { level: 3, name: 'Student 1' })).toBeInTheDocument();
  });

  it('shows each review: photo or initial, name, stars, date, (edited), the text as plain text and the reply', async () => {
    serve({
      1: answered(
        reviewsPage({
          total: 2,
          reviews: [
            makeReview(1, {
              reviewer: { name: 'Ada Lovelace', imageUrl: 'https://img.example.com/ada.png' },
              rating: 5,
              text: 'Great course.\n<script>alert(1)</script> <b>Loved</b> it',
              updatedAt: '2026-03-04T10:00:00.000Z',
              reply: { text: 'Thank you, Ada!', educatorName: 'Jane Educator', repliedAt: '2026-03-05T10:00:00.000Z' },
            }),
            makeReview(2, { reviewer: { name: 'bob', imageUrl: '' }, rating: 2 }),
          ],
        }),
      ),
    });
    const reviews = await openCourse();
    const ada = (await within(reviews).findByRole('article', { name: 'Ada Lovelace' })) as HTMLElement;
    expect(ada.querySelector('img')).toHaveAttribute('src', 'https://img.example.com/ada.png');
    expect(ada.querySelector('img')).toHaveAttribute('alt', '');
    expect(within(ada).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(ada).getByText(formatDate('2026-03-01T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(ada).getByText('(edited)')).toBeInTheDocument();
    // Text, never markup.
    expect(ada.querySelector('.cp-review-text')?.textContent).toBe(
      'Great course.\n<script>alert(1)</script> <b>Loved</b> it',
    );
    expect(ada.querySelector('script, b')).toBeNull();
    expect(within(ada).getByText('Response from Jane Educator')).toBeInTheDocument();
    expect(within(ada).getByText('Thank you, Ada!')).toBeInTheDocument();

    const bob = within(reviews).getByRole('article', { name: 'bob' });
    expect(within(bob).getByText('B')).toHaveAttribute('aria-hidden', 'true');
    expect(within(bob).getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(within(bob).queryByText('(edited)')).not.toBeInTheDocument();
    expect(within(bob).queryByText(/Response from/)).not.toBeInTheDocument();
    expect(within(reviews).queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it("says 'No reviews yet' when the course has no ratings", async () => {
    serve(
      {
        1: answered(
          reviewsPage({
            breakdown: { 5: 0, 4: 0, 3: 0, 2: 0, 1: 0 },
            averageRating: 0,
            ratingCount: 0,
            reviews: [],
            total: 0,
          }),
        ),
      },
      0,
    );
    const reviews = await openCourse();
    expect(await within(reviews).findByText('No reviews yet')).toBeInTheDocument();
    expect(within(reviews).queryByRole('list', { name: 'Rating breakdown' })).not.toBeInTheDocument();
  });

  it("shows the breakdown and 'No written reviews yet' when there are ratings without text", async () => {
    serve({ 1: answered(reviewsPage({ reviews: [], total: 0 })) });
    const reviews = await openCourse();
    expect(await within(reviews).findByText('No written reviews yet')).toBeInTheDocument();
    expect(within(reviews).getByRole('list', { name: 'Rating breakdown' })).toBeInTheDocument();
    expect(within(reviews).queryByText('No reviews yet')).not.toBeInTheDocument();
  });

  it('shows an error with Retry, which loads the reviews again', async () => {
    const answer = failsUntilRecovered(serverError('Reviews are resting', 500), answered(reviewsPage()));
    serve({ 1: answer.handler });
    await openCourse();
    await expectRetryRecovers(answer, 'Could not load the reviews', 'Retry', 'Review number 1');
    expect(getCalls(reviewsPath(1))).toBe(2);
    // The course itself was not fetched again.
    expect(getCalls(COURSE_PATH)).toBe(1);
  });

  it("loads the next page with 'Show more reviews' and moves the focus to its first review", async () => {
    const first = Array.from({ length: 10 }, (_, i) => makeReview(i + 1));
    const second = [makeReview(11), makeReview(12)];
    serve({
      1: answered(reviewsPage({ reviews: first, total: 12 })),
      2: answered(reviewsPage({ reviews: second, total: 12, page: 2 })),
    });
    const reviews = await openCourse();
    await within(reviews).findByText('Review number 10');
    expect(within(reviews).getAllByRole('article')).toHaveLength(10);
    await user.click(button('Show more reviews', reviews));
    expect(await within(reviews).findByText('Review number 12')).toBeInTheDocument();
    expect(within(reviews).getAllByRole('article')).toHaveLength(12);
    await waitFor(() => expect(within(reviews).getByRole('article', { name: 'Student 11' })).toHaveFocus());
    // Every review is shown: no more to ask for.
    expect(within(reviews).queryByText('Show more reviews')).not.toBeInTheDocument();
    expect(getCalls(reviewsPath(2))).toBe(1);
  });

  it('refetches the course when the reviews count a different number of ratings', async () => {
    serve({ 1: answered(reviewsPage({ ratingCount: 6 })) }, 5);
    await openCourse();
    await waitFor(() => expect(getCalls(COURSE_PATH)).toBe(2));
  });
});
