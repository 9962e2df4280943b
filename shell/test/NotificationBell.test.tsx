import type { AppNotification } from '@courseport/contracts';
import { ApiError, sessionStore } from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { notificationKeys } from '../src/features/notifications/api/notifications';
import { NotificationBell } from '../src/features/notifications/components/NotificationBell';
import { timeAgo } from '../src/features/notifications/components/NotificationPanel';
import { renderAt } from './render';

const note = (id: string, read: boolean, over: Partial<AppNotification> = {}): AppNotification => ({
  _id: id,
  kind: 'answer',
  title: `Title ${id}`,
  text: `Text ${id}`,
  link: '/player/course_1?question=q1',
  read,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...over,
});

/** The API as the bell reads it: an unread count, and pages of notifications. */
function serve({ unread, pages }: { unread: number; pages: AppNotification[][] }) {
  api.get.mockImplementation(async (path: string) => {
    if (path === '/api/notifications/unread-count') return { unread };
    if (path === '/api/notifications') return { notifications: pages[0] ?? [], nextCursor: pages[1] ? 'c1' : null };
    if (path === '/api/notifications?cursor=c1') return { notifications: pages[1] ?? [], nextCursor: null };
    throw new Error(`unexpected GET ${path}`);
  });
}

/** The panel once its code is there (until then, its loading stand-in, without the heading). */
async function openedPanel() {
  await screen.findByRole('heading', { name: 'Notifications' });
  return screen.getByRole('region', { name: 'Notifications' });
}

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  sessionStore.setState({
    status: 'signed-in',
    identity: { id: 'user_1', email: 'u@example.com', fullName: 'Uma User', imageUrl: '' },
  });
});
afterEach(() => {
  sessionStore.setState({ status: 'loading', identity: null, user: null, userLoaded: false, roles: [] });
});

describe('NotificationBell', () => {
  it('names the unread count on the button and shows it as a badge; no badge when none', async () => {
    serve({ unread: 3, pages: [] });
    const { client } = renderAt(<NotificationBell />);
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByText('3')).toHaveClass('cp-bell-badge');
    // The query cache tells its observers on the next tick.
    act(() => client.setQueryData(notificationKeys.unread(), 0));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(document.querySelector('.cp-bell-badge')).toBeNull();
    act(() => client.setQueryData(notificationKeys.unread(), 250));
    expect(await screen.findByText('99+')).toBeInTheDocument();
  });

  it('tells screen readers when the count goes up (a poll brought news), not on the first count', async () => {
    serve({ unread: 1, pages: [] });
    const { client } = renderAt(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    const live = document.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('');
    act(() => client.setQueryData(notificationKeys.unread(), 3));
    await waitFor(() => expect(live).toHaveTextContent('2 new notifications'));
  });

  it('opens its list, newest first, unread ones marked; a click marks it read, follows its link and closes', async () => {
    serve({ unread: 1, pages: [[note('n1', false), note('n2', true, { link: 'https://evil.example/' })]] });
    api.post.mockResolvedValue({ unread: 0 });
    renderAt(<NotificationBell />, '/');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await openedPanel();
    const first = await within(panel).findByRole('link', { name: /Title n1/ });
    expect(first).toHaveTextContent('Unread: Title n1');
    expect(first).toHaveTextContent('5 minutes ago');
    // A link off the site is never followed: shown, not a link.
    expect(within(panel).getByText('Title n2').closest('a')).toBeNull();
    await userEvent.click(first);
    expect(api.post).toHaveBeenCalledWith('/api/notifications/n1/read');
    expect(screen.getByTestId('location')).toHaveTextContent('/player/course_1');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
  });

  it('marks all as read, pages with Show more, and closes with Escape giving the focus back', async () => {
    serve({ unread: 2, pages: [[note('n1', false), note('n2', false)], [note('n3', true)]] });
    api.post.mockResolvedValue({ unread: 0 });
    renderAt(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await userEvent.click(bell);
    const panel = await openedPanel();
    await within(panel).findByText('Title n1');
    await userEvent.click(within(panel).getByRole('button', { name: 'Show more' }));
    expect(await within(panel).findByText('Title n3')).toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    expect(api.post).toHaveBeenCalledWith('/api/notifications/read-all');
    await waitFor(() => expect(within(panel).queryAllByText(/Unread:/)).toHaveLength(0));
    expect(within(panel).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    expect(bell).toHaveFocus();
  });

  it('says when there is nothing yet, and offers a retry when the list fails', async () => {
    let fail = true;
    api.get.mockImplementation(async (path: string) => {
      if (path === '/api/notifications/unread-count') return { unread: 0 };
      if (fail) throw new ApiError('Service unavailable', 503);
      return { notifications: [], nextCursor: null };
    });
    renderAt(<NotificationBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load your notifications.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText("You're all caught up.")).toBeInTheDocument();
  });

  it('closes when the user presses outside it', async () => {
    serve({ unread: 0, pages: [[note('n1', true)]] });
    renderAt(
      <>
        <NotificationBell />
        <p>elsewhere</p>
      </>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await screen.findByText('Title n1');
    await userEvent.click(screen.getByText('elsewhere'));
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });
});

describe('timeAgo', () => {
  it('says how long ago, in words', () => {
    const now = Date.parse('2026-11-29T12:00:00Z');
    expect(timeAgo('2026-11-29T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-29T11:55:00Z', now)).toBe('5 minutes ago');
    expect(timeAgo('2026-11-28T12:00:00Z', now)).toBe('yesterday');
    expect(timeAgo('2026-11-01T12:00:00Z', now)).toBe('4 weeks ago');
  });
});
