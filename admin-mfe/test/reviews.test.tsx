import { type AdminReview, formatDate, tagTone } from '@courseport/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPost,
  button,
  deferred,
  expectRetryRecovers,
  failsUntilRecovered,
  findDialog,
  getCalls,
  makeReview,
  mockGet,
  mockPost,
  REQUESTS_PATH,
  renderPage,
  serverError,
  signInAsAdmin,
  toastOf,
  user,
} from './helpers';

// Cards, a dialog and a pager: more antd than the other tabs' tests, on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

const listPath = (status: 'all' | 'hidden', page = 1) => `/api/admin/reviews?page=${page}&status=${status}`;
const hidePath = (id: string) => `/api/admin/reviews/${id}/hide`;
const restorePath = (id: string) => `/api/admin/reviews/${id}/restore`;

const makeAdminReview = (overrides: Partial<AdminReview> & Pick<AdminReview, '_id'>): AdminReview =>
  makeReview(
    {
      reviewer: { name: 'Sam Student', imageUrl: '' },
      rating: 2,
      text: 'Too fast.\nThe generics part lost me.',
      ...overrides,
    },
    { course: { _id: 'c-ts', courseTitle: 'TypeScript Deep Dive' }, hidden: null },
  );

const SAM = makeAdminReview({ _id: 'rv-sam' });
const SPAM = makeAdminReview({
  _id: 'rv-spam',
  reviewer: { name: 'Spam Bot', imageUrl: 'https://img.example.com/bot.png' },
  rating: 1,
  text: 'Buy cheap watches at <a href="x">example</a>',
  createdAt: '2025-04-01T10:00:00.000Z',
  updatedAt: '2025-04-01T10:00:00.000Z',
  hidden: { reason: 'Advertising', hiddenAt: '2025-04-03T10:00:00.000Z', hiddenBy: { name: 'Root Admin' } },
});

const answer =
  (reviews: AdminReview[], page = 1, total = reviews.length) =>
  () => ({
    success: true,
    reviews: { reviews, total, page, pageSize: 10 },
  });

// The hide dialog's chunk (antd's Modal, themed) is there before the tests, as a returning admin's
// cached chunk is: the tab loads it when a Hide button is pointed at, focused or pressed (#34).
beforeAll(
  () =>
    Promise.all([
      import('../src/features/reviews/components/HideReviewModal'),
      import('@courseport/shared-ui/antd/themed'),
    ]),
  60_000,
);

beforeEach(() => {
  signInAsAdmin();
});

/** The hide dialog: drawn once its chunk is there and antd has drawn it (slow in jsdom on a busy machine). */
async function findHideDialog() {
  await screen.findByText('Reason for hiding', {}, { timeout: 10_000 });
  return findDialog('Reason for hiding');
}

function serve(lists: Record<string, () => unknown>) {
  mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [] }), ...lists });
}

async function openReviewsTab() {
  renderPage();
  await screen.findByText('No educator requests found');
  // Nothing is asked for before the tab is opened.
  expect(getCalls(listPath('all'))).toBe(0);
  await user.click(screen.getByRole('tab', { name: 'Reviews' }));
}

const card = (text: string) => screen.getByText(text).closest('li') as HTMLElement;
const filter = (label: 'All' | 'Hidden') => screen.getByRole('radio', { name: label });

describe('Admin dashboard: Reviews tab', () => {
  it('shows a loading state, then every written review with its status', async () => {
    const pending = deferred<unknown>();
    serve({ [listPath('all')]: () => pending.promise });
    await openReviewsTab();
    expect(await screen.findByText('Loading reviews...')).toBeInTheDocument();
    pending.resolve(answer([SAM, SPAM])());
    await screen.findByText('Sam Student');
    expect(screen.queryByText('Loading reviews...')).not.toBeInTheDocument();

    const sam = within(card('Sam Student'));
    expect(sam.getByRole('heading', { name: 'TypeScript Deep Dive' })).toBeInTheDocument();
    expect(sam.getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(sam.getByText(/The generics part lost me/)).toBeInTheDocument();
    expect(sam.getByText(formatDate(SAM.createdAt))).toBeInTheDocument();
    expect(sam.getByText('Visible')).toHaveStyle({ color: tagTone('green').color });
    expect(sam.getByRole('button', { name: "Hide Sam Student's review of TypeScript Deep Dive" })).toBeEnabled();

    const spam = within(card('Spam Bot'));
    expect(spam.getByText('Hidden', { selector: '.cp-tag' })).toHaveStyle({ color: tagTone('red').color });
    expect(spam.getByText('Advertising')).toBeInTheDocument();
    expect(
      spam.getByText(new RegExp(`on ${formatDate('2025-04-03T10:00:00.000Z')} by Root Admin`)),
    ).toBeInTheDocument();
    // Text, never HTML.
    expect(spam.getByText('Buy cheap watches at <a href="x">example</a>')).toBeInTheDocument();
    expect(card('Spam Bot').querySelector('a')).toBeNull();
    expect(spam.getByRole('button', { name: "Restore Spam Bot's review of TypeScript Deep Dive" })).toBeEnabled();
    expect(spam.queryByText('Hide')).toBeNull();
    // Plain markup with antd's look (#34): nothing of antd's is drawn until a dialog is wanted.
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Show reviews' })).toBeInTheDocument();
  });

  it("says 'No reviews yet', and 'No hidden reviews' under the Hidden filter (asking for that list)", async () => {
    serve({ [listPath('all')]: answer([]), [listPath('hidden')]: answer([]) });
    await openReviewsTab();
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    await user.click(filter('Hidden'));
    expect(await screen.findByText('No hidden reviews')).toBeInTheDocument();
    expect(getCalls(listPath('hidden'))).toBe(1);
  });

  it('the filter asks for the hidden reviews only, and back for all of them', async () => {
    serve({ [listPath('all')]: answer([SAM, SPAM]), [listPath('hidden')]: answer([SPAM]) });
    await openReviewsTab();
    await screen.findByText('Sam Student');
    expect(filter('All')).toBeChecked();
    await user.click(filter('Hidden'));
    await waitFor(() => expect(screen.queryByText('Sam Student')).toBeNull());
    expect(screen.getByText('Spam Bot')).toBeInTheDocument();
    expect(filter('Hidden')).toBeChecked();
    expect(getCalls(listPath('hidden'))).toBe(1);
    await user.click(filter('All'));
    expect(await screen.findByText('Sam Student')).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded, and Try Again loads it", async () => {
    const failing = failsUntilRecovered(serverError('Admin access required', 403), answer([SAM]));
    serve({ [listPath('all')]: failing.handler });
    await openReviewsTab();
    await expectRetryRecovers(failing, 'Could not load reviews', 'Try Again', 'Sam Student');
    expect(getCalls(listPath('all'))).toBe(2);
  });

  it('hides a review with a reason: required first, then sent; the card then reads Hidden with why', async () => {
    serve({ [listPath('all')]: answer([SAM]) });
    const hiding = deferred<unknown>();
    mockPost({ [hidePath('rv-sam')]: () => hiding.promise });
    await openReviewsTab();
    await screen.findByText('Sam Student');

    await user.click(screen.getByRole('button', { name: "Hide Sam Student's review of TypeScript Deep Dive" }));
    const dialog = await findHideDialog();
    expect(dialog).toHaveAccessibleName('Hide this review?');
    const reason = within(dialog).getByLabelText('Reason for hiding');

    // Required: nothing is sent without one.
    await user.click(button('Hide review', dialog));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason of at least 3 characters');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(reason, { target: { value: 'ab' } });
    await user.click(button('Hide review', dialog));
    expect(apiPost).not.toHaveBeenCalled();
    // Too long: said at once.
    fireEvent.change(reason, { target: { value: 'x'.repeat(301) } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The reason must be at most 300 characters');
    await user.click(button('Hide review', dialog));
    expect(apiPost).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  Personal attack  ' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(button('Hide review', dialog));
    expect(apiPost).toHaveBeenCalledWith(hidePath('rv-sam'), { reason: 'Personal attack' });

    hiding.resolve({
      success: true,
      message: 'Review hidden',
      review: {
        ...SAM,
        hidden: { reason: 'Personal attack', hiddenAt: '2025-04-05T10:00:00.000Z', hiddenBy: { name: 'Root Admin' } },
      },
    });
    await waitFor(() => expect(toastOf('success')).toEqual(['Review hidden']));
    expect(await within(card('Sam Student')).findByText('Personal attack')).toBeInTheDocument();
    expect(within(card('Sam Student')).getByText('Hidden', { selector: '.cp-tag' })).toBeInTheDocument();
    expect(within(card('Sam Student')).getByText('Restore')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // In place: the list is not loaded again.
    expect(getCalls(listPath('all'))).toBe(1);
  });

  it("keeps the dialog open and shows the server's refusal when hiding fails", async () => {
    serve({ [listPath('all')]: answer([SAM]) });
    mockPost({
      [hidePath('rv-sam')]: () => {
        throw serverError('Review not found', 404);
      },
    });
    await openReviewsTab();
    await screen.findByText('Sam Student');
    await user.click(screen.getByRole('button', { name: "Hide Sam Student's review of TypeScript Deep Dive" }));
    const dialog = await findHideDialog();
    fireEvent.change(within(dialog).getByLabelText('Reason for hiding'), { target: { value: 'Spam' } });
    await user.click(button('Hide review', dialog));
    await waitFor(() => expect(toastOf('error')).toEqual(['Review not found']));
    expect(within(dialog).getByLabelText('Reason for hiding')).toHaveValue('Spam');
  });

  it('restores a hidden review; under the Hidden filter it leaves the list', async () => {
    serve({ [listPath('all')]: answer([SAM, SPAM]), [listPath('hidden')]: answer([SPAM]) });
    mockPost({
      [restorePath('rv-spam')]: () => ({
        success: true,
        message: 'Review restored',
        review: { ...SPAM, hidden: null },
      }),
    });
    await openReviewsTab();
    await screen.findByText('Spam Bot');
    await user.click(filter('Hidden'));
    await waitFor(() => expect(screen.queryByText('Sam Student')).toBeNull());
    await user.click(screen.getByRole('button', { name: "Restore Spam Bot's review of TypeScript Deep Dive" }));
    expect(apiPost).toHaveBeenCalledWith(restorePath('rv-spam'));
    await waitFor(() => expect(toastOf('success')).toEqual(['Review restored']));
    expect(await screen.findByText('No hidden reviews')).toBeInTheDocument();
  });

  it('pages through the reviews', async () => {
    const other = makeAdminReview({ _id: 'rv-kim', reviewer: { name: 'Kim Learner', imageUrl: '' } });
    serve({ [listPath('all', 1)]: answer([SAM], 1, 12), [listPath('all', 2)]: answer([other], 2, 12) });
    await openReviewsTab();
    await screen.findByText('Sam Student');
    expect(screen.getByText('12 reviews')).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Review pages' })).getByText('2'));
    expect(await screen.findByText('Kim Learner')).toBeInTheDocument();
    expect(screen.queryByText('Sam Student')).toBeNull();
  });
});
