import { act, screen } from '@testing-library/react';
import { vi } from 'vitest';
import {
  ADMIN_EMAILS,
  ALICE,
  button,
  CAROL,
  deferred,
  EMAILS_PATH,
  findDialog,
  holdSpecTexts,
  mockGet,
  mockPost,
  networkError,
  REQUESTS_PATH,
  renderPage,
  setSession,
  signInAsAdmin,
  user,
} from './helpers';

// The admin dashboard's texts of the spec, each in its state (#30; the list: shared-ui/test/spec-texts.ts).

const APPROVE_PATH = '/api/user/approve-educator-request';
const REJECT_PATH = '/api/user/reject-educator-request';
const ADD_PATH = '/api/user/add-admin-email';
const REMOVE_PATH = '/api/user/remove-admin-email';

function serve({
  requests = [ALICE] as unknown[],
  emails = (() => ({ success: true, adminEmails: ADMIN_EMAILS })) as () => unknown,
} = {}) {
  signInAsAdmin();
  mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests }), [EMAILS_PATH]: emails });
}

async function openRequests() {
  renderPage();
  await screen.findByText('Admin Dashboard');
}

async function openEmails() {
  await openRequests();
  await user.click(screen.getByText('Admin Emails'));
  await screen.findByText('Admin Email Management');
}

const emailInput = () => screen.getByLabelText('Admin email address');

async function openReject() {
  await openRequests();
  await screen.findByText('alice@example.com');
  await user.click(button('Reject'));
  return findDialog('Reject Educator Request');
}

holdSpecTexts('admin', {
  'requests-empty': async () => {
    serve({ requests: [] });
    await openRequests();
  },
  refreshing: async () => {
    serve();
    await openRequests();
    await screen.findByText('alice@example.com');
    mockGet({ [REQUESTS_PATH]: () => deferred<unknown>().promise });
    await user.click(button('Refresh'));
  },
  'auto-refreshing': async () => {
    vi.useFakeTimers();
    serve();
    renderPage();
    await act(() => vi.advanceTimersByTimeAsync(0));
    mockGet({ [REQUESTS_PATH]: () => deferred<unknown>().promise });
    await act(() => vi.advanceTimersByTimeAsync(5000));
    // The poll stays in flight; the texts are then looked for on the real clock.
    vi.useRealTimers();
  },
  'reject-modal': async () => {
    serve();
    await openReject();
  },
  'rejected-row': async () => {
    serve({ requests: [CAROL] });
    await openRequests();
  },
  'access-denied': async () => {
    setSession({ roles: ['student'], user: null });
    renderPage();
  },
  emails: async () => {
    serve();
    await openEmails();
  },
  'emails-adding': async () => {
    serve();
    mockPost({ [ADD_PATH]: () => deferred<unknown>().promise });
    await openEmails();
    await user.type(emailInput(), 'new.admin@example.com');
    await user.click(button('Add Email'));
  },
  'emails-empty': async () => {
    serve({ emails: () => ({ success: true, adminEmails: [] }) });
    await openEmails();
  },
  'emails-blank': async () => {
    serve();
    await openEmails();
    await user.type(emailInput(), '   {Enter}');
  },
  'emails-remove-confirm': async () => {
    serve();
    await openEmails();
    await user.click((await screen.findAllByText('Remove')).at(-1) as HTMLElement);
  },
  'emails-fetch-failed': async () => {
    serve({
      emails: () => {
        throw networkError();
      },
    });
    await openRequests();
    await user.click(screen.getByText('Admin Emails'));
  },
  'emails-add-failed': async () => {
    serve();
    mockPost({
      [ADD_PATH]: () => {
        throw networkError();
      },
    });
    await openEmails();
    await user.type(emailInput(), 'new.admin@example.com');
    await user.click(button('Add Email'));
  },
  'emails-remove-failed': async () => {
    serve();
    mockPost({
      [REMOVE_PATH]: () => {
        throw networkError();
      },
    });
    await openEmails();
    await user.click((await screen.findAllByText('Remove')).at(-1) as HTMLElement);
    const dialog = await findDialog('Are you sure you want to remove this email from the allowed list?');
    await user.click(button('Remove', dialog));
  },
  'requests-fetch-failed': async () => {
    signInAsAdmin();
    mockGet({
      [REQUESTS_PATH]: () => {
        throw networkError();
      },
    });
    renderPage();
  },
  'approve-failed': async () => {
    serve();
    mockPost({
      [APPROVE_PATH]: () => {
        throw networkError();
      },
    });
    await openRequests();
    await user.click(await screen.findByText('Approve'));
  },
  'reject-failed': async () => {
    serve();
    mockPost({
      [REJECT_PATH]: () => {
        throw networkError();
      },
    });
    const dialog = await openReject();
    await user.click(button('Reject Request', dialog));
  },
  approved: async () => {
    serve();
    mockPost({ [APPROVE_PATH]: () => ({ success: true }) });
    await openRequests();
    await user.click(await screen.findByText('Approve'));
  },
  rejected: async () => {
    serve();
    mockPost({ [REJECT_PATH]: () => ({ success: true }) });
    const dialog = await openReject();
    await user.click(button('Reject Request', dialog));
  },
});
