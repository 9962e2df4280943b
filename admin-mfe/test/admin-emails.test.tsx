import { loadAntd } from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { OWN_EMAIL_NOTE } from '../src/features/admin-emails/components/AdminEmailsTab';
import { CONFIRM_LOAD_FAILED } from '../src/lib/confirm-dialog';
import {
  ADMIN_EMAILS,
  apiGet,
  apiPost,
  button,
  deferred,
  EMAILS_PATH,
  failsUntilRecovered,
  findDialog,
  getCalls,
  mockGet,
  mockPost,
  networkError,
  REQUESTS_PATH,
  ROOT_EMAIL,
  renderPage,
  serverError,
  signInAsAdmin,
  user,
} from './helpers';

const ADD_PATH = '/api/user/add-admin-email';
const REMOVE_PATH = '/api/user/remove-admin-email';
const CONFIRM_TEXT = 'Are you sure you want to remove this email from the allowed list?';

beforeEach(() => {
  signInAsAdmin();
});

function serve(emails: () => unknown) {
  mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [] }), [EMAILS_PATH]: emails });
}

async function openEmailsTab() {
  renderPage();
  await screen.findByText('No educator requests found');
  expect(getCalls(EMAILS_PATH)).toBe(0);
  await user.click(screen.getByText('Admin Emails'));
  expect(await screen.findByText('Admin Email Management')).toBeInTheDocument();
}

const emailInput = () => screen.getByLabelText('Admin email address');

describe('Admin emails tab', () => {
  it('loads the list when the tab is opened: count, added by (or Unknown) and added on', async () => {
    serve(() => ({ success: true, adminEmails: ADMIN_EMAILS }));
    await openEmailsTab();
    expect(await screen.findByText('Allowed Admin Emails (2)')).toBeInTheDocument();
    expect(apiGet).toHaveBeenCalledWith(EMAILS_PATH);

    const root = within(screen.getByText('root@example.com').closest('li') as HTMLElement);
    expect(root.getByText('Added by: Root Admin')).toBeInTheDocument();
    expect(
      root.getByText(`Added on: ${new Date('2025-02-01T09:00:00.000Z').toLocaleDateString()}`),
    ).toBeInTheDocument();
    expect(root.getByText('Remove').closest('button')).toBeEnabled();

    const ops = within(screen.getByText('ops@example.com').closest('li') as HTMLElement);
    expect(ops.getByText('Added by: Unknown')).toBeInTheDocument();
    expect(emailInput()).toHaveAttribute('type', 'email');
    // Plain markup with antd's look (#34: no antd in the tab's first screen): a card named by its title.
    expect(screen.getByRole('region', { name: 'Admin Email Management' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Allowed Admin Emails (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel').querySelector('[class*="ant-"]')).toBeNull();
  });

  it("says so when the confirmation's code cannot be loaded, and removes nothing", async () => {
    serve(() => ({ success: true, adminEmails: ADMIN_EMAILS }));
    const loading = vi
      .spyOn(loadAntd, 'modal')
      .mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    try {
      await openEmailsTab();
      const row = (await screen.findByText('ops@example.com')).closest('li') as HTMLElement;
      await user.click(button('Remove', row));
      expect(await screen.findByText(CONFIRM_LOAD_FAILED)).toBeInTheDocument();
      expect(screen.queryByText(CONFIRM_TEXT)).not.toBeInTheDocument();
      expect(apiPost).not.toHaveBeenCalled();
    } finally {
      loading.mockRestore();
    }
  });

  it('says when no admin emails are configured', async () => {
    serve(() => ({ success: true, adminEmails: [] }));
    await openEmailsTab();
    expect(await screen.findByText('No admin emails configured yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Allowed Admin Emails/)).not.toBeInTheDocument();
  });

  it("shows 'Failed to fetch admin emails' with Try Again when the list cannot be loaded, never the empty text", async () => {
    const answer = failsUntilRecovered(networkError(), () => ({ success: true, adminEmails: ADMIN_EMAILS }));
    serve(answer.handler);
    await openEmailsTab();
    expect(await screen.findByText('Could not load admin emails')).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch admin emails')).toBeInTheDocument();
    expect(screen.queryByText('No admin emails configured yet.')).not.toBeInTheDocument();

    answer.recover();
    await user.click(button('Try Again'));
    expect(await screen.findByText('Allowed Admin Emails (2)')).toBeInTheDocument();
  });

  it("cannot remove the signed-in admin's own e-mail, and says why", async () => {
    signInAsAdmin({ email: 'Root@Example.com' });
    serve(() => ({ success: true, adminEmails: ADMIN_EMAILS }));
    await openEmailsTab();
    const root = (await screen.findByText('root@example.com')).closest('li') as HTMLElement;
    const own = within(root).getByRole('button', { name: 'Remove root@example.com' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription(OWN_EMAIL_NOTE);
    expect(within(root).getByText(OWN_EMAIL_NOTE)).toBeInTheDocument();

    const ops = (await screen.findByText('ops@example.com')).closest('li') as HTMLElement;
    expect(within(ops).getByRole('button', { name: 'Remove ops@example.com' })).toBeEnabled();
    expect(within(ops).queryByText(OWN_EMAIL_NOTE)).not.toBeInTheDocument();
  });

  it("adds the trimmed e-mail: 'Adding...' while sending, then the server message, a cleared input and a refetch", async () => {
    let emails = [ROOT_EMAIL];
    serve(() => ({ success: true, adminEmails: emails }));
    const sending = deferred<unknown>();
    mockPost({ [ADD_PATH]: () => sending.promise });
    await openEmailsTab();
    await screen.findByText('Allowed Admin Emails (1)');

    await user.type(emailInput(), '  new.admin@example.com  ');
    await user.click(button('Add Email'));
    expect(apiPost).toHaveBeenCalledWith(ADD_PATH, { email: 'new.admin@example.com' });
    expect(button('Adding...')).toBeDisabled();

    emails = ADMIN_EMAILS;
    await act(async () => sending.resolve({ success: true, message: 'Admin email added successfully' }));
    expect(await screen.findByText('Admin email added successfully')).toBeInTheDocument();
    expect(await screen.findByText('Allowed Admin Emails (2)')).toBeInTheDocument();
    expect(getCalls(EMAILS_PATH)).toBe(2);
    expect(emailInput()).toHaveValue('');
    expect(button('Add Email')).toBeDisabled();
  });

  it("keeps Add Email disabled for blank input and rejects a blank submit with 'Please enter an email address'", async () => {
    serve(() => ({ success: true, adminEmails: [] }));
    await openEmailsTab();
    expect(button('Add Email')).toBeDisabled();

    await user.type(emailInput(), '   ');
    expect(button('Add Email')).toBeDisabled();
    await user.type(emailInput(), '{Enter}');
    expect(await screen.findByText('Please enter an email address')).toBeInTheDocument();
    expect(apiPost).not.toHaveBeenCalled();
  });

  it("shows the server's message when adding fails, and keeps the input", async () => {
    serve(() => ({ success: true, adminEmails: [] }));
    mockPost({
      [ADD_PATH]: () => {
        throw serverError('Email already in admin list');
      },
    });
    await openEmailsTab();
    await user.type(emailInput(), 'root@example.com{Enter}');
    expect(await screen.findByText('Email already in admin list')).toBeInTheDocument();
    expect(emailInput()).toHaveValue('root@example.com');
    expect(getCalls(EMAILS_PATH)).toBe(1);
  });

  it("toasts 'Failed to add email' on a network error", async () => {
    serve(() => ({ success: true, adminEmails: [] }));
    mockPost({
      [ADD_PATH]: () => {
        throw networkError();
      },
    });
    await openEmailsTab();
    await user.type(emailInput(), 'x@example.com');
    await user.click(button('Add Email'));
    expect(await screen.findByText('Failed to add email')).toBeInTheDocument();
  });

  it('removes an e-mail after the confirmation, then toasts the server message and refetches', async () => {
    let emails = ADMIN_EMAILS;
    serve(() => ({ success: true, adminEmails: emails }));
    mockPost({ [REMOVE_PATH]: () => ({ success: true, message: 'Admin email removed successfully' }) });
    await openEmailsTab();
    const row = (await screen.findByText('ops@example.com')).closest('li') as HTMLElement;

    await user.click(button('Remove', row));
    const dialog = await findDialog(CONFIRM_TEXT);
    expect(apiPost).not.toHaveBeenCalled();

    emails = [ROOT_EMAIL];
    await user.click(button('Remove', dialog));
    expect(apiPost).toHaveBeenCalledWith(REMOVE_PATH, { emailId: 'e2' });
    expect(await screen.findByText('Admin email removed successfully')).toBeInTheDocument();
    expect(await screen.findByText('Allowed Admin Emails (1)')).toBeInTheDocument();
    expect(screen.queryByText('ops@example.com')).not.toBeInTheDocument();
    expect(getCalls(EMAILS_PATH)).toBe(2);
    await waitFor(() => expect(screen.queryByText(CONFIRM_TEXT)).not.toBeInTheDocument());
  });

  it('does nothing when the removal is cancelled, and toasts the fallback when it fails', async () => {
    serve(() => ({ success: true, adminEmails: ADMIN_EMAILS }));
    mockPost({
      [REMOVE_PATH]: () => {
        throw new Error('socket hang up');
      },
    });
    await openEmailsTab();
    const row = (await screen.findByText('root@example.com')).closest('li') as HTMLElement;

    await user.click(button('Remove', row));
    await user.click(button('Cancel', await findDialog(CONFIRM_TEXT)));
    await waitFor(() => expect(screen.queryByText(CONFIRM_TEXT)).not.toBeInTheDocument());
    expect(apiPost).not.toHaveBeenCalled();

    await user.click(button('Remove', row));
    await user.click(button('Remove', await findDialog(CONFIRM_TEXT)));
    expect(await screen.findByText('Failed to remove email')).toBeInTheDocument();
    expect(screen.getByText('root@example.com')).toBeInTheDocument();
  });
});
