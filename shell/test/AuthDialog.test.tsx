import { pendingEnrollCourse, rememberEnrollIntent, sessionStore } from '@courseport/shared-ui';
import { answerByPath, deferred, networkError, serverError, setupUser } from '@courseport/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { fill, renderLocalAuth, resetSession, sessionAnswer, USER } from './local-auth';

const SESSION_CALL = { credentials: 'include', anonymous: true };
const SIGN_UP_SENT = 'Check your inbox: we sent a link to confirm your email address.';
const RESET_SENT = 'If an account exists for that email, we sent a link to reset its password.';

/** The open auth dialog, found by its title. */
async function authDialog(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, { selector: '.ant-modal-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`"${title}" is not a dialog's title`);
  return dialog;
}

async function startSignedOut(path = '/', handlers: Record<string, (...rest: never[]) => unknown> = {}) {
  answerByPath(api.post, 'POST', {
    '/api/auth/refresh': () => Promise.reject(serverError('Not signed in', 401)),
    ...handlers,
  });
  const user = setupUser();
  renderLocalAuth(path);
  await waitFor(() => expect(sessionStore.getState().status).toBe('signed-out'));
  return user;
}

beforeEach(() => {
  api.get.mockReset();
  api.post.mockReset();
  window.innerWidth = 1280;
});
afterEach(resetSession);

describe('local accounts: the sign-in dialog', () => {
  it("'Sign in' in the bar opens the sign-in tab, and signing in closes it and shows the account menu", async () => {
    const user = await startSignedOut('/', { '/api/auth/sign-in': () => sessionAnswer() });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await authDialog('Sign in to Courseport');
    expect(within(dialog).getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    await fill(user, within(dialog).getByLabelText('Email address'), ` ${USER.email} `);
    await fill(user, within(dialog).getByLabelText('Password'), 'courseport-demo');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Account menu for Uma User' })).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith(
      '/api/auth/sign-in',
      { email: USER.email, password: 'courseport-demo' },
      SESSION_CALL,
    );
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', identity: { email: USER.email } });
    await waitFor(() => expect(screen.queryByText('Sign in to Courseport')).toBeNull());
  });

  it("closing the dialog without signing in forgets a pending 'Enroll Now' (no surprise checkout later)", async () => {
    localStorage.clear();
    const user = await startSignedOut('/');
    rememberEnrollIntent('c1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await authDialog('Sign in to Courseport');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(pendingEnrollCourse()).toBeNull());
  });

  it("keeps a pending 'Enroll Now' when the dialog closes on 'Check your inbox' (it carries on after confirming)", async () => {
    localStorage.clear();
    const user = await startSignedOut('/', {
      '/api/auth/sign-up': () => ({ success: true, message: SIGN_UP_SENT }),
    });
    rememberEnrollIntent('c1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await authDialog('Create your account');
    await fill(user, within(dialog).getByLabelText('Full name'), 'Nia New');
    await fill(user, within(dialog).getByLabelText('Email address'), 'nia@example.com');
    await fill(user, within(dialog).getByLabelText('Password'), 'a long password');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    const inbox = await authDialog('Check your inbox');
    await user.click(within(inbox).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Check your inbox')).toBeNull());
    expect(pendingEnrollCourse()).toBe('c1');
    localStorage.clear();
  });

  it('shows the API refusal (wrong password, too many attempts) in the dialog, which stays open', async () => {
    const user = await startSignedOut('/', {
      '/api/auth/sign-in': () => Promise.reject(serverError('Too many attempts. Please try again in 30 seconds.', 429)),
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await authDialog('Sign in to Courseport');
    await fill(user, within(dialog).getByLabelText('Email address'), USER.email);
    await fill(user, within(dialog).getByLabelText('Password'), 'guess');
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 30 seconds.',
    );
    expect(sessionStore.getState().status).toBe('signed-out');
  });

  it("creating an account shows 'Check your inbox' with the address instead of signing in", async () => {
    const answer = deferred<object>();
    const user = await startSignedOut('/', { '/api/auth/sign-up': () => answer.promise });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    const dialog = await authDialog('Create your account');
    await fill(user, within(dialog).getByLabelText('Full name'), ' Nora New ');
    await fill(user, within(dialog).getByLabelText('Email address'), 'nora@example.com');
    await fill(user, within(dialog).getByLabelText('Password'), 'short');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await within(dialog).findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalledWith('/api/auth/sign-up', expect.anything(), expect.anything());

    await fill(user, within(dialog).getByLabelText('Password'), 'short and longer');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Create account' })).toHaveAttribute('aria-busy'),
    );
    answer.resolve({ success: true, message: SIGN_UP_SENT });

    const sent = await authDialog('Check your inbox');
    expect(within(sent).getByRole('status')).toHaveTextContent(SIGN_UP_SENT);
    expect(within(sent).getByText('nora@example.com')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith(
      '/api/auth/sign-up',
      { name: 'Nora New', email: 'nora@example.com', password: 'short and longer' },
      SESSION_CALL,
    );
    // No session starts until the mailed link is opened.
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeInTheDocument();

    await user.click(within(sent).getByRole('button', { name: 'Back to sign in' }));
    const signIn = await authDialog('Sign in to Courseport');
    expect(within(signIn).getByLabelText('Email address')).toBeInTheDocument();
  });

  it("'Forgot password?' asks for the e-mail (kept from the sign-in form) and shows the API's answer", async () => {
    const user = await startSignedOut('/', {
      '/api/auth/forgot-password': vi
        .fn()
        .mockRejectedValueOnce(networkError())
        .mockResolvedValue({ success: true, message: RESET_SENT }),
    });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await authDialog('Sign in to Courseport');
    await fill(user, within(dialog).getByLabelText('Email address'), USER.email);
    await user.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));

    const forgot = await authDialog('Reset your password');
    expect(within(forgot).queryByLabelText('Password')).toBeNull();
    expect(within(forgot).getByLabelText('Email address')).toHaveValue(USER.email);
    await user.click(within(forgot).getByRole('button', { name: 'Send reset link' }));
    expect(await within(forgot).findByRole('alert')).toHaveTextContent(
      'Cannot reach the server. Check your connection and try again.',
    );

    await user.click(within(forgot).getByRole('button', { name: 'Send reset link' }));
    const sent = await authDialog('Check your inbox');
    expect(within(sent).getByRole('status')).toHaveTextContent(RESET_SENT);
    expect(within(sent).getByText(USER.email)).toBeInTheDocument();
    expect(api.post).toHaveBeenLastCalledWith('/api/auth/forgot-password', { email: USER.email }, SESSION_CALL);
  });

  it("'Back to sign in' leaves the forgot-password form", async () => {
    const user = await startSignedOut();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.click(
      within(await authDialog('Sign in to Courseport')).getByRole('button', { name: 'Forgot password?' }),
    );
    await user.click(within(await authDialog('Reset your password')).getByRole('button', { name: 'Back to sign in' }));
    const dialog = await authDialog('Sign in to Courseport');
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();
  });
});

describe('local accounts: sign-out', () => {
  it('posts an empty JSON body', async () => {
    answerByPath(api.post, 'POST', {
      '/api/auth/refresh': () => sessionAnswer(),
      '/api/auth/sign-out': () => ({ success: true }),
    });
    renderLocalAuth('/');
    await waitFor(() => expect(sessionStore.getState().status).toBe('signed-in'));
    await sessionStore.getState().signOut();
    expect(api.post).toHaveBeenLastCalledWith('/api/auth/sign-out', {}, SESSION_CALL);
    expect(sessionStore.getState().status).toBe('signed-out');
  });
});
