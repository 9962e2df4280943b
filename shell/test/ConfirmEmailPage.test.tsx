import { NETWORK_ERROR_MESSAGE, pendingEnrollCourse, rememberEnrollIntent, sessionStore } from '@courseport/shared-ui';
import { answerByPath, deferred, networkError, serverError, setupUser } from '@courseport/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { CONFIRM_BUTTON_TEXT, CONFIRM_EMAIL_TITLE, INVALID_CONFIRMATION_TEXT } from '../src/pages/ConfirmEmailPage';
import { renderLocalAuth, resetSession, sessionAnswer, USER } from './local-auth';

const CONFIRMED = 'Your email address is confirmed.';
const INVALID_LINK = serverError(INVALID_CONFIRMATION_TEXT, 400);

function start(path: string, handlers: Record<string, (...rest: never[]) => unknown>) {
  answerByPath(api.post, 'POST', {
    '/api/auth/refresh': () => Promise.reject(serverError('Not signed in', 401)),
    ...handlers,
  });
  const user = setupUser();
  renderLocalAuth(path);
  return user;
}

const confirmButton = () => screen.findByRole('button', { name: CONFIRM_BUTTON_TEXT });

beforeEach(() => {
  api.post.mockReset();
  document.title = 'Courseport';
});
afterEach(resetSession);

describe('the confirm-email page', () => {
  it('confirms nothing until the button is pressed; then signs in, says so and goes home', async () => {
    const answer = deferred<object>();
    const confirm = vi.fn(() => answer.promise);
    const user = start('/confirm-email?token=abc123', { '/api/auth/verify-email': confirm });
    expect(await screen.findByRole('heading', { name: 'Confirm your email address' })).toBeInTheDocument();
    expect(document.title).toBe(CONFIRM_EMAIL_TITLE);
    expect(confirm).not.toHaveBeenCalled();

    await user.click(await confirmButton());
    await waitFor(() => expect(screen.getByRole('button', { name: CONFIRM_BUTTON_TEXT })).toHaveAttribute('aria-busy'));
    expect(api.post).toHaveBeenCalledWith(
      '/api/auth/verify-email',
      { token: 'abc123' },
      { credentials: 'include', anonymous: true },
    );
    answer.resolve(sessionAnswer(CONFIRMED));

    expect(await screen.findByText(CONFIRMED)).toBeInTheDocument();
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(sessionStore.getState()).toMatchObject({ status: 'signed-in', identity: { email: USER.email } });
    expect(confirm).toHaveBeenCalledTimes(1);
  });

  it("goes back to the course whose 'Enroll Now' asked for the account, where the purchase carries on", async () => {
    localStorage.clear();
    rememberEnrollIntent('course 7');
    const user = start('/confirm-email?token=abc123', {
      '/api/auth/verify-email': () => Promise.resolve(sessionAnswer(CONFIRMED)),
    });
    await user.click(await confirmButton());
    expect(await screen.findByText(CONFIRMED)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/course\/course%207$/));
    // The course page takes the intent; the confirmation page only reads it.
    expect(pendingEnrollCourse()).toBe('course 7');
    localStorage.clear();
  });

  it('says a used or expired link cannot work, and offers Sign in', async () => {
    const user = start('/confirm-email?token=used-token', {
      '/api/auth/verify-email': () => Promise.reject(INVALID_LINK),
    });
    await user.click(await confirmButton());
    expect(await screen.findByRole('heading', { name: INVALID_CONFIRMATION_TEXT })).toBeInTheDocument();
    expect(sessionStore.getState().status).toBe('signed-out');
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in to Courseport' })).toBeInTheDocument();
  });

  it('says so at once when the link has no token', async () => {
    start('/confirm-email', {});
    expect(await screen.findByRole('heading', { name: INVALID_CONFIRMATION_TEXT })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: CONFIRM_BUTTON_TEXT })).not.toBeInTheDocument();
  });

  it('shows a failure that is not the link on the page, and the button can be pressed again', async () => {
    const user = start('/confirm-email?token=abc123', {
      '/api/auth/verify-email': vi
        .fn()
        .mockRejectedValueOnce(networkError())
        .mockResolvedValue(sessionAnswer(CONFIRMED)),
    });
    await user.click(await confirmButton());
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
    await user.click(await confirmButton());
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(sessionStore.getState().status).toBe('signed-in');
  });
});
