import { QueryProvider, queryKeys, tagTone, type UserProfile } from '@courseport/shared-ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import AdminDashboardPage, { loadPageData } from '../src/pages/AdminDashboardPage';
import {
  apiGet,
  apiPost,
  button,
  deferred,
  expectRetryRecovers,
  failsUntilRecovered,
  findDialog,
  getCalls,
  MemoryRouter,
  makePurchase,
  mockGet,
  mockPost,
  networkError,
  purchasesPath,
  REFUND_PATH,
  REQUESTS_PATH,
  renderPage,
  rowOf,
  serverError,
  setCurrencyLabel,
  setSession,
  signInAsAdmin,
  testQueryClient,
  user,
} from './helpers';

const FIRST_PAGE = purchasesPath(0);
const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const CONFIRM_TEXT = 'The student loses access to the course.';

const SAM = makePurchase({
  _id: 'rcpt-sam',
  amount: 399.2,
  course: { _id: 'c-js', courseTitle: 'JavaScript Essentials' },
});
const PRIYA = makePurchase({
  _id: 'rcpt-priya',
  student: { _id: 'u-priya', name: 'Priya Buyer', email: 'priya@example.com' },
  course: { _id: 'c-go', courseTitle: 'Go for Backend Engineers' },
  amount: 599.2,
  status: 'refunded',
  gateway: 'stripe',
  simulated: false,
  createdAt: '2025-04-01T10:00:00.000Z',
  refundedAt: '2025-04-03T12:00:00.000Z',
});
const OLA = makePurchase({
  _id: 'rcpt-ola',
  student: { _id: 'u-ola', name: 'Ola Pending', email: 'ola@example.com' },
  status: 'pending',
  simulated: false,
  gateway: 'stripe',
  createdAt: '2025-03-30T10:00:00.000Z',
  completedAt: undefined,
});
const EVE = makePurchase({
  _id: 'rcpt-eve',
  student: { _id: 'u-eve', name: 'Eve Expired', email: 'eve@example.com' },
  status: 'expired',
  simulated: false,
  createdAt: '2025-03-29T10:00:00.000Z',
  completedAt: undefined,
});

/** A student's profile (the server's render reads the roles from it). */
const PROFILE: UserProfile = {
  _id: 'u-ada',
  email: 'ada@example.com',
  name: 'Ada',
  imageUrl: '',
  roles: ['student'],
  enrolledCourses: [],
};

beforeEach(() => {
  signInAsAdmin();
});

/** Answers the requests tab, the config and the purchase pages (by offset). */
function serve(pages: Record<number, () => unknown>, currency = 'Rs') {
  setCurrencyLabel(currency);
  mockGet({
    [REQUESTS_PATH]: () => ({ success: true, requests: [] }),
    ...Object.fromEntries(Object.entries(pages).map(([offset, answer]) => [purchasesPath(Number(offset)), answer])),
  });
}

const page =
  (purchases: unknown[], total = purchases.length) =>
  () => ({ success: true, purchases, total });

async function openPurchasesTab() {
  renderPage();
  await screen.findByText('No educator requests found');
  // Nothing is asked for before the tab is opened.
  expect(getCalls(FIRST_PAGE)).toBe(0);
  await user.click(screen.getByText('Purchases'));
}

/** The open tab's panel (the other tabs' panels stay in the document once opened). */
const pane = () => screen.getByRole('tabpanel');
const headers = () => [...pane().querySelectorAll('thead th')].map((th) => th.textContent);

describe('Admin dashboard: Purchases tab', () => {
  it('lists every purchase newest first: student, course, amount, status, date and a Simulated marker', async () => {
    serve({ 0: page([SAM, PRIYA, OLA, EVE]) });
    await openPurchasesTab();
    await screen.findByText('sam@example.com');
    expect(apiGet).toHaveBeenCalledWith(FIRST_PAGE);
    expect(headers()).toEqual(['Student', 'Course', 'Amount', 'Status', 'Date', 'Actions']);
    expect(
      [...pane().querySelectorAll('tbody tr.cp-admin-purchase-row')].map((tr) => tr.getAttribute('data-row-key')),
    ).toEqual(['rcpt-sam', 'rcpt-priya', 'rcpt-ola', 'rcpt-eve']);
    // A plain table (#34: no antd in the tab's first screen), its scroll box named for the keyboard.
    expect(screen.getByRole('region', { name: 'Purchases' })).toHaveAttribute('tabindex', '0');
    expect(pane().querySelector('[class*="ant-"]')).toBeNull();
    expect(simulatedHintOfSam()).toBe('Paid through the local test checkout: no real money moved.');

    const sam = within(rowOf('sam@example.com'));
    expect(sam.getByText('Sam Student')).toBeInTheDocument();
    expect(sam.getByText('JavaScript Essentials')).toBeInTheDocument();
    expect(sam.getByText('Rs 399.20')).toBeInTheDocument();
    expect(sam.getByText('Simulated')).toHaveStyle({ color: tagTone('orange').color });
    expect(sam.getByText('Completed')).toHaveStyle({ color: tagTone('green').color });
    expect(sam.getByText(dateText(SAM.createdAt))).toBeInTheDocument();
    expect(
      sam.getByText(new Date(SAM.createdAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })),
    ).toBeInTheDocument();
    expect(button('Refund', rowOf('sam@example.com'))).toBeEnabled();

    const priya = within(rowOf('priya@example.com'));
    expect(priya.getByText('Rs 599.20')).toBeInTheDocument();
    expect(priya.queryByText('Simulated')).not.toBeInTheDocument();
    expect(priya.getByText('Refunded')).toHaveStyle({ color: tagTone('purple').color });
    expect(priya.getByText(`on ${dateText('2025-04-03T12:00:00.000Z')}`)).toBeInTheDocument();
    expect(priya.queryByRole('button')).not.toBeInTheDocument();

    expect(within(rowOf('ola@example.com')).getByText('Pending')).toHaveStyle({ color: tagTone('gold').color });
    expect(within(rowOf('ola@example.com')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rowOf('eve@example.com')).getByText('Expired')).toBeInTheDocument();
    expect(within(rowOf('eve@example.com')).queryByRole('button')).not.toBeInTheDocument();

    expect(screen.getAllByText('Refund')).toHaveLength(1);
    expect(screen.getByText('Showing 4 of 4 purchases')).toBeInTheDocument();
    expect(screen.queryByText('Show more')).not.toBeInTheDocument();
  });

  it("shows amounts with the platform's currency", async () => {
    serve({ 0: page([SAM]) }, 'INR');
    await openPurchasesTab();
    expect(await within(await waitForRow('sam@example.com')).findByText('INR 399.20')).toBeInTheDocument();
  });

  it('shows a loading state until the first page answers', async () => {
    const answer = deferred<unknown>();
    serve({ 0: () => answer.promise });
    await openPurchasesTab();
    expect(await screen.findByText('Loading purchases...')).toBeInTheDocument();
    await act(async () => answer.resolve({ success: true, purchases: [SAM], total: 1 }));
    expect(await screen.findByText('sam@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Loading purchases...')).not.toBeInTheDocument();
  });

  it("says 'No purchases yet' when there are none", async () => {
    serve({ 0: page([]) });
    await openPurchasesTab();
    expect(await screen.findByText('No purchases yet')).toBeInTheDocument();
    expect(pane().querySelector('table')).toBeNull();
  });

  it("shows the server's message when the list cannot be loaded, and Try Again loads it", async () => {
    const page = failsUntilRecovered(serverError('Admin access required', 403), () => ({
      success: true,
      purchases: [SAM],
      total: 1,
    }));
    serve({ 0: page.handler });
    await openPurchasesTab();
    await expectRetryRecovers(page, 'Could not load purchases', 'Try Again', 'sam@example.com');
    expect(getCalls(FIRST_PAGE)).toBe(2);
  });

  it("shows 'Failed to fetch purchases' when the server cannot be reached", async () => {
    serve({
      0: () => {
        throw networkError();
      },
    });
    await openPurchasesTab();
    expect(await screen.findByText('Could not load purchases')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch purchases')).toBeInTheDocument();
  });

  it("refunds a completed purchase after the confirmation: 'Refunding...', the toast, then the row reads Refunded", async () => {
    serve({ 0: page([SAM, PRIYA]) });
    const refunding = deferred<unknown>();
    mockPost({ [REFUND_PATH]: () => refunding.promise });
    await openPurchasesTab();
    await screen.findByText('sam@example.com');

    await user.click(button('Refund', rowOf('sam@example.com')));
    const dialog = await findDialog(CONFIRM_TEXT);
    expect(dialog).toHaveAccessibleName('Refund this purchase?');
    expect(
      within(dialog).getByText(
        'Sam Student (sam@example.com) paid Rs 399.20 for JavaScript Essentials. It was a simulated payment: no money is returned.',
      ),
    ).toBeInTheDocument();
    expect(apiPost).not.toHaveBeenCalled();

    await user.click(button('Refund', dialog));
    expect(apiPost).toHaveBeenCalledWith(REFUND_PATH, { purchaseId: 'rcpt-sam' });
    expect(button('Refunding...', rowOf('sam@example.com'))).toBeDisabled();

    await act(async () => refunding.resolve({ success: true, message: 'Purchase refunded' }));
    expect(await screen.findByText('Purchase refunded')).toBeInTheDocument();
    const sam = within(rowOf('sam@example.com'));
    expect(sam.getByText('Refunded')).toHaveStyle({ color: tagTone('purple').color });
    expect(sam.getByText(`on ${dateText(new Date().toISOString())}`)).toBeInTheDocument();
    expect(sam.queryByRole('button')).not.toBeInTheDocument();
    // The row is updated in place: the list (and any page shown) is not loaded again.
    expect(getCalls(FIRST_PAGE)).toBe(1);
    await waitFor(() => expect(screen.queryByText(CONFIRM_TEXT)).not.toBeInTheDocument());
  });

  it('does nothing when the confirmation is cancelled', async () => {
    serve({ 0: page([SAM]) });
    await openPurchasesTab();
    await screen.findByText('sam@example.com');
    await user.click(button('Refund', rowOf('sam@example.com')));
    await user.click(button('Cancel', await findDialog(CONFIRM_TEXT)));
    await waitFor(() => expect(screen.queryByText(CONFIRM_TEXT)).not.toBeInTheDocument());
    expect(apiPost).not.toHaveBeenCalled();
    expect(within(rowOf('sam@example.com')).getByText('Completed')).toBeInTheDocument();
  });

  it.each([
    [
      'a purchase that is no longer completed',
      serverError('Only a completed purchase can be refunded', 409),
      'Only a completed purchase can be refunded',
    ],
    ['a purchase that is gone', serverError('Purchase not found', 404), 'Purchase not found'],
    [
      'Stripe out of reach',
      serverError('The payment provider cannot be reached. Try again later.', 503),
      'The payment provider cannot be reached. Try again later.',
    ],
    ['a network error', networkError(), 'Failed to refund purchase'],
  ])("shows the API's message when the refund fails (%s) and keeps the row as it was", async (_, error, text) => {
    serve({ 0: page([SAM]) });
    mockPost({
      [REFUND_PATH]: () => {
        throw error;
      },
    });
    await openPurchasesTab();
    await screen.findByText('sam@example.com');
    await user.click(button('Refund', rowOf('sam@example.com')));
    await user.click(button('Refund', await findDialog(CONFIRM_TEXT)));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(within(rowOf('sam@example.com')).getByText('Completed')).toBeInTheDocument();
    expect(button('Refund', rowOf('sam@example.com'))).toBeEnabled();
    expect(screen.queryByText('Purchase refunded')).not.toBeInTheDocument();
  });

  it("loads the next page with 'Show more' until every purchase is shown", async () => {
    const first = Array.from({ length: 3 }, (_, i) =>
      makePurchase({ _id: `rcpt-${i}`, student: { _id: `u${i}`, name: `Student ${i}`, email: `s${i}@example.com` } }),
    );
    const next = makePurchase({
      _id: 'rcpt-3',
      student: { _id: 'u3', name: 'Student 3', email: 's3@example.com' },
    });
    const more = deferred<unknown>();
    serve({ 0: page(first, 4), 3: () => more.promise });
    await openPurchasesTab();
    await screen.findByText('s0@example.com');
    expect(screen.getByText('Showing 3 of 4 purchases')).toBeInTheDocument();

    await user.click(button('Show more'));
    expect(apiGet).toHaveBeenCalledWith(purchasesPath(3));
    expect(button('Loading...')).toBeDisabled();
    // A purchase that moved onto the next page (a newer one arrived meanwhile) is not shown twice.
    await act(async () => more.resolve({ success: true, purchases: [first[2], next], total: 4 }));
    expect(await screen.findByText('s3@example.com')).toBeInTheDocument();
    expect(screen.getAllByText('s2@example.com')).toHaveLength(1);
    expect(screen.getByText('Showing 4 of 4 purchases')).toBeInTheDocument();
    expect(screen.queryByText('Show more')).not.toBeInTheDocument();
  });

  it("toasts a failed 'Show more' and keeps the list", async () => {
    serve({
      0: page([SAM], 2),
      1: () => {
        throw networkError();
      },
    });
    await openPurchasesTab();
    await screen.findByText('sam@example.com');
    await user.click(button('Show more'));
    expect(await screen.findByText('Failed to fetch purchases')).toBeInTheDocument();
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(button('Show more')).toBeEnabled();
  });

  it('Refresh loads the purchases again once the tab has been opened', async () => {
    let purchases = [SAM];
    serve({ 0: () => ({ success: true, purchases, total: purchases.length }) });
    await openPurchasesTab();
    await screen.findByText('sam@example.com');

    purchases = [
      makePurchase({ _id: 'rcpt-new', student: { _id: 'u9', name: 'New Buyer', email: 'new@example.com' } }),
      SAM,
    ];
    await user.click(button('Refresh'));
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    expect(getCalls(FIRST_PAGE)).toBe(2);
  });

  it('comes with its first page when the server renders /admin/purchases (loadPageData): the browser asks for it no more', async () => {
    serve({ 0: page([SAM, PRIYA], 3) });
    const client = testQueryClient();
    const admin: UserProfile = { ...PROFILE, roles: ['student', 'admin'] };
    client.setQueryData(queryKeys.user.profile(), admin);
    await loadPageData(client, { '*': 'purchases' });
    expect(getCalls(FIRST_PAGE)).toBe(1);

    render(
      <QueryProvider client={client}>
        <MemoryRouter initialEntries={['/admin/purchases']}>
          <AdminDashboardPage />
        </MemoryRouter>
      </QueryProvider>,
    );
    // Drawn from the cache at once: no loading state, and no second request for the page.
    expect(screen.getByText('sam@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Loading purchases...')).not.toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3 purchases')).toBeInTheDocument();
    await act(async () => {});
    expect(getCalls(FIRST_PAGE)).toBe(1);
  });

  it('prefetches no purchases for another tab or for a non-admin', async () => {
    serve({ 0: page([SAM]) });
    const client = testQueryClient();
    await loadPageData(client, { '*': 'purchases' });
    client.setQueryData<UserProfile>(queryKeys.user.profile(), PROFILE);
    await loadPageData(client, { '*': 'purchases' });
    client.setQueryData<UserProfile>(queryKeys.user.profile(), { ...PROFILE, roles: ['student', 'admin'] });
    await loadPageData(client, { '*': 'emails' });
    expect(getCalls(FIRST_PAGE)).toBe(0);
  });

  it('is not loaded for non-admins', () => {
    setSession({ roles: ['student'] });
    renderPage();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.queryByText('Purchases')).not.toBeInTheDocument();
    expect(apiGet).not.toHaveBeenCalled();
  });
});

/** The Simulated marker's hint (antd's Tooltip before #34; its title now). */
const simulatedHintOfSam = () => within(rowOf('sam@example.com')).getByText('Simulated').getAttribute('title');

async function waitForRow(text: string) {
  await screen.findByText(text);
  return rowOf(text);
}
