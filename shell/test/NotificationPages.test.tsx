import { ApiError, queryKeys, sessionStore } from '@courseport/shared-ui';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
const apiRequest = vi.hoisted(() => vi.fn());
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api, apiRequest }));

import NotificationSettingsPage, { loadPageData } from '../src/pages/NotificationSettingsPage';
import UnsubscribePage, { INVALID_UNSUBSCRIBE_TEXT, scopeText } from '../src/pages/UnsubscribePage';
import { renderAt, testQueryClient } from './render';

const PREFS = {
  mail: {
    answer: true,
    'instructor-reply': true,
    announcement: true,
    'review-reply': true,
    'educator-approved': true,
    'project-reviewed': false,
  },
  mutedCourses: ['c2'],
};

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  apiRequest.mockReset();
});
afterEach(() => {
  sessionStore.setState({ status: 'loading', identity: null, user: null, userLoaded: false, roles: [] });
});

describe('the unsubscribe page (/unsubscribe?token=)', () => {
  it('says what the link stops without stopping it; the button does, without signing in', async () => {
    api.get.mockResolvedValue({ scope: { type: 'kind', kind: 'announcement' } });
    api.post.mockResolvedValue({ message: 'You will no longer get these mails.' });
    renderAt(<UnsubscribePage />, '/unsubscribe?token=t~1');
    expect(await screen.findByRole('heading', { name: 'Stop mails about course announcements?' })).toBeInTheDocument();
    expect(api.get).toHaveBeenCalledWith('/api/notifications/unsubscribe?token=t~1');
    expect(api.post).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(api.post).toHaveBeenCalledWith('/api/notifications/unsubscribe?token=t~1');
    const done = await screen.findByRole('status');
    expect(within(done).getByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    expect(within(done).getByRole('link', { name: 'notification settings' })).toHaveAttribute(
      'href',
      '/settings/notifications',
    );
  });

  it('refuses a missing, malformed or forged link in words, and keeps a failed unsubscribe retryable', async () => {
    renderAt(<UnsubscribePage />, '/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(INVALID_UNSUBSCRIBE_TEXT);

    api.get.mockRejectedValue(new ApiError('This unsubscribe link was not issued by Courseport', 403));
    const forged = renderAt(<UnsubscribePage />, '/unsubscribe?token=forged');
    expect(await within(forged.container).findByRole('alert')).toHaveTextContent(INVALID_UNSUBSCRIBE_TEXT);
  });

  it('names each scope', () => {
    expect(scopeText({ type: 'course', courseId: 'c1' })).toBe("this course's announcement mails");
    expect(scopeText({ type: 'all' })).toBe('all notification mails');
    expect(scopeText({ type: 'kind', kind: 'answer' })).toBe('mails about answers to your questions');
  });
});

describe('the notification settings (/settings/notifications)', () => {
  it('asks a visitor to sign in', async () => {
    const openSignIn = vi.fn();
    sessionStore.setState({ status: 'signed-out', openSignIn });
    renderAt(<NotificationSettingsPage />, '/settings/notifications');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(openSignIn).toHaveBeenCalledWith('sign-in');
  });

  it('shows the mail per kind and per course, and saves the changes', async () => {
    sessionStore.setState({
      status: 'signed-in',
      identity: { id: 'u1', email: 'u@example.com', fullName: 'Uma', imageUrl: '' },
    });
    api.get.mockImplementation(async (path: string) =>
      path === '/api/notifications/preferences'
        ? { preferences: PREFS }
        : {
            enrolledCourses: [
              { _id: 'c1', courseTitle: 'JavaScript Essentials' },
              { _id: 'c2', courseTitle: 'Java Programming' },
            ],
          },
    );
    apiRequest.mockImplementation(async (_path: string, init: { body: unknown }) => ({ preferences: init.body }));
    renderAt(<NotificationSettingsPage />, '/settings/notifications');
    const kinds = await screen.findByRole('group', { name: 'Email me about' });
    expect(within(kinds).getByRole('checkbox', { name: 'Project reviews' })).not.toBeChecked();
    const courses = screen.getByRole('group', { name: 'Announcements by email, per course' });
    expect(within(courses).getByRole('checkbox', { name: 'JavaScript Essentials' })).toBeChecked();
    expect(within(courses).getByRole('checkbox', { name: 'Java Programming' })).not.toBeChecked();

    await userEvent.click(within(kinds).getByRole('checkbox', { name: 'Answers to your questions' }));
    await userEvent.click(within(courses).getByRole('checkbox', { name: 'Java Programming' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(apiRequest).toHaveBeenCalledWith('/api/notifications/preferences', {
      method: 'PUT',
      body: { mail: { ...PREFS.mail, answer: false }, mutedCourses: [] },
    });
    // The toast loads antd's notification with it (on demand): on a busy machine that takes a moment.
    expect(await screen.findByText('Notification settings saved', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('says when the settings cannot be loaded, with a retry', async () => {
    sessionStore.setState({
      status: 'signed-in',
      identity: { id: 'u1', email: 'u@example.com', fullName: 'Uma', imageUrl: '' },
    });
    api.get.mockRejectedValue(new ApiError('Service unavailable', 503));
    renderAt(<NotificationSettingsPage />, '/settings/notifications');
    expect(await screen.findByText('Your settings could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});

describe('the notification settings: loading, and their first data (#34)', () => {
  const COURSES = [{ _id: 'c1', courseTitle: 'JavaScript Essentials' }];
  const signedIn = () =>
    sessionStore.setState({
      status: 'signed-in',
      identity: { id: 'u1', email: 'u@example.com', fullName: 'Uma', imageUrl: '' },
    });
  const answer = async (path: string) =>
    path === '/api/notifications/preferences' ? { preferences: PREFS } : { enrolledCourses: COURSES };

  it('shows a loading state until the settings arrive, and one while the session is not known', async () => {
    renderAt(<NotificationSettingsPage />, '/settings/notifications');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(api.get).not.toHaveBeenCalled();
    const waiting: Array<() => void> = [];
    api.get.mockImplementation((path: string) => new Promise((resolve) => waiting.push(() => resolve(answer(path)))));
    act(() => signedIn());
    expect(await screen.findByText('Loading your settings…')).toBeInTheDocument();
    act(() => {
      for (const release of waiting) release();
    });
    expect(await screen.findByRole('group', { name: 'Email me about' })).toBeInTheDocument();
  });

  it("loads the signed-in user's settings and courses, which the page then shows at once without asking again", async () => {
    signedIn();
    api.get.mockImplementation(answer);
    const client = testQueryClient();
    client.setQueryData(queryKeys.user.profile(), { _id: 'u1', roles: ['student'], enrolledCourses: ['c1'] });
    await loadPageData(client, {}, new URLSearchParams());
    expect(api.get.mock.calls.map(([path]) => path).sort()).toEqual([
      '/api/notifications/preferences',
      '/api/user/enrolled-courses',
    ]);
    renderAt(<NotificationSettingsPage />, '/settings/notifications', client);
    expect(screen.getByRole('group', { name: 'Email me about' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'JavaScript Essentials' })).toBeChecked();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.get).toHaveBeenCalledTimes(2);
  });

  it('loads nothing without a signed-in profile', async () => {
    await loadPageData(testQueryClient(), {}, new URLSearchParams());
    expect(api.get).not.toHaveBeenCalled();
  });
});
