import { ApiError, type Role, sessionStore } from '@courseport/shared-ui';
import { holdSpecTexts, networkError, resetSession, serverError } from '@courseport/shared-ui/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { NavBar } from '../src/features/layout/components/NavBar';
import { RoleDialog } from '../src/features/roles/components/RoleDialog';
import { EducatorGuard } from '../src/features/session/components/EducatorGuard';
import { renderAt } from './render';

// The shell's texts of the spec, each in its state (#30; the list: shared-ui/test/spec-texts.ts).

const identity = { id: 'user_1', email: 'u@example.com', fullName: 'Uma User', imageUrl: '' };

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  api.get.mockResolvedValue({ success: true, request: null });
  window.innerWidth = 1280;
});
afterEach(resetSession);

function signIn(roles: Role[]) {
  sessionStore.setState({
    status: 'signed-in',
    identity,
    user: { _id: 'user_1', email: identity.email, name: 'Uma', imageUrl: '', roles, enrolledCourses: [] },
    userLoaded: true,
    roles,
  });
}

/** A new account with no profile yet: the role dialog is open. */
function openRoleDialog(answer: () => unknown) {
  sessionStore.setState({
    status: 'signed-in',
    identity,
    user: null,
    userLoaded: true,
    roleDialogOpen: true,
    refreshUser: vi.fn(),
  });
  api.post.mockImplementation(async () => answer());
  renderAt(<RoleDialog />);
}

async function toggle(roles: Role[], role: 'Student' | 'Educator', answer: () => unknown) {
  signIn(roles);
  api.post.mockImplementation(async () => answer());
  renderAt(<NavBar />);
  await userEvent.click(screen.getByRole('button', { name: role }));
}

const fails = (error: Error) => () => {
  throw error;
};
const userWith = (roles: Role[]) => ({
  success: true,
  user: { _id: 'user_1', email: identity.email, name: 'Uma', imageUrl: '', roles, enrolledCourses: [] },
});
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

holdSpecTexts('shell', {
  'educator-area-loading': async () => {
    sessionStore.setState({ status: 'signed-in', identity, user: null, userLoaded: false });
    renderAt(
      <EducatorGuard>
        <p>educator area</p>
      </EducatorGuard>,
      '/educator',
    );
  },
  'nav-signed-out': async () => {
    sessionStore.setState({ status: 'signed-out', identity: null, user: null, userLoaded: true, roles: [] });
    renderAt(<NavBar />);
  },
  'role-dialog': async () => {
    openRoleDialog(() => ({ success: true }));
  },
  'role-dialog-creating': async () => {
    openRoleDialog(() => new Promise(() => {}));
    await userEvent.click(continueButton());
  },
  'role-dialog-continue': async () => {
    openRoleDialog(() => ({ success: true }));
    await userEvent.click(continueButton());
  },
  'profile-created': async () => {
    openRoleDialog(() => ({ success: true, message: 'User profile created successfully!' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  },
  'profile-create-refused': async () => {
    openRoleDialog(fails(new ApiError('', 400, { success: false })));
    await userEvent.click(continueButton());
  },
  'profile-create-failed': async () => {
    openRoleDialog(fails(networkError()));
    await userEvent.click(continueButton());
  },
  'role-added': () => toggle(['educator'], 'Student', () => userWith(['educator', 'student'])),
  'role-removed': () => toggle(['student', 'educator'], 'Student', () => userWith(['educator'])),
  'role-update-failed': () => toggle(['student', 'educator'], 'Student', fails(networkError())),
  'role-toggle-failed': async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    await toggle(['student', 'educator'], 'Student', fails(serverError('Role not allowed')));
    await vi.waitFor(() => {
      if (logged.length === 0) throw new Error('nothing logged yet');
    });
    return { logged };
  },
  'educator-request-sent': () => toggle(['student'], 'Educator', () => ({ success: true })),
  'educator-request-failed': () => toggle(['student'], 'Educator', fails(networkError())),
});
