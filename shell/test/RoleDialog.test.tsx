import { sessionStore } from '@courseport/shared-ui';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { DISMISS_NOTE_TEXT, RoleDialog, SIGNED_UP_BY_DEFAULT_TEXT } from '../src/features/roles/components/RoleDialog';
import { renderAt } from './render';

const refreshUser = vi.fn();
beforeEach(() => {
  api.post.mockReset();
  refreshUser.mockReset();
  sessionStore.setState({
    status: 'signed-in',
    identity: {
      id: 'user_9',
      email: 'n@example.com',
      fullName: 'Nia',
      imageUrl: 'http://localhost:4000/api/assets/avatar.svg',
    },
    roleDialogOpen: true,
    refreshUser,
  });
});

describe('RoleDialog', () => {
  it('offers Student and Educator, starts with Student, and never lets the last role go', async () => {
    renderAt(<RoleDialog />);
    expect(screen.getByText('Choose Your Roles')).toBeInTheDocument();
    expect(screen.getByText('Learn from courses and track your progress')).toBeInTheDocument();
    expect(screen.getByText('Create courses and teach students')).toBeInTheDocument();
    const [student, educator] = screen.getAllByRole('checkbox');
    expect(student).toBeChecked();
    await userEvent.click(student as HTMLElement);
    expect(student).toBeChecked();
    expect(screen.getByText('Selected roles:')).toHaveTextContent('Selected roles: Student');
    await userEvent.click(educator as HTMLElement);
    await userEvent.click(student as HTMLElement);
    expect(student).not.toBeChecked();
    expect(screen.getByText('Selected roles:')).toHaveTextContent('Selected roles: Educator');
    await userEvent.click(educator as HTMLElement);
    expect(educator).toBeChecked();
  });

  it("creates the profile as a student, shows 'Creating...', then sends the educator request", async () => {
    let finish: (v: unknown) => void = () => {};
    api.post
      .mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)))
      .mockResolvedValue({ success: true });
    renderAt(<RoleDialog />);
    await userEvent.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: /Creating\.\.\./ })).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/api/user/create', {
      _id: 'user_9',
      email: 'n@example.com',
      name: 'Nia',
      imageUrl: 'http://localhost:4000/api/assets/avatar.svg',
      roles: ['student'],
    });
    finish({ success: true, user: { roles: ['student'] } });
    // The spec's two toasts, in order; educator is only requested, so it is not among the roles.
    const signedUp = await screen.findByText('Successfully signed up with roles: student!');
    const requested = await screen.findByText('Educator request submitted! Admin will review your request.');
    expect(signedUp.compareDocumentPosition(requested) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/roles: student, educator/)).toBeNull();
    expect(api.post).toHaveBeenLastCalledWith('/api/user/request-educator');
    expect(refreshUser).toHaveBeenCalled();
    expect(sessionStore.getState().roleDialogOpen).toBe(false);
  });

  it("shows 'Failed to create user profile' when the call cannot be made", async () => {
    api.post.mockRejectedValue(new TypeError('network down'));
    renderAt(<RoleDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to create user profile')).toBeInTheDocument();
    expect(sessionStore.getState().roleDialogOpen).toBe(true);
  });

  it('signs up a student-only choice as a student', async () => {
    api.post.mockResolvedValue({ success: true });
    renderAt(<RoleDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Successfully signed up with roles: student!')).toBeInTheDocument();
    expect(screen.queryByText(/Educator request submitted/)).toBeNull();
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(refreshUser).toHaveBeenCalled();
  });

  it('closing it without choosing (Cancel, Esc) still leaves a usable account: a student profile', async () => {
    api.post.mockResolvedValue({ success: true });
    renderAt(<RoleDialog />);
    expect(screen.getByText(DISMISS_NOTE_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(sessionStore.getState().roleDialogOpen).toBe(false);
    expect(api.post).toHaveBeenCalledWith('/api/user/create', expect.objectContaining({ roles: ['student'] }));
    expect(await screen.findByText(SIGNED_UP_BY_DEFAULT_TEXT)).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalledWith('/api/user/request-educator');
    expect(refreshUser).toHaveBeenCalled();
  });

  it('Esc creates the student profile too, even with Educator ticked (no request is sent behind the back)', async () => {
    api.post.mockResolvedValue({ success: true });
    renderAt(<RoleDialog />);
    await userEvent.click(screen.getAllByRole('checkbox')[1] as HTMLElement);
    await userEvent.keyboard('{Escape}');
    expect(sessionStore.getState().roleDialogOpen).toBe(false);
    expect(await screen.findByText(SIGNED_UP_BY_DEFAULT_TEXT)).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledTimes(1);
    expect(api.post).toHaveBeenCalledWith('/api/user/create', expect.objectContaining({ roles: ['student'] }));
  });

  it('a failed default sign-up says so (the profile poll asks again)', async () => {
    api.post.mockRejectedValue(new TypeError('network down'));
    renderAt(<RoleDialog />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Failed to create user profile')).toBeInTheDocument();
    expect(refreshUser).not.toHaveBeenCalled();
  });
});
