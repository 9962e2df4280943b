import { type EducatorReview, type EducatorReviewsPage, formatDate } from '@courseport/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  button,
  deferred,
  expectLoadingUntil,
  expectRetryRecovers,
  failingGet,
  getCalls,
  makeReview,
  mockGet,
  mockPost,
  pendingGet,
  postBodies,
  renderPortal,
  serverError,
  signInAsEducator,
  toastOf,
  user,
} from './helpers';

const pagePath = (page: number) => `/api/educator/reviews?page=${page}`;
const replyPath = (id: string) => `/api/educator/reviews/${id}/reply`;

const makeEducatorReview = (overrides: Partial<EducatorReview> & Pick<EducatorReview, '_id'>): EducatorReview =>
  makeReview(overrides, { course: { _id: 'c-react', courseTitle: 'Complete React Bootcamp' } });

const ADA = makeEducatorReview({ _id: 'rv-ada' });
const ALAN = makeEducatorReview({
  _id: 'rv-alan',
  course: { _id: 'c-py', courseTitle: 'Python for Data Science' },
  reviewer: { name: 'Alan Turing', imageUrl: '' },
  rating: 5,
  text: '<b>Great</b> course',
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
  reply: { text: 'Thank you, Alan!', educatorName: 'Grace Hopper', repliedAt: '2025-03-02T10:00:00.000Z' },
});

const pageOf = (reviews: EducatorReview[], page = 1, total = reviews.length): EducatorReviewsPage => ({
  reviews,
  total,
  page,
  pageSize: 10,
});
const answer = (reviews: EducatorReview[], page = 1, total = reviews.length) => ({
  success: true,
  reviews: pageOf(reviews, page, total),
});

const replyButton = (name: string) =>
  screen.getByRole('button', { name: new RegExp(`^Reply to ${name}'s review`) }) as HTMLButtonElement;
const replyField = () => screen.getByLabelText('Your reply') as HTMLTextAreaElement;

beforeEach(() => {
  signInAsEducator();
});

describe('Educator reviews', () => {
  it("shows 'Loading reviews...' until they arrive, then each review as text with its reply or a Reply button", async () => {
    const pending = pendingGet(pagePath(1));
    renderPortal('/educator/reviews');
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(document.title).toBe('Reviews · Educator · Courseport');
    await expectLoadingUntil(pending, 'Loading reviews...', answer([ADA, ALAN]), 'Ada Lovelace');

    const items = within(screen.getByRole('list', { name: 'Reviews of your courses' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [ada, alan] = items as [HTMLElement, HTMLElement];
    expect(within(ada).getByRole('heading', { level: 2, name: 'Complete React Bootcamp' })).toBeInTheDocument();
    expect(within(ada).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(ada).getByText(/The hooks chapter/)).toHaveClass('cp-review-text');
    expect(within(ada).getByText(formatDate('2025-04-02T10:00:00.000Z'))).toBeInTheDocument();
    expect(within(ada).getByText('Reply')).toBeInTheDocument();

    // Plain text, never HTML; the reply instead of a Reply button.
    expect(within(alan).getByText('<b>Great</b> course')).toBeInTheDocument();
    expect(alan.querySelector('b')).toBeNull();
    expect(within(alan).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(alan).getByText('Response from Grace Hopper')).toBeInTheDocument();
    expect(within(alan).getByText('Thank you, Alan!')).toBeInTheDocument();
    expect(within(alan).queryByText('Reply')).toBeNull();
    // One page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Review pages' })).toBeNull();
    // Plain markup with antd's look: the page draws no antd (#34).
    expect(document.querySelector('.ed-page [class*="ant-"]')).toBeNull();
  });

  it("shows 'No reviews of your courses yet' when there are none", async () => {
    mockGet({ [pagePath(1)]: () => answer([]) });
    renderPortal('/educator/reviews');
    expect(await screen.findByText('No reviews of your courses yet')).toBeInTheDocument();
  });

  it("shows 'Error Loading Reviews' with the server's message, and Try Again loads them", async () => {
    const failing = failingGet(pagePath(1), serverError('Educator access required', 403), () => answer([ADA]));
    renderPortal('/educator/reviews');
    await expectRetryRecovers(failing, 'Error Loading Reviews', 'Try Again', 'Ada Lovelace');
  });

  it('posts a reply from the inline form; the review then shows it and the Reply button is gone', async () => {
    mockGet({ [pagePath(1)]: () => answer([ADA, ALAN]) });
    const posted = deferred<unknown>();
    mockPost({ [replyPath('rv-ada')]: () => posted.promise });
    renderPortal('/educator/reviews');
    await screen.findByText('Ada Lovelace');

    await user.click(replyButton('Ada Lovelace'));
    expect(replyField()).toHaveFocus();
    expect(screen.getByText(`0 / 1000`)).toBeInTheDocument();
    expect(button('Post reply')).toBeDisabled();
    await user.type(replyField(), '  Thanks, Ada!  ');
    expect(screen.getByText('12 / 1000')).toBeInTheDocument();
    await user.click(button('Post reply'));
    expect(postBodies(replyPath('rv-ada'))).toEqual([{ text: 'Thanks, Ada!' }]);

    posted.resolve({
      success: true,
      message: 'Reply posted',
      review: {
        ...ADA,
        reply: { text: 'Thanks, Ada!', educatorName: 'Grace Hopper', repliedAt: '2025-04-03T10:00:00.000Z' },
      },
    });
    await waitFor(() => expect(screen.queryByLabelText('Your reply')).toBeNull());
    expect(screen.getByText('Thanks, Ada!')).toHaveClass('cp-review-text');
    // The keyboard goes to the posted reply.
    await waitFor(() => expect(screen.getByText('Thanks, Ada!').closest('.cp-review-reply')).toHaveFocus());
    expect(screen.getAllByText('Response from Grace Hopper')).toHaveLength(2);
    expect(screen.queryByText('Reply')).toBeNull();
    await waitFor(() => expect(toastOf('success')).toEqual(['Reply posted']));
    // Updated in place: the list was not asked again.
    expect(getCalls(pagePath(1))).toBe(1);
  });

  it("keeps the form and its text and shows the server's 409 as an error toast", async () => {
    mockGet({ [pagePath(1)]: () => answer([ADA]) });
    mockPost({
      [replyPath('rv-ada')]: () => {
        throw serverError('You have already replied to this review', 409);
      },
    });
    renderPortal('/educator/reviews');
    await screen.findByText('Ada Lovelace');
    await user.click(replyButton('Ada Lovelace'));
    fireEvent.change(replyField(), { target: { value: 'Thanks again' } });
    await user.click(button('Post reply'));
    await waitFor(() => expect(toastOf('error')).toEqual(['You have already replied to this review']));
    expect(replyField().value).toBe('Thanks again');
    // The list is asked again (it then shows the reply posted elsewhere).
    await waitFor(() => expect(getCalls(pagePath(1))).toBe(2));
  });

  it('refuses an over-long reply before sending it, and Cancel closes the form', async () => {
    mockGet({ [pagePath(1)]: () => answer([ADA]) });
    renderPortal('/educator/reviews');
    await screen.findByText('Ada Lovelace');
    await user.click(replyButton('Ada Lovelace'));
    fireEvent.change(replyField(), { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByRole('alert')).toHaveTextContent('Your reply must be at most 1000 characters');
    expect(replyField()).toHaveAttribute('aria-invalid', 'true');
    expect(button('Post reply')).toBeDisabled();
    await user.click(button('Cancel'));
    expect(screen.queryByLabelText('Your reply')).toBeNull();
    // The keyboard is back on the Reply button.
    await waitFor(() => expect(replyButton('Ada Lovelace')).toHaveFocus());
  });

  it('pages through the reviews', async () => {
    const second = makeEducatorReview({ _id: 'rv-kat', reviewer: { name: 'Katherine Johnson', imageUrl: '' } });
    mockGet({ [pagePath(1)]: () => answer([ADA], 1, 11), [pagePath(2)]: () => answer([second], 2, 11) });
    renderPortal('/educator/reviews');
    await screen.findByText('Ada Lovelace');
    const pager = screen.getByRole('navigation', { name: 'Review pages' });
    // The plain pager (antd's small Pagination look, no antd: #34).
    expect(pager).toHaveClass('cp-pager');
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pager).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Katherine Johnson')).toBeInTheDocument();
    expect(screen.queryByText('Ada Lovelace')).toBeNull();
    expect(getCalls(pagePath(2))).toBe(1);
    await user.click(within(pager).getByRole('button', { name: 'Previous Page' }));
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
  });
});
