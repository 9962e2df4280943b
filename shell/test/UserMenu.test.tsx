import { sessionStore } from '@courseport/shared-ui';
import { answerByPath, button, deferred, findDialog, serverError, setupUser } from '@courseport/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
vi.mock('@courseport/shared-ui', async (original) => ({ ...(await original<object>()), api }));

import { SIGN_OUT_EVERYWHERE_TEXT } from '../src/features/auth/components/account-texts';
import { fill, renderLocalAuth, resetSession, sessionAnswer } from './local-auth';

const ACCOUNT_CALL = { credentials: 'include' };
const CHANGED = 'Your password has been changed. Your other sessions were signed out.';

/** Signed in (the cookie's session resumes), with the account menu open. */
async function openMenu(handlers: Record<string, (...rest: never[]) => unknown>) {
  answerByPath(api.post, 'POST', { '/api/auth/refresh': () => sessionAnswer(), ...handlers });
  const user = setupUser();
  renderLocalAuth('/reset-done');
  await user.click(await screen.findByRole('button', { name: 'Account menu for Uma User' }));
  return user;
}

/** The form's submit button ('Change password', also the dialog's title). */
const submitOf = (dialog: HTMLElement) => dialog.querySelector('button[type="submit"]') as HTMLButtonElement;

const menuItem = (name: string) => screen.findByRole('menuitem', { name });

beforeEach(() => {
  api.post.mockReset();
});
afterEach(resetSession);

describe('the account menu', () => {
  it("'Change password' checks the fields, sends current and new password, and keeps this session", async () => {
    const answer = deferred<object>();
    const user = await openMenu({ '/api/auth/change-password': () => answer.promise });
    await user.click(await menuItem('Change password'));
    const dialog = await findDialog('You stay signed in here; every other device and browser is signed out.');

    await fill(user, within(dialog).getByLabelText('Current password'), 'courseport-demo');
    await fill(user, within(dialog).getByLabelText('New password'), 'a new password');
    await fill(user, within(dialog).getByLabelText('Confirm new password'), 'a different one');
    await user.click(submitOf(dialog));
    expect(await within(dialog).findByText('The two passwords do not match')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Confirm new password'), 'a new password');
    await user.click(submitOf(dialog));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith(
        '/api/auth/change-password',
        { currentPassword: 'courseport-demo', newPassword: 'a new password' },
        ACCOUNT_CALL,
      ),
    );
    answer.resolve({ success: true, message: CHANGED });

    expect(await screen.findByText(CHANGED)).toBeInTheDocument();
    await waitFor(() => expect(dialog.closest('.ant-modal-wrap')).not.toBeVisible());
    expect(sessionStore.getState().status).toBe('signed-in');
    expect(screen.getByRole('button', { name: 'Account menu for Uma User' })).toBeInTheDocument();
  });

  it("shows 'Your current password is incorrect.' in the dialog", async () => {
    const user = await openMenu({
      '/api/auth/change-password': () => Promise.reject(serverError('Your current password is incorrect.')),
    });
    await user.click(await menuItem('Change password'));
    const dialog = await findDialog('You stay signed in here; every other device and browser is signed out.');
    await fill(user, within(dialog).getByLabelText('Current password'), 'wrong');
    await fill(user, within(dialog).getByLabelText('New password'), 'a new password');
    await fill(user, within(dialog).getByLabelText('Confirm new password'), 'a new password');
    await user.click(submitOf(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your current password is incorrect.');
    expect(within(dialog).getByLabelText('Current password')).toBeEnabled();
  });

  it("'Sign out everywhere' asks first, then signs out, goes home and says so", async () => {
    const user = await openMenu({
      '/api/auth/sign-out-everywhere': () => ({ success: true, message: 'Signed out on every device.' }),
    });
    await user.click(await menuItem('Sign out everywhere'));
    const confirm = await findDialog(SIGN_OUT_EVERYWHERE_TEXT);
    expect(api.post).not.toHaveBeenCalledWith('/api/auth/sign-out-everywhere', expect.anything(), expect.anything());
    await user.click(button('Sign out everywhere', confirm));

    expect(await screen.findByText('Signed out on every device.')).toBeInTheDocument();
    expect(api.post).toHaveBeenCalledWith('/api/auth/sign-out-everywhere', {}, ACCOUNT_CALL);
    expect(sessionStore.getState().status).toBe('signed-out');
    expect(await sessionStore.getState().getToken()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("'Sign out everywhere' can be cancelled, and a failure keeps the session", async () => {
    const user = await openMenu({
      '/api/auth/sign-out-everywhere': () => Promise.reject(serverError('Request failed with status 503', 503)),
    });
    await user.click(await menuItem('Sign out everywhere'));
    await user.click(button('Cancel', await findDialog(SIGN_OUT_EVERYWHERE_TEXT)));
    await waitFor(() => expect(screen.queryByText(SIGN_OUT_EVERYWHERE_TEXT)).toBeNull());
    expect(api.post).not.toHaveBeenCalledWith('/api/auth/sign-out-everywhere', expect.anything(), expect.anything());

    await user.click(screen.getByRole('button', { name: 'Account menu for Uma User' }));
    await user.click(await menuItem('Sign out everywhere'));
    await user.click(button('Sign out everywhere', await findDialog(SIGN_OUT_EVERYWHERE_TEXT)));
    expect(await screen.findByText('Request failed with status 503')).toBeInTheDocument();
    expect(sessionStore.getState().status).toBe('signed-in');
  });

  it('links to the Wishlist and the Purchase history', async () => {
    const user = await openMenu({});
    const wishlist = await menuItem('Wishlist');
    expect(within(wishlist).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    const history = await menuItem('Purchase history');
    expect(within(history).getByRole('link', { name: 'Purchase history' })).toHaveAttribute(
      'href',
      '/purchase-history',
    );
    await user.click(within(wishlist).getByRole('link', { name: 'Wishlist' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/wishlist$/));
  });
});
