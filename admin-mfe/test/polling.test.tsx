import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiGet,
  deferred,
  getCalls,
  makeRequest,
  mockGet,
  networkError,
  REQUESTS,
  REQUESTS_PATH,
  renderPage,
  setSession,
  signInAsAdmin,
} from './helpers';

const NEW_REQUEST = /New educator request received!/;

/** Moves the fake clock and lets the resulting fetches and renders settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let requests = REQUESTS;

beforeEach(() => {
  // Only the clock is faked; the mocked API answers with ordinary promises.
  vi.useFakeTimers();
  signInAsAdmin();
  requests = REQUESTS;
  mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests }) });
});

afterEach(() => {
  vi.useRealTimers();
});

async function renderLoaded() {
  const view = renderPage();
  await advance(0);
  expect(screen.getByText('alice@example.com')).toBeInTheDocument();
  expect(getCalls(REQUESTS_PATH)).toBe(1);
  return view;
}

describe('Educator requests polling', () => {
  it('refetches every 5 seconds and announces a rise in pending requests, not on the first load', async () => {
    await renderLoaded();
    expect(screen.queryByText(NEW_REQUEST)).not.toBeInTheDocument();

    await advance(4999);
    expect(getCalls(REQUESTS_PATH)).toBe(1);
    await advance(1);
    expect(getCalls(REQUESTS_PATH)).toBe(2);
    expect(screen.queryByText(NEW_REQUEST)).not.toBeInTheDocument();

    requests = [
      makeRequest({ _id: 'r4', name: 'Dan New', email: 'dan@example.com' }),
      makeRequest({ _id: 'r5', name: 'Eve New', email: 'eve@example.com' }),
      ...REQUESTS,
    ];
    await advance(5000);
    expect(getCalls(REQUESTS_PATH)).toBe(3);
    expect(screen.getByText('New educator request received! 3 pending.')).toBeInTheDocument();
    expect(screen.getByText('dan@example.com')).toBeInTheDocument();
  });

  it('compares with the last answer: a fall is silent, a later rise is announced', async () => {
    await renderLoaded();
    requests = REQUESTS.filter((r) => r.status !== 'pending');
    await advance(5000);
    expect(screen.queryByText('alice@example.com')).not.toBeInTheDocument();
    expect(screen.queryByText(NEW_REQUEST)).not.toBeInTheDocument();
    requests = REQUESTS;
    await advance(5000);
    expect(screen.getByText('New educator request received! 1 pending.')).toBeInTheDocument();
  });

  it("shows 'Auto-refreshing...' while a poll is in flight", async () => {
    await renderLoaded();
    const poll = deferred<unknown>();
    mockGet({ [REQUESTS_PATH]: () => poll.promise });
    await advance(5000);
    expect(screen.getByText('Auto-refreshing...')).toBeInTheDocument();
    expect(screen.getByText('Refresh').closest('button')).toBeEnabled();

    // No second poll starts while one is still running.
    await advance(5000);
    expect(getCalls(REQUESTS_PATH)).toBe(2);

    await act(async () => poll.resolve({ success: true, requests: REQUESTS }));
    expect(screen.queryByText('Auto-refreshing...')).not.toBeInTheDocument();
  });

  it('ignores polling failures silently and keeps the table', async () => {
    await renderLoaded();
    mockGet({
      [REQUESTS_PATH]: () => {
        throw networkError();
      },
    });
    await advance(5000);
    expect(getCalls(REQUESTS_PATH)).toBe(2);
    expect(screen.queryByText('Failed to fetch requests')).not.toBeInTheDocument();
    expect(screen.queryByText('Auto-refreshing...')).not.toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
  });

  it('stops polling on unmount', async () => {
    const { unmount } = await renderLoaded();
    unmount();
    await advance(20_000);
    expect(getCalls(REQUESTS_PATH)).toBe(1);
  });

  it('skips polls while the page is hidden and polls again when it becomes visible', async () => {
    await renderLoaded();
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      await advance(15_000);
      expect(getCalls(REQUESTS_PATH)).toBe(1);

      visibility.mockReturnValue('visible');
      await act(async () => {
        // As browsers fire it: at the document, bubbling to the window.
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      });
      await advance(0);
      expect(getCalls(REQUESTS_PATH)).toBe(2);
    } finally {
      visibility.mockRestore();
    }
  });

  it('never polls for non-admins', async () => {
    setSession({ roles: ['student', 'educator'] });
    renderPage();
    await advance(20_000);
    expect(apiGet).not.toHaveBeenCalled();
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
  });
});
