import { NETWORK_ERROR_MESSAGE, queryClient, queryKeys, sessionStore } from '@courseport/shared-ui';
import { deferred, expectRetryRecovers, failsUntilRecovered, networkError } from '@courseport/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '../src/features/purchases/api/purchases';
import { loadPageData, PURCHASE_HISTORY_TITLE } from '../src/pages/PurchaseHistoryPage';
import {
  apiPost,
  around,
  button,
  currentPath,
  getCalls,
  link,
  mockGet,
  PURCHASES_PATH,
  renderAt,
  serverError,
  setCurrencyLabel,
  signIn,
  signOut,
  user,
} from './helpers';

const EMPTY_TEXT = 'You have not bought any course yet';

const purchase = (overrides: Partial<Purchase> & Pick<Purchase, '_id'>): Purchase => ({
  courseId: 'c-ts',
  courseTitle: 'TypeScript Deep Dive',
  amount: 599,
  currency: 'INR',
  status: 'completed',
  createdAt: '2025-04-02T08:15:00.000Z',
  completedAt: '2025-04-02T08:16:00.000Z',
  simulated: false,
  ...overrides,
});

const JS = purchase({
  _id: '66aa00000000000000000001',
  courseId: 'c-js',
  courseTitle: 'JavaScript Essentials',
  amount: 399.2,
  simulated: true,
  createdAt: '2025-05-10T09:00:00.000Z',
});
const GO = purchase({
  _id: '66aa00000000000000000002',
  courseId: 'c-go',
  courseTitle: 'Go for Backend Engineers',
  amount: 599.2,
  status: 'refunded',
  createdAt: '2025-05-01T09:00:00.000Z',
  refundedAt: '2025-05-03T09:00:00.000Z',
});
const REACT = purchase({
  _id: '66aa00000000000000000003',
  courseId: 'c-react',
  courseTitle: 'React 19 from Scratch',
  amount: 629.1,
  status: 'pending',
  createdAt: '2025-04-20T09:00:00.000Z',
  completedAt: undefined,
});
const SQL = purchase({
  _id: '66aa00000000000000000004',
  courseId: 'c-sql',
  courseTitle: 'SQL and Database Design',
  amount: 381.65,
  status: 'expired',
  createdAt: '2025-04-10T09:00:00.000Z',
  completedAt: undefined,
});
const ALL = [JS, GO, REACT, SQL];

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

beforeEach(() => {
  signIn();
  document.title = 'Courseport';
});

afterEach(() => {
  vi.restoreAllMocks();
});

function serve(purchases: () => unknown, currency = 'Rs') {
  setCurrencyLabel(currency);
  mockGet({ [PURCHASES_PATH]: purchases });
}

const answer = (purchases: Purchase[]) => () => ({ success: true, purchases });

const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent);
const rowOf = (title: string) => around(title, 'tr');
/** A cell's value without the name phones show before it (`.ln-purchase-label`). */
const cellValue = (cell: Element | null) =>
  [...(cell?.children ?? [])]
    .filter((child) => !child.classList.contains('ln-purchase-label'))
    .map((child) => child.textContent)
    .join('');

describe('Purchase history: the list', () => {
  it('shows every purchase newest first: date, course link, amount, status and receipt number', async () => {
    serve(answer(ALL));
    renderAt('/purchase-history');
    await screen.findByText('JavaScript Essentials');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Purchase history');
    expect(headers()).toEqual(['Date', 'Course', 'Amount', 'Status', 'Receipt no.']);
    // A plain table with antd's look (#34): no antd on the page.
    expect(document.querySelector('table.cp-table.ln-purchases')).toBeInTheDocument();
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
    expect(screen.getByRole('region', { name: 'Your purchases' })).toHaveAttribute('tabindex', '0');
    expect([...document.querySelectorAll('tbody tr')].map((tr) => tr.querySelector('code')?.textContent)).toEqual(
      ALL.map((p) => p._id),
    );

    const js = within(rowOf('JavaScript Essentials'));
    expect(js.getByText(dateText(JS.createdAt))).toBeInTheDocument();
    expect(link('JavaScript Essentials')).toHaveAttribute('href', '/course/c-js');
    expect(js.getByText('Rs 399.20')).toBeInTheDocument();
    expect(js.getByText('Simulated payment')).toBeInTheDocument();
    expect(js.getByText('Completed')).toHaveClass('ln-purchase-status-completed');
    expect(js.getByText(JS._id)).toBeInTheDocument();

    const go = within(rowOf('Go for Backend Engineers'));
    expect(go.getByText('Rs 599.20')).toBeInTheDocument();
    expect(go.queryByText('Simulated payment')).not.toBeInTheDocument();
    expect(go.getByText('Refunded')).toHaveClass('ln-purchase-status-refunded');
    expect(go.getByText(`on ${dateText(GO.refundedAt as string)}`)).toBeInTheDocument();

    expect(within(rowOf('React 19 from Scratch')).getByText('Pending')).toHaveClass('ln-purchase-status-pending');
    expect(within(rowOf('SQL and Database Design')).getByText('Expired')).toHaveClass('ln-purchase-status-expired');
    expect(within(rowOf('SQL and Database Design')).getByText('Rs 381.65')).toBeInTheDocument();
    expect(getCalls(PURCHASES_PATH)).toBe(1);
    expect(apiPost).not.toHaveBeenCalled();
  });

  it('opens the course page from its title', async () => {
    serve(answer([JS]));
    renderAt('/purchase-history');
    await user.click(await screen.findByText('JavaScript Essentials'));
    expect(currentPath()).toBe('/course/c-js');
  });

  it("shows amounts with the platform's currency", async () => {
    serve(answer([JS]), 'INR');
    renderAt('/purchase-history');
    expect(await within(await findRow('JavaScript Essentials')).findByText('INR 399.20')).toBeInTheDocument();
  });

  it('has its own document title, and gives the previous one back when left', async () => {
    serve(answer([JS]));
    const { unmount } = renderAt('/purchase-history');
    expect(document.title).toBe(PURCHASE_HISTORY_TITLE);
    expect(PURCHASE_HISTORY_TITLE).toBe('Purchase history · Courseport');
    await screen.findByText('JavaScript Essentials');
    unmount();
    expect(document.title).toBe('Courseport');
  });

  it('links back to My Enrollments', async () => {
    serve(answer([JS]));
    renderAt('/purchase-history');
    await screen.findByText('JavaScript Essentials');
    await user.click(link('My Enrollments'));
    expect(currentPath()).toBe('/my-enrollments');
  });
});

describe('Purchase history: states', () => {
  it('shows a loading state until the purchases arrive', async () => {
    const pending = deferred<unknown>();
    serve(() => pending.promise);
    renderAt('/purchase-history');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your purchases...');
    await act(async () => pending.resolve({ success: true, purchases: [JS] }));
    expect(await screen.findByText('JavaScript Essentials')).toBeInTheDocument();
    expect(screen.queryByText('Loading your purchases...')).not.toBeInTheDocument();
  });

  it('waits for the session before asking', async () => {
    sessionStore.setState({ status: 'loading', userLoaded: false, roles: [], user: null });
    serve(answer([JS]));
    renderAt('/purchase-history');
    expect(screen.getByRole('status')).toHaveTextContent('Loading your purchases...');
    expect(getCalls(PURCHASES_PATH)).toBe(0);
    act(() => signIn());
    expect(await screen.findByText('JavaScript Essentials')).toBeInTheDocument();
    expect(getCalls(PURCHASES_PATH)).toBe(1);
  });

  it("shows 'You have not bought any course yet' with a way to the course list", async () => {
    serve(answer([]));
    renderAt('/purchase-history');
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    expect(link('Browse Courses')).toHaveAttribute('href', '/course-list');
    await user.click(link('Browse Courses'));
    expect(currentPath()).toBe('/course-list');
  });

  it("shows the server's message when the purchases cannot be loaded, and Try Again loads them", async () => {
    const purchases = failsUntilRecovered(serverError('Database is down', 503), answer([JS]));
    serve(purchases.handler);
    renderAt('/purchase-history');
    await expectRetryRecovers(purchases, 'Could not load your purchases', 'Try Again', 'JavaScript Essentials');
    expect(getCalls(PURCHASES_PATH)).toBe(2);
  });

  it('says so when the server cannot be reached', async () => {
    serve(() => {
      throw networkError();
    });
    renderAt('/purchase-history');
    expect(await screen.findByText('Could not load your purchases')).toBeInTheDocument();
    expect(screen.getByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
  });

  it('asks a signed-out visitor to sign in, and fetches nothing', async () => {
    const openSignIn = vi.fn();
    signOut({ openSignIn });
    serve(answer([JS]));
    renderAt('/purchase-history');
    expect(screen.getByText('Please sign in to see your purchase history')).toBeInTheDocument();
    await user.click(button('Sign In'));
    expect(openSignIn).toHaveBeenCalledOnce();
    expect(getCalls(PURCHASES_PATH)).toBe(0);
  });

  it('shows the purchases of a signed-in user without the student role too', async () => {
    signIn({ roles: ['educator'] });
    serve(answer([GO]));
    renderAt('/purchase-history');
    expect(await screen.findByText('Go for Backend Engineers')).toBeInTheDocument();
  });

  it('asks again for another user, never showing the previous one its list', async () => {
    serve(answer([JS]));
    renderAt('/purchase-history');
    await screen.findByText('JavaScript Essentials');
    const next = deferred<unknown>();
    serve(() => next.promise);
    // Another user signs in: a new identity (whose change drops the previous user's cached data) and profile.
    act(() =>
      signIn({
        identity: { id: 'u2', email: 'kim@example.com', fullName: 'Kim', imageUrl: '' },
        user: {
          _id: 'u2',
          email: 'kim@example.com',
          name: 'Kim',
          imageUrl: '',
          roles: ['student'],
          enrolledCourses: [],
        },
      }),
    );
    expect(screen.queryByText('JavaScript Essentials')).not.toBeInTheDocument();
    await act(async () => next.resolve({ success: true, purchases: [GO] }));
    expect(await screen.findByText('Go for Backend Engineers')).toBeInTheDocument();
  });

  it('keeps working in StrictMode (effects run twice)', async () => {
    serve(answer([JS]));
    renderAt('/purchase-history', { strict: true });
    expect(await screen.findByText('JavaScript Essentials')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});

describe('Purchase history: its first data (#34)', () => {
  it("loads the signed-in user's purchases (any role), which the page then shows at once without asking again", async () => {
    serve(answer([JS, GO]));
    queryClient.setQueryData(queryKeys.user.profile(), { _id: 'u1', roles: ['educator'], enrolledCourses: [] });
    await loadPageData(queryClient, {}, new URLSearchParams());
    expect(getCalls(PURCHASES_PATH)).toBe(1);
    renderAt('/purchase-history');
    expect(screen.getByText('JavaScript Essentials')).toBeInTheDocument();
    expect(screen.getByText('Go for Backend Engineers')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(getCalls(PURCHASES_PATH)).toBe(1);
  });

  it('loads nothing without a signed-in profile', async () => {
    serve(answer([JS]));
    await loadPageData(queryClient, {}, new URLSearchParams());
    expect(getCalls(PURCHASES_PATH)).toBe(0);
  });

  it('leaves a failed load to the page, which says so', async () => {
    serve(() => {
      throw serverError('Database is down', 503);
    });
    queryClient.setQueryData(queryKeys.user.profile(), { _id: 'u1', roles: ['student'], enrolledCourses: [] });
    await loadPageData(queryClient, {}, new URLSearchParams());
    renderAt('/purchase-history');
    expect(await screen.findByText('Could not load your purchases')).toBeInTheDocument();
  });
});

describe('Purchase history: phones', () => {
  // Below 576 px each row is a card, by the stylesheet alone (purchases.css), so the page rendered
  // on the server is already right on a phone: the cells say their column's name before their value.
  it("names each fact of a purchase in its cell, for the phones' cards", async () => {
    serve(answer(ALL));
    renderAt('/purchase-history');
    const row = await findRow('JavaScript Essentials');
    const cell = (name: string) => within(row).getByText(name, { selector: '.ln-purchase-label' }).parentElement;
    expect(row).toHaveClass('ln-purchase-row');
    expect(cell('Date')).toHaveClass('ln-purchase-date');
    expect(cellValue(cell('Date'))).toBe(dateText(JS.createdAt));
    expect(cellValue(cell('Amount'))).toBe('Rs 399.20Simulated payment');
    expect(cellValue(cell('Receipt no.'))).toBe(JS._id);
    // The course and its status head the card; they need no name.
    expect(within(row).getByRole('link', { name: 'JavaScript Essentials' }).closest('td')).toHaveClass(
      'ln-purchase-course-cell',
    );
    expect(within(row).getByText('Completed').closest('td')).toHaveClass('ln-purchase-status-td');
  });
});

async function findRow(title: string) {
  await screen.findByText(title);
  return rowOf(title);
}
