import { ApiError, NETWORK_ERROR_MESSAGE, sessionStore } from '@courseport/shared-ui';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDIRECT_DELAY_MS, returnPath } from '../src/pages/PaymentReturnPage';
import {
  apiPost,
  button,
  currentPath,
  deferred,
  findToast,
  mockPost,
  postBodies,
  renderAt,
  serverError,
  settle,
  setupUser,
  signIn,
  VERIFY_PATH,
} from './helpers';

const RETURN_URL = '/loading/my-enrollments?purchaseId=p9';

let refreshUser: ReturnType<typeof vi.fn<() => Promise<void>>>;

beforeEach(() => {
  refreshUser = vi.fn(async () => {});
  signIn({ refreshUser }, []);
});

afterEach(() => {
  vi.useRealTimers();
});

/** Lets pending promises settle and moves the fake clock on by `ms`. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const notice = (text: string) =>
  screen
    .getAllByText(text)
    .map((element) => element.closest('.ant-notification-notice'))
    .find((element) => element !== null);

describe('Payment return: no purchase id', () => {
  it("shows 'Purchase ID not found' and makes no call", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = setupUser({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/loading/my-enrollments');
    expect(screen.getByText('Purchase ID not found')).toBeInTheDocument();
    expect(screen.queryByText('Verifying your payment...')).not.toBeInTheDocument();
    // Past the time a verified payment would have redirected: still no call, and no redirect.
    await settle(REDIRECT_DELAY_MS + 1000);
    expect(apiPost).not.toHaveBeenCalled();
    expect(currentPath()).toBe('/loading/my-enrollments');

    await user.click(button('Go to My Enrollments'));
    expect(currentPath()).toBe('/my-enrollments');
  });

  it('treats an empty purchase id as missing', () => {
    renderAt('/loading/my-enrollments?purchaseId=');
    expect(screen.getByText('Purchase ID not found')).toBeInTheDocument();
    expect(apiPost).not.toHaveBeenCalled();
  });
});

describe('Payment return: accessibility', () => {
  it("names the tab 'Payment verification · Courseport' and has one h1 (for screen readers)", () => {
    document.title = 'Courseport';
    mockPost({ [VERIFY_PATH]: () => deferred<unknown>().promise });
    const { unmount } = renderAt(RETURN_URL);
    expect(document.title).toBe('Payment verification · Courseport');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h1')).toHaveTextContent('Payment verification');
    expect(document.querySelector('main')).toBeNull();
    unmount();
    expect(document.title).toBe('Courseport');
  });
});

describe('Payment return: verifying', () => {
  it("says 'Verifying your payment...' until the session is known, then 'Processing your payment...' while the server verifies", async () => {
    sessionStore.setState({ status: 'loading', userLoaded: false, roles: [], user: null });
    const answer = deferred<unknown>();
    mockPost({ [VERIFY_PATH]: () => answer.promise });
    renderAt(RETURN_URL);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Verifying your payment...');
    expect(status.querySelector('.cp-spinner')).not.toBeNull();
    expect(screen.queryByText('Processing your payment...')).not.toBeInTheDocument();

    act(() => signIn({ refreshUser }));
    await waitFor(() => expect(postBodies(VERIFY_PATH)).toEqual([{ purchaseId: 'p9' }]));
    expect(status).toHaveTextContent('Processing your payment...');
    expect(status).toHaveTextContent('Redirecting you shortly...');
    expect(status.querySelector('.cp-spinner')).not.toBeNull();
    expect(screen.queryByText('Verifying your payment...')).not.toBeInTheDocument();

    answer.resolve({ success: true, message: 'Payment verified' });
    // Verified: said so on the page too, without the spinner or 'Processing'.
    await waitFor(() => expect(status).toHaveTextContent('Payment verified successfully!'));
    expect(status).toHaveTextContent('Redirecting you shortly...');
    expect(status).not.toHaveTextContent('Processing your payment...');
    expect(status.querySelector('.cp-spinner')).toBeNull();
  });

  it('on a failure the page says it failed (no spinner, no success), and still redirects', async () => {
    mockPost({
      [VERIFY_PATH]: () => {
        throw serverError('Payment has not been completed yet', 402);
      },
    });
    renderAt(RETURN_URL);
    const status = screen.getByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Payment has not been completed yet'));
    expect(status).toHaveTextContent('Redirecting you shortly...');
    expect(status).not.toHaveTextContent('Processing your payment...');
    expect(status).not.toHaveTextContent('Payment verified successfully!');
    expect(status.querySelector('.cp-spinner')).toBeNull();
  });

  it('waits for the session to be known, so the call carries the token', async () => {
    sessionStore.setState({ status: 'loading', userLoaded: false, roles: [], user: null });
    mockPost({ [VERIFY_PATH]: () => ({ success: true }) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderAt(RETURN_URL);
    expect(screen.getByText('Verifying your payment...')).toBeInTheDocument();
    // Everything the page schedules has run (longer than the redirect delay): no call yet.
    await settle(REDIRECT_DELAY_MS + 1000);
    expect(apiPost).not.toHaveBeenCalled();
    expect(screen.getByText('Verifying your payment...')).toBeInTheDocument();
    act(() => signIn({ refreshUser }));
    await findToast('Payment verified successfully!', 'success');
    expect(postBodies(VERIFY_PATH)).toHaveLength(1);
  });

  it('verifies only once under StrictMode', async () => {
    mockPost({ [VERIFY_PATH]: () => ({ success: true }) });
    renderAt(RETURN_URL, { strict: true });
    await findToast('Payment verified successfully!', 'success');
    expect(await screen.findByText('Redirecting you shortly...')).toBeInTheDocument();
    expect(postBodies(VERIFY_PATH)).toHaveLength(1);
    // One toast (and the page's own line).
    expect(document.querySelectorAll('.ant-notification-notice-success')).toHaveLength(1);
    expect(refreshUser).toHaveBeenCalledOnce();
  });
});

describe('Payment return: results and redirect', () => {
  it('on success: a success toast, the profile refreshed and the redirect after 3 seconds, not before', async () => {
    vi.useFakeTimers();
    mockPost({ [VERIFY_PATH]: () => ({ success: true, message: 'Payment verified' }) });
    renderAt(RETURN_URL);
    await advance(0);

    expect(notice('Payment verified successfully!')).toHaveClass('ant-notification-notice-success');
    expect(refreshUser).toHaveBeenCalledOnce();
    expect(screen.getByRole('status')).toHaveTextContent('Payment verified successfully!');
    expect(screen.getByText('Redirecting you shortly...')).toBeInTheDocument();

    await advance(REDIRECT_DELAY_MS - 1);
    expect(currentPath()).toBe('/loading/my-enrollments?purchaseId=p9');
    await advance(1);
    expect(currentPath()).toBe('/my-enrollments');
    expect(REDIRECT_DELAY_MS).toBe(3000);
  });

  it('counts the 3 seconds from when the verification finished', async () => {
    vi.useFakeTimers();
    const answer = deferred<unknown>();
    mockPost({ [VERIFY_PATH]: () => answer.promise });
    renderAt('/loading/player?purchaseId=p1');
    await advance(5000);
    expect(screen.getByText('Processing your payment...')).toBeInTheDocument();
    expect(currentPath()).toBe('/loading/player?purchaseId=p1');

    answer.resolve({ success: true });
    await advance(0);
    await advance(2999);
    expect(screen.getByText('Redirecting you shortly...')).toBeInTheDocument();
    expect(currentPath()).toBe('/loading/player?purchaseId=p1');
    await advance(1);
    expect(currentPath()).toBe('/player');
  });

  it("on a refused payment: the server's message, no refresh, and the redirect all the same", async () => {
    vi.useFakeTimers();
    mockPost({
      [VERIFY_PATH]: () => {
        throw serverError('Payment not completed', 400);
      },
    });
    renderAt(RETURN_URL);
    await advance(0);
    expect(notice('Payment not completed')).toHaveClass('ant-notification-notice-error');
    expect(screen.queryByText('Payment verified successfully!')).not.toBeInTheDocument();
    expect(refreshUser).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Payment not completed');
    await advance(REDIRECT_DELAY_MS);
    expect(currentPath()).toBe('/my-enrollments');
  });

  it("on a false answer: its message, or 'Payment verification failed' without one", async () => {
    mockPost({ [VERIFY_PATH]: () => ({ success: false, message: 'Payment is still pending' }) });
    const first = renderAt(RETURN_URL);
    await findToast('Payment is still pending', 'error');
    expect(refreshUser).not.toHaveBeenCalled();
    first.unmount();

    mockPost({ [VERIFY_PATH]: () => ({ success: false }) });
    renderAt('/loading/my-enrollments?purchaseId=p10');
    await findToast('Payment verification failed', 'error');
    expect(refreshUser).not.toHaveBeenCalled();
  });

  it("on a network error: 'Payment verification failed'", async () => {
    mockPost({
      [VERIFY_PATH]: () => {
        throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
      },
    });
    const first = renderAt(RETURN_URL);
    await findToast('Payment verification failed', 'error');
    expect(screen.queryByText(NETWORK_ERROR_MESSAGE)).not.toBeInTheDocument();
    first.unmount();

    mockPost({
      [VERIFY_PATH]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderAt('/loading/my-enrollments?purchaseId=p11');
    expect(await screen.findAllByText('Payment verification failed')).not.toHaveLength(0);
    expect(screen.queryByText('Failed to fetch')).not.toBeInTheDocument();
    expect(refreshUser).not.toHaveBeenCalled();
  });
});

describe('returnPath', () => {
  it('always gives a path inside this site', () => {
    expect(returnPath('my-enrollments')).toBe('/my-enrollments');
    expect(returnPath('/evil.example.com')).toBe('/evil.example.com');
    expect(returnPath('//evil.example.com')).toBe('/evil.example.com');
    expect(returnPath(undefined)).toBe('/');
  });
});
