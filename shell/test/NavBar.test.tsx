import { ApiError, type Role, sessionStore, type UserProfile } from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { LocalUserMenu } from '../src/features/auth/components/LocalUserMenu';
import { UserMenuContext } from '../src/features/auth/components/UserMenuSlot';
import { NavBar, REMOVE_EDUCATOR_TITLE } from '../src/features/layout/components/NavBar';
import { EDUCATOR_PENDING_TEXT } from '../src/features/layout/hooks/useRoleToggle';
import { TOAST_TOP_PROPERTY } from '../src/features/layout/hooks/useToastOffset';
import { renderAt } from './render';

const profile = (roles: Role[]): UserProfile => ({
  _id: 'user_1',
  email: 'u@example.com',
  name: 'Uma',
  imageUrl: '',
  roles,
  enrolledCourses: [],
});

const noticeOf = (text: HTMLElement) => text.closest('.ant-notification-notice');

function signIn(roles: Role[]) {
  sessionStore.setState({
    status: 'signed-in',
    identity: { id: 'user_1', email: 'u@example.com', fullName: 'Uma User', imageUrl: '' },
    user: profile(roles),
    userLoaded: true,
    roles: roles.length ? roles : ['student'],
  });
}

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  window.innerWidth = 1280;
});
afterEach(() => {
  sessionStore.setState({ status: 'loading', identity: null, user: null, userLoaded: false, roles: [] });
});

describe('NavBar', () => {
  it("shows 'Create Account' to signed-out visitors, which opens sign-up", async () => {
    const openSignIn = vi.fn();
    sessionStore.setState({ status: 'signed-out', openSignIn });
    renderAt(<NavBar />);
    expect(screen.getByRole('link', { name: 'Courseport home' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(openSignIn).toHaveBeenCalledWith('sign-up');
    expect(screen.queryByRole('button', { name: 'Student' })).toBeNull();
  });

  it("shows 'Sign in' beside 'Create Account', which opens the sign-in tab", async () => {
    const openSignIn = vi.fn();
    sessionStore.setState({ status: 'signed-out', openSignIn });
    renderAt(<NavBar />);
    const signInButton = screen.getByRole('button', { name: 'Sign in' });
    expect(signInButton.nextElementSibling).toBe(screen.getByRole('button', { name: 'Create Account' }));
    await userEvent.click(signInButton);
    expect(openSignIn).toHaveBeenCalledWith('sign-in');
  });

  it("keeps both buttons; the logo's name is the one the stylesheet leaves out on phones", () => {
    sessionStore.setState({ status: 'signed-out' });
    renderAt(<NavBar />);
    expect(within(screen.getByRole('link', { name: 'Courseport home' })).getByText('Courseport')).toHaveClass(
      'cp-brand-name',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('shows neither button while the session is being restored', () => {
    sessionStore.setState({ status: 'loading' });
    renderAt(<NavBar />);
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
  });

  it('shows a student the toggles, My Enrollments and the user menu', () => {
    signIn(['student']);
    renderAt(
      <UserMenuContext.Provider value={LocalUserMenu}>
        <NavBar />
      </UserMenuContext.Provider>,
    );
    expect(screen.getByRole('button', { name: 'Student' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Educator' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('link', { name: 'My Enrollments' })).toHaveAttribute('href', '/my-enrollments');
    expect(screen.queryByRole('link', { name: 'Educator Dashboard' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Account menu for Uma User' })).toBeInTheDocument();
  });

  it('shows an educator the Educator Dashboard link', () => {
    signIn(['educator']);
    renderAt(<NavBar />);
    expect(screen.getByRole('link', { name: 'Educator Dashboard' })).toHaveAttribute('href', '/educator');
    expect(screen.queryByRole('link', { name: 'My Enrollments' })).toBeNull();
  });

  it('shows an admin the Admin Dashboard link', () => {
    signIn(['student', 'educator', 'admin']);
    renderAt(<NavBar />);
    expect(screen.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');
    expect(screen.getByRole('link', { name: 'Educator Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Enrollments' })).toBeInTheDocument();
  });

  it("names the pills and links in full, with the short words ('S', 'Enrollments') the stylesheet shows on phones", () => {
    // The stylesheet (shell.css) shows `cp-wide` or `cp-narrow` by the screen's width, so a page
    // rendered on the server is laid out as the browser keeps it (the e2e journeys look at both).
    signIn(['student', 'educator']);
    renderAt(<NavBar />);
    const words = (element: HTMLElement) => ({
      wide: element.querySelector('.cp-wide')?.textContent,
      narrow: element.querySelector('.cp-narrow')?.textContent,
    });
    const student = screen.getByRole('button', { name: 'Student' });
    const educator = screen.getByRole('button', { name: 'Educator' });
    expect(words(student)).toEqual({ wide: 'Student', narrow: 'S' });
    expect(words(educator)).toEqual({ wide: 'Educator', narrow: 'E' });
    expect(student).toHaveAttribute('title', 'Student');
    expect(educator).toHaveAttribute('title', 'Educator');
    expect(words(screen.getByRole('link', { name: 'My Enrollments' }))).toEqual({
      wide: 'My Enrollments',
      narrow: 'Enrollments',
    });
    expect(words(screen.getByRole('link', { name: 'Educator Dashboard' }))).toEqual({
      wide: 'Educator Dashboard',
      narrow: 'Dashboard',
    });
    // The short words are not read twice.
    expect(student.querySelector('.cp-narrow')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows a pending educator request on the toggle; clicking it informs, and sends nothing', async () => {
    signIn(['student']);
    api.get.mockImplementation(async (path: string) =>
      path === '/api/user/educator-request'
        ? { success: true, request: { _id: 'r1', status: 'pending', requestedAt: '2026-11-01T10:00:00.000Z' } }
        : { success: true },
    );
    renderAt(<NavBar />);
    const educator = await screen.findByRole('button', { name: 'Educator (pending review)' });
    expect(educator).toHaveAttribute('title', 'Educator (pending review)');
    expect(educator).toHaveAttribute('aria-disabled', 'true');
    expect(educator).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(educator);
    expect(noticeOf(await screen.findByText(EDUCATOR_PENDING_TEXT))).toHaveClass('ant-notification-notice-info');
    expect(api.post).not.toHaveBeenCalled();
  });

  it("answers a request the server already holds ('You already have a pending educator request') as info", async () => {
    signIn(['student']);
    api.post.mockRejectedValue(new ApiError('You already have a pending educator request', 409));
    renderAt(<NavBar />);
    await userEvent.click(screen.getByRole('button', { name: 'Educator' }));
    const text = await screen.findByText('You already have a pending educator request');
    expect(noticeOf(text)).toHaveClass('ant-notification-notice-info');
  });

  it("asks before dropping an approved educator's role, saying re-approval will be needed", async () => {
    signIn(['student', 'educator']);
    api.post.mockResolvedValue({ success: true, user: profile(['student']) });
    renderAt(<NavBar />, '/my-enrollments');
    await userEvent.click(screen.getByRole('button', { name: 'Educator' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    expect(dialog).toHaveTextContent(REMOVE_EDUCATOR_TITLE);
    expect(dialog).toHaveTextContent(/new request and an admin's approval/);
    expect(api.post).not.toHaveBeenCalled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep educator role' }));
    await waitFor(() => expect(screen.queryByText(REMOVE_EDUCATOR_TITLE)).toBeNull());
    expect(api.post).not.toHaveBeenCalled();
    expect(sessionStore.getState().roles).toContain('educator');

    await userEvent.click(screen.getByRole('button', { name: 'Educator' }));
    const again = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    await userEvent.click(within(again).getByRole('button', { name: 'Remove educator role' }));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/api/user/update-roles', { action: 'remove', role: 'educator' }),
    );
    expect(await screen.findByText('Role removed successfully!')).toBeInTheDocument();
    expect(sessionStore.getState().roles).toEqual(['student']);
  });

  it('places the toasts below the bar it measures', () => {
    signIn(['student']);
    const { unmount } = renderAt(<NavBar />);
    expect(document.documentElement.style.getPropertyValue(TOAST_TOP_PROPERTY)).toMatch(/^\d+px$/);
    unmount();
    expect(document.documentElement.style.getPropertyValue(TOAST_TOP_PROPERTY)).toBe('');
  });

  it('sends an educator request instead of granting the role', async () => {
    signIn(['student']);
    api.post.mockResolvedValue({ success: true });
    renderAt(<NavBar />);
    await userEvent.click(screen.getByRole('button', { name: 'Educator' }));
    expect(api.post).toHaveBeenCalledWith('/api/user/request-educator');
    expect(await screen.findByText('Educator request submitted! Admin will review your request.')).toBeInTheDocument();
  });

  it('removes a held role, and going roleless returns home', async () => {
    signIn(['student']);
    api.post.mockResolvedValue({ success: true, user: profile([]) });
    renderAt(<NavBar />, '/my-enrollments');
    await userEvent.click(screen.getByRole('button', { name: 'Student' }));
    expect(api.post).toHaveBeenCalledWith('/api/user/update-roles', { action: 'remove', role: 'student' });
    expect(await screen.findByText('Role removed successfully!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it("blocks a second toggle while one is running; a failure is logged and told ('Failed to update roles')", async () => {
    signIn(['student', 'educator']);
    let fail: (e: Error) => void = () => {};
    api.post.mockReturnValue(new Promise((_, reject) => (fail = reject)));
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderAt(<NavBar />);
    await userEvent.click(screen.getByRole('button', { name: 'Student' }));
    expect(screen.getByRole('button', { name: 'Educator' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Educator' }));
    expect(api.post).toHaveBeenCalledTimes(1);
    await act(async () => fail(new Error('boom')));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Error toggling role:', expect.any(Error)));
    expect(await screen.findByText('Failed to update roles')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Educator' })).toBeEnabled();
  });
});
