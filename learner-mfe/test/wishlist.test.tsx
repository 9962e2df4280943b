import { apiRequest, queryClient, queryKeys, sessionStore, type WishlistItem } from '@courseport/shared-ui';
import { deferred, expectLoadingUntil, expectRetryRecovers, failsUntilRecovered } from '@courseport/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPageData, WISHLIST_TITLE } from '../src/pages/WishlistPage';
import {
  apiPost,
  around,
  button,
  currentPath,
  getCalls,
  link,
  makeCourseCard,
  mockGet,
  mockPost,
  renderAt,
  serverError,
  setCurrencyLabel,
  signIn,
  signOut,
  toastOf,
  user,
} from './helpers';

const WISHLIST_PATH = '/api/user/wishlist';
const apiSend = vi.mocked(apiRequest);

const item = (overrides: Partial<WishlistItem> & { course: WishlistItem['course'] }): WishlistItem => ({
  savedAt: '2026-11-20T10:00:00.000Z',
  savedPrice: 449.1,
  priceDrop: null,
  ...overrides,
});

const GO = item({
  course: makeCourseCard({
    _id: 'c-go',
    courseTitle: 'Go for Backend Engineers',
    coursePrice: 500,
    discount: 20,
    averageRating: 4,
    ratingCount: 7,
    educator: { _id: 'e1', name: 'Grace Gopher' },
  }),
  savedPrice: 450,
  priceDrop: { from: 450, to: 400 },
});
const SQL = item({
  course: makeCourseCard({
    _id: 'c-sql',
    courseTitle: 'SQL and Database Design',
    coursePrice: 300,
    discount: 0,
    averageRating: 5,
    ratingCount: 1,
    educator: { _id: 'e2', name: 'Ted Codd' },
  }),
  savedPrice: 300,
});

const answer = (items: WishlistItem[]) => () => ({ success: true, wishlist: items });
function serve(wishlist: () => unknown, currency = 'Rs') {
  setCurrencyLabel(currency);
  mockGet({ [WISHLIST_PATH]: wishlist });
}
const cardOf = (title: string) => around(title, 'li');
const titles = () => [...document.querySelectorAll('.ln-wishlist-title')].map((a) => a.textContent);

beforeEach(() => {
  signIn();
  apiSend.mockReset();
  document.title = 'Courseport';
});
afterEach(() => {
  sessionStore.setState({ openSignIn: () => {} });
});

describe('Wishlist page: the list', () => {
  it('lists the saved courses newest saved first: thumbnail, title link, educator, rating and price', async () => {
    serve(answer([GO, SQL]));
    renderAt('/wishlist');
    await screen.findByText('Go for Backend Engineers');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Wishlist');
    expect(titles()).toEqual(['Go for Backend Engineers', 'SQL and Database Design']);
    const go = within(cardOf('Grace Gopher'));
    expect(link('Go for Backend Engineers')).toHaveAttribute('href', '/course/c-go');
    expect(go.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(go.getByText('(7 ratings)')).toBeInTheDocument();
    expect(go.getByText('Rs 400.00')).toBeInTheDocument();
    expect(go.getByText('Rs 500.00', { exact: false })).toBeInTheDocument();
    expect(document.querySelector('.ln-wishlist-thumb')).toBeInTheDocument();
    expect(within(cardOf('Ted Codd')).getByText('Rs 300.00')).toBeInTheDocument();
    expect(getCalls(WISHLIST_PATH)).toBe(1);
  });

  it('says when a saved course became cheaper, in the platform currency', async () => {
    serve(answer([GO, SQL]), 'INR');
    renderAt('/wishlist');
    expect(await screen.findByText('Price dropped from INR 450.00 to INR 400.00')).toBeInTheDocument();
    expect(within(cardOf('Ted Codd')).queryByText(/Price dropped/)).not.toBeInTheDocument();
  });

  it('opens the course page from its title', async () => {
    serve(answer([GO]));
    renderAt('/wishlist');
    await user.click(await screen.findByText('Go for Backend Engineers'));
    expect(currentPath()).toBe('/course/c-go');
  });

  it('has its own document title and links back to My Enrollments', async () => {
    serve(answer([GO]));
    renderAt('/wishlist');
    expect(document.title).toBe(WISHLIST_TITLE);
    expect(WISHLIST_TITLE).toBe('Wishlist · Courseport');
    await screen.findByText('Go for Backend Engineers');
    await user.click(link('My Enrollments'));
    expect(currentPath()).toBe('/my-enrollments');
  });
});

describe('Wishlist page: Remove', () => {
  it('removes a course with DELETE; once the server agrees it leaves the list, with its message as a toast', async () => {
    serve(answer([GO, SQL]));
    const removal = deferred<unknown>();
    apiSend.mockImplementation(() => removal.promise as never);
    renderAt('/wishlist');
    await screen.findByText('Go for Backend Engineers');
    const remove = within(cardOf('Grace Gopher')).getByRole('button', {
      name: 'Remove Go for Backend Engineers from your wishlist',
    });
    await user.click(remove);
    expect(apiSend).toHaveBeenCalledWith('/api/user/wishlist/c-go', { method: 'DELETE' });
    expect(remove).toBeDisabled();
    serve(answer([SQL]));
    removal.resolve({ success: true, message: 'Removed from your wishlist' });
    await waitFor(() => expect(screen.queryByText('Go for Backend Engineers')).not.toBeInTheDocument());
    expect(titles()).toEqual(['SQL and Database Design']);
    await waitFor(() => expect(toastOf('success')).toEqual(['Removed from your wishlist']), { timeout: 5_000 });
    expect(screen.getByRole('list', { name: 'Saved courses' })).toHaveFocus();
  });

  it('keeps the course when the removal fails, with the server message as an error toast', async () => {
    serve(answer([GO, SQL]));
    apiSend.mockRejectedValue(serverError('Internal server error', 500));
    renderAt('/wishlist');
    await screen.findByText('Go for Backend Engineers');
    await user.click(within(cardOf('Grace Gopher')).getByText('Remove'));
    await waitFor(() => expect(toastOf('error')).toEqual(['Internal server error']), { timeout: 5_000 });
    expect(titles()).toEqual(['Go for Backend Engineers', 'SQL and Database Design']);
    expect(button('Remove', cardOf('Grace Gopher'))).toBeEnabled();
  });

  it('shows the empty state once the last course is removed', async () => {
    serve(answer([SQL]));
    apiSend.mockResolvedValue({ success: true, message: 'Removed from your wishlist' } as never);
    renderAt('/wishlist');
    await screen.findByText('SQL and Database Design');
    serve(answer([]));
    await user.click(button('Remove'));
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
  });
});

describe('Wishlist page: Enroll Now', () => {
  const PURCHASE_PATH = '/api/user/purchase';
  const enrollIn = (title: string) => screen.getByRole('button', { name: `Enroll Now in ${title}` });

  it('starts the checkout of that course, shows it pending, and goes to the payment page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serve(answer([GO, SQL]));
    const answered = deferred<unknown>();
    mockPost({ [PURCHASE_PATH]: () => answered.promise });
    renderAt('/wishlist');
    await screen.findByText('Go for Backend Engineers');
    const enroll = enrollIn('Go for Backend Engineers');
    expect(enroll).toHaveTextContent('Enroll Now');
    await user.click(enroll);
    expect(apiPost).toHaveBeenCalledWith(PURCHASE_PATH, { courseId: 'c-go' });
    expect(enroll).toBeDisabled();
    expect(enroll).toHaveClass('cp-btn-loading');
    // One checkout at a time.
    expect(enrollIn('SQL and Database Design')).toBeDisabled();
    await act(async () => answered.resolve({ success: true, session_url: 'https://pay.example.com/session/7' }));
    expect(assign).toHaveBeenCalledWith('https://pay.example.com/session/7');
    expect(apiPost).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it("shows the server's message when the checkout fails, and can be tried again", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    serve(answer([GO]));
    mockPost({
      [PURCHASE_PATH]: () => {
        throw serverError('The payment service is unavailable right now. Please try again in a moment.', 503);
      },
    });
    renderAt('/wishlist');
    await screen.findByText('Go for Backend Engineers');
    await user.click(enrollIn('Go for Backend Engineers'));
    await waitFor(
      () =>
        expect(toastOf('error')).toEqual([
          'The payment service is unavailable right now. Please try again in a moment.',
        ]),
      { timeout: 5_000 },
    );
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(enrollIn('Go for Backend Engineers')).toBeEnabled());
    vi.unstubAllGlobals();
  });

  it("already enrolled (the server's 409): an info toast, and the player instead of Enroll Now", async () => {
    const refreshUser = vi.fn(async () => {
      signIn({ refreshUser }, ['c-go']);
    });
    signIn({ refreshUser });
    serve(answer([GO]));
    mockPost({
      [PURCHASE_PATH]: () => {
        throw serverError('You are already enrolled in this course', 409);
      },
    });
    renderAt('/wishlist');
    await screen.findByText('Go for Backend Engineers');
    await user.click(enrollIn('Go for Backend Engineers'));
    await waitFor(() => expect(toastOf('info')).toEqual(['You are already enrolled in this course']), {
      timeout: 5_000,
    });
    expect(toastOf('error')).toEqual([]);
    expect(refreshUser).toHaveBeenCalledOnce();
    expect(await screen.findByRole('link', { name: 'Go to course: Go for Backend Engineers' })).toHaveAttribute(
      'href',
      '/player/c-go',
    );
    sessionStore.setState({ refreshUser: async () => {} });
  });

  it('a course already owned shows that, with a link to the player, and no checkout', async () => {
    signIn({}, ['c-sql']);
    serve(answer([GO, SQL]));
    renderAt('/wishlist');
    await screen.findByText('SQL and Database Design');
    const sql = within(cardOf('Ted Codd'));
    expect(sql.getByText('You are already enrolled in this course')).toBeInTheDocument();
    expect(sql.queryByRole('button', { name: /^Enroll Now/ })).not.toBeInTheDocument();
    expect(within(cardOf('Grace Gopher')).getByRole('button', { name: /^Enroll Now/ })).toBeEnabled();
    expect(apiPost).not.toHaveBeenCalled();
    await user.click(sql.getByRole('link', { name: 'Go to course: SQL and Database Design' }));
    expect(currentPath()).toBe('/player/c-sql');
  });
});

describe('Wishlist page: states', () => {
  it('shows a loading state until the wishlist arrives', async () => {
    const pending = deferred<unknown>();
    serve(() => pending.promise);
    renderAt('/wishlist');
    await expectLoadingUntil(pending, 'Loading your wishlist...', answer([GO])(), 'Go for Backend Engineers');
  });

  it('shows an error with Retry, which loads it again', async () => {
    const failing = failsUntilRecovered(serverError('Internal server error', 500), answer([GO]));
    serve(failing.handler);
    renderAt('/wishlist');
    await expectRetryRecovers(failing, 'Could not load your wishlist', 'Retry', 'Go for Backend Engineers');
  });

  it('says the wishlist is empty, with a link to browse courses', async () => {
    serve(answer([]));
    renderAt('/wishlist');
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(link('Browse courses')).toHaveAttribute('href', '/course-list');
  });

  it('asks a signed-out visitor to sign in, and fetches nothing', async () => {
    signOut();
    const openSignIn = vi.fn();
    sessionStore.setState({ openSignIn });
    serve(answer([GO]));
    renderAt('/wishlist');
    expect(await screen.findByText('Please sign in to see your wishlist')).toBeInTheDocument();
    await user.click(button('Sign In'));
    expect(openSignIn).toHaveBeenCalledOnce();
    expect(getCalls(WISHLIST_PATH)).toBe(0);
  });
});

describe('Wishlist page: its first data (#34)', () => {
  it("loads the signed-in user's wishlist (any role), which the page then shows at once, without antd or a second request", async () => {
    serve(answer([GO, SQL]));
    queryClient.setQueryData(queryKeys.user.profile(), { _id: 'u1', roles: ['educator'], enrolledCourses: [] });
    await loadPageData(queryClient, {}, new URLSearchParams());
    expect(getCalls(WISHLIST_PATH)).toBe(1);
    renderAt('/wishlist');
    expect(titles()).toEqual(['Go for Backend Engineers', 'SQL and Database Design']);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    // Plain buttons with antd's look (#34): no antd on the page's first screen.
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
    expect(getCalls(WISHLIST_PATH)).toBe(1);
  });

  it('loads nothing without a signed-in profile', async () => {
    serve(answer([GO]));
    await loadPageData(queryClient, {}, new URLSearchParams());
    expect(getCalls(WISHLIST_PATH)).toBe(0);
  });

  it('an empty wishlist loaded first shows the empty state at once', async () => {
    serve(answer([]));
    queryClient.setQueryData(queryKeys.user.profile(), { _id: 'u1', roles: ['student'], enrolledCourses: [] });
    await loadPageData(queryClient, {}, new URLSearchParams());
    renderAt('/wishlist');
    expect(screen.getByText('Your wishlist is empty')).toBeInTheDocument();
  });
});

describe('My Enrollments links to the wishlist', () => {
  it('has a Wishlist link beside Purchase history', async () => {
    mockGet({ '/api/user/enrolled-courses': () => ({ success: true, enrolledCourses: [] }) });
    renderAt('/my-enrollments');
    await user.click(link('Wishlist'));
    expect(currentPath()).toBe('/wishlist');
  });
});
