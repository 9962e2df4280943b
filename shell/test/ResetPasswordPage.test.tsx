import { sessionStore } from '@courseport/shared-ui';
import { answerByPath, deferred, networkError, serverError, setupUser } from '@courseport/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { INVALID_RESET_LINK_TEXT, RESET_PASSWORD_TITLE } from '../src/pages/ResetPasswordPage';
import { fill, renderLocalAuth, resetSession, sessionAnswer, USER } from './local-auth';

const RESET = 'Your password has been reset.';

function start(path: string, handlers: Record<string, (...rest: never[]) => unknown>) {
  answerByPath(api.post, 'POST', {
    '/api/auth/refresh': () => Promise.reject(serverError('Not signed in', 401)),
    ...handlers,
  });
  const user = setupUser();
  renderLocalAuth(path);
  return user;
}

async function choose(user: ReturnType<typeof setupUser>, password: string, confirm = password) {
  await fill(user, await screen.findByLabelText('New password'), password);
  await fill(user, screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

beforeEach(() => {
  api.post.mockReset();
  document.title = 'Courseport';
});
afterEach(resetSession);

describe('the reset-password page', () => {
  it('sets the new password, signs in, says so and goes home', async () => {
    const answer = deferred<object>();
    const user = start('/reset-password?token=abc123', { '/api/auth/reset-password': () => answer.promise });
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(document.title).toBe(RESET_PASSWORD_TITLE);

    await choose(user, 'a new password');
    // Submitting: the button is busy and the form is locked until the API answers.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Set new password' })).toHaveAttribute('aria-busy'));
    expect(screen.getByLabelText('New password')).toBeDisabled();
    expect(api.post).toHaveBeenCalledWith(
      '/api/auth/reset-password',
      { token: 'abc123', password: 'a new password' },
      { credentials: 'include', anonymous: true },
    );
    answer.resolve(sessionAnswer(RESET));

    expect(await screen.findByText(RESET)).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', identity: { email: USER.email } });
    expect(await sessionStore.getState().getToken()).toBe('token-1');
    expect(document.title).toBe('Courseport');
  });

  it('checks the two passwords before asking the API', async () => {
    const user = start('/reset-password?token=abc123', {});
    await choose(user, 'short', 'short');
    expect(await screen.findByText('Use at least 8 characters')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('New password'), 'a new password');
    await fill(user, screen.getByLabelText('Confirm new password'), 'another password');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(api.post).not.toHaveBeenCalledWith('/api/auth/reset-password', expect.anything(), expect.anything());
  });

  it('shows a failure that is not the link (network, rate limit) on the form, which can be sent again', async () => {
    const user = start('/reset-password?token=abc123', {
      '/api/auth/reset-password': vi
        .fn()
        .mockRejectedValueOnce(networkError())
        .mockRejectedValueOnce(serverError('Too many attempts. Please try again in 12 seconds.', 429))
        .mockResolvedValue(sessionAnswer(RESET)),
    });
    await choose(user, 'a new password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot reach the server. Check your connection and try again.',
    );
    expect(screen.getByLabelText('New password')).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Too many attempts. Please try again in 12 seconds.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
  });

  it('an invalid or expired link says so and offers to request a new one', async () => {
    const user = start('/reset-password?token=used', {
      '/api/auth/reset-password': () => Promise.reject(serverError(INVALID_RESET_LINK_TEXT, 400)),
      '/api/auth/forgot-password': () => ({
        success: true,
        message: 'If an account exists for that email, we sent a link to reset its password.',
      }),
    });
    await choose(user, 'a new password');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 })).toHaveTextContent(INVALID_RESET_LINK_TEXT);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(sessionStore.getState().status).toBe('signed-out');

    await user.click(within(alert).getByRole('button', { name: 'Request a new link' }));
    const title = await screen.findByText('Reset your password', { selector: '.ant-modal-title' });
    const dialog = title.closest<HTMLElement>('[role="dialog"]') as HTMLElement;
    await fill(user, within(dialog).getByLabelText('Email address'), USER.email);
    await user.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(
      await within(dialog).findByText('If an account exists for that email, we sent a link to reset its password.'),
    ).toBeInTheDocument();
  });

  it('a link without a token is invalid from the start', async () => {
    start('/reset-password', {});
    expect(await screen.findByRole('heading', { name: INVALID_RESET_LINK_TEXT })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request a new link' })).toBeInTheDocument();
    expect(document.title).toBe(RESET_PASSWORD_TITLE);
  });
});
