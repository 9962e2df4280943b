import { queryKeys, type Role, sessionStore, type UserProfile } from '@courseport/shared-ui';
import { resetSession, serverError, setupUser } from '@courseport/shared-ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { EducatorGuard } from '../src/features/session/components/EducatorGuard';
import { PROFILE_LOAD_ERROR_TEXT, ProfileLoadError } from '../src/features/session/components/ProfileLoadError';
import { EDUCATOR_APPROVED_TEXT, ROLE_POLL_MS, useProfileSync } from '../src/features/session/hooks/useProfileSync';
import { renderAt } from './render';

const profile = (roles: Role[]): UserProfile => ({
  _id: 'user_1',
  email: 'u@example.com',
  name: 'U',
  imageUrl: '',
  roles,
  enrolledCourses: [],
});
const identity = { id: 'user_1', email: 'u@example.com', fullName: 'U', imageUrl: '' };

function Sync() {
  useProfileSync();
  return null;
}

beforeEach(() => {
  api.get.mockReset();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  resetSession();
});

describe('profile sync', () => {
  it('loads the profile on sign-in, with student as the default role', async () => {
    api.get.mockResolvedValue({ success: true, user: profile([]) });
    sessionStore.setState({ status: 'signed-in', identity, userLoaded: false });
    renderAt(<Sync />);
    await waitFor(() => expect(sessionStore.getState().userLoaded).toBe(true));
    expect(api.get).toHaveBeenCalledWith('/api/user/data');
    expect(sessionStore.getState()).toMatchObject({ userLoaded: true, roles: ['student'], user: { _id: 'user_1' } });
  });

  it("opens the role dialog when the server answers 'User not found'", async () => {
    api.get.mockRejectedValue(Object.assign(new Error('User not found'), { status: 404 }));
    sessionStore.setState({ status: 'signed-in', identity });
    renderAt(<Sync />);
    await waitFor(() => expect(sessionStore.getState().roleDialogOpen).toBe(true));
    expect(sessionStore.getState()).toMatchObject({ user: null, userLoaded: true, roleDialogOpen: true });
  });

  it('polls every 10 s, congratulates a newly approved educator, and ignores polling failures', async () => {
    api.get.mockResolvedValueOnce({ success: true, user: profile(['student']) });
    sessionStore.setState({ status: 'signed-in', identity });
    renderAt(<Sync />);
    await waitFor(() => expect(sessionStore.getState().userLoaded).toBe(true));
    expect(api.get).toHaveBeenCalledTimes(1);

    api.get.mockRejectedValueOnce(new Error('offline'));
    await act(async () => vi.advanceTimersByTimeAsync(ROLE_POLL_MS));
    expect(api.get).toHaveBeenCalledTimes(2);
    expect(sessionStore.getState()).toMatchObject({ roles: ['student'], roleDialogOpen: false });

    api.get.mockResolvedValue({ success: true, user: profile(['student', 'educator']) });
    await act(async () => vi.advanceTimersByTimeAsync(ROLE_POLL_MS));
    expect(api.get).toHaveBeenCalledTimes(3);
    expect(sessionStore.getState().roles).toEqual(['student', 'educator']);
    expect(await screen.findByText(EDUCATOR_APPROVED_TEXT)).toBeInTheDocument();
  });
});

describe('profile sync: failures and refreshUser', () => {
  it('a failed first load (not a 404) shows an error with a retry, never the sign-up role dialog', async () => {
    api.get.mockRejectedValue(serverError('Service unavailable', 503));
    sessionStore.setState({ status: 'signed-in', identity, userLoaded: false });
    renderAt(
      <>
        <Sync />
        <ProfileLoadError />
        <EducatorGuard>
          <p>educator area</p>
        </EducatorGuard>
      </>,
      '/educator',
    );
    const alert = await screen.findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent(PROFILE_LOAD_ERROR_TEXT);
    expect(sessionStore.getState().roleDialogOpen).toBe(false);
    // The guard neither spins forever nor sends the educator away for a failed load.
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/educator');

    api.get.mockResolvedValue({ success: true, user: profile(['educator']) });
    await setupUser({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(sessionStore.getState()).toMatchObject({ userLoaded: true, roles: ['educator'], roleDialogOpen: false });
    expect(screen.getByText('educator area')).toBeInTheDocument();
  });

  it("the store's refreshUser refetches the profile query and resolves with the new profile in the store", async () => {
    api.get.mockResolvedValueOnce({ success: true, user: profile(['student']) });
    sessionStore.setState({ status: 'signed-in', identity });
    const { client } = renderAt(<Sync />);
    await waitFor(() => expect(sessionStore.getState().userLoaded).toBe(true));
    api.get.mockResolvedValue({ success: true, user: { ...profile(['student']), enrolledCourses: ['course_1'] } });
    await act(() => sessionStore.getState().refreshUser());
    expect(sessionStore.getState().user?.enrolledCourses).toEqual(['course_1']);
    expect(client.getQueryData<UserProfile>(queryKeys.user.profile())?.enrolledCourses).toEqual(['course_1']);
  });
});

describe('EducatorGuard', () => {
  const guarded = (
    <EducatorGuard>
      <p>educator area</p>
    </EducatorGuard>
  );

  it('sends a signed-out visitor to /', () => {
    sessionStore.setState({ status: 'signed-out', userLoaded: true, roles: [] });
    renderAt(guarded, '/educator');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("shows 'Loading...' until the user's data is loaded", () => {
    sessionStore.setState({ status: 'signed-in', identity, userLoaded: false, roles: [] });
    renderAt(guarded, '/educator');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
  });

  it('sends a non-educator to / and lets an educator in', () => {
    sessionStore.setState({ status: 'signed-in', identity, userLoaded: true, roles: ['student'] });
    const { unmount } = renderAt(guarded, '/educator/add-course');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    unmount();
    sessionStore.setState({ roles: ['educator'] });
    renderAt(guarded, '/educator/add-course');
    expect(screen.getByText('educator area')).toBeInTheDocument();
  });
});
