import { tagTone } from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ALICE,
  apiPost,
  button,
  deferred,
  failsUntilRecovered,
  findDialog,
  getCalls,
  makeRequest,
  mockGet,
  mockPost,
  networkError,
  REQUESTS,
  REQUESTS_PATH,
  renderPage,
  rowOf,
  serverError,
  signInAsAdmin,
  user,
} from './helpers';

const APPROVE_PATH = '/api/user/approve-educator-request';
const REJECT_PATH = '/api/user/reject-educator-request';

beforeEach(() => {
  signInAsAdmin();
});

describe('Educator requests tab', () => {
  it('lists the requests with capitalised, coloured statuses, the reason and actions only on pending rows', async () => {
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: REQUESTS }) });
    renderPage();
    await screen.findByText('alice@example.com');

    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['User', 'Email', 'Requested At', 'Status', 'Actions']);

    const alice = within(rowOf('alice@example.com'));
    expect(alice.getByText('Alice Pending')).toBeInTheDocument();
    expect(alice.getByText(new Date('2025-01-15T10:30:00.000Z').toLocaleString())).toBeInTheDocument();
    expect(alice.getByText('Pending')).toHaveStyle({ color: tagTone('gold').color });
    // Each button is named by the request it acts on.
    expect(alice.getByRole('button', { name: 'Approve the request from Alice Pending' })).toBeEnabled();
    expect(alice.getByRole('button', { name: 'Reject the request from Alice Pending' })).toBeEnabled();

    const bob = within(rowOf('bob@example.com'));
    expect(bob.getByText('Approved')).toHaveStyle({ color: tagTone('green').color });
    expect(bob.queryByRole('button')).not.toBeInTheDocument();

    const carol = within(rowOf('carol@example.com'));
    expect(carol.getByText('Rejected')).toHaveStyle({ color: tagTone('red').color });
    expect(carol.getByText('Reason: Not enough experience')).toBeInTheDocument();
    expect(carol.queryByRole('button')).not.toBeInTheDocument();

    expect(screen.getAllByText('Approve')).toHaveLength(1);
  });

  it('shows the empty row text when there are no requests, and not while they load', async () => {
    const loading = deferred<unknown>();
    mockGet({ [REQUESTS_PATH]: () => loading.promise });
    renderPage();
    await screen.findByRole('tab', { name: 'Educator Requests' });
    expect(screen.queryByText('No educator requests found')).not.toBeInTheDocument();
    await act(async () => loading.resolve({ success: true, requests: [] }));
    expect(await screen.findByText('No educator requests found')).toBeInTheDocument();
  });

  it('approves a request: disables its buttons while running, toasts and refetches', async () => {
    let requests = [ALICE];
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests }) });
    const approval = deferred<{ success: boolean }>();
    mockPost({ [APPROVE_PATH]: () => approval.promise });
    renderPage();
    await screen.findByText('alice@example.com');

    await user.click(button('Approve'));
    expect(apiPost).toHaveBeenCalledWith(APPROVE_PATH, { requestId: 'r1' });
    expect(button('Approve')).toBeDisabled();
    expect(button('Reject')).toBeDisabled();

    requests = [{ ...ALICE, status: 'approved' }];
    await act(async () => approval.resolve({ success: true }));
    expect(await screen.findByText('Request approved successfully!')).toBeInTheDocument();
    expect(getCalls(REQUESTS_PATH)).toBe(2);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.queryByText('Approve')).not.toBeInTheDocument();
  });

  it("shows the server's success message when it sends one", async () => {
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [ALICE] }) });
    mockPost({ [APPROVE_PATH]: () => ({ success: true, message: 'Alice is now an educator' }) });
    renderPage();
    await screen.findByText('alice@example.com');
    await user.click(button('Approve'));
    expect(await screen.findByText('Alice is now an educator')).toBeInTheDocument();
  });

  it('rejects a request through the modal and sends the reason', async () => {
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [ALICE] }) });
    mockPost({ [REJECT_PATH]: () => ({ success: true }) });
    renderPage();
    await screen.findByText('alice@example.com');
    await user.click(button('Reject'));

    const dialog = await findDialog('Reject Educator Request');
    expect(button('Cancel', dialog)).toBeEnabled();
    await user.click(within(dialog).getByLabelText('Rejection reason'));
    await user.paste('Not enough experience');
    await user.click(button('Reject Request', dialog));

    expect(apiPost).toHaveBeenCalledWith(REJECT_PATH, { requestId: 'r1', reason: 'Not enough experience' });
    expect(await screen.findByText('Request rejected successfully!')).toBeInTheDocument();
    expect(getCalls(REQUESTS_PATH)).toBe(2);
    await waitFor(() => expect(screen.queryByText('Reject Educator Request')).not.toBeInTheDocument());
  });

  it('allows rejecting without a reason, and Cancel closes the modal without a call', async () => {
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [ALICE] }) });
    mockPost({ [REJECT_PATH]: () => ({ success: true }) });
    renderPage();
    await screen.findByText('alice@example.com');
    await user.click(button('Reject'));
    await user.click(button('Cancel', await findDialog('Reject Educator Request')));
    await waitFor(() => expect(screen.queryByText('Reject Educator Request')).not.toBeInTheDocument());
    expect(apiPost).not.toHaveBeenCalled();

    await user.click(button('Reject'));
    await user.click(button('Reject Request', await findDialog('Reject Educator Request')));
    expect(apiPost).toHaveBeenCalledWith(REJECT_PATH, { requestId: 'r1', reason: '' });
  });

  it("toasts the server's message when an action fails, and the fallback on network errors", async () => {
    mockGet({
      [REQUESTS_PATH]: () => ({
        success: true,
        requests: [ALICE, makeRequest({ _id: 'r9', name: 'Dan Pending', email: 'dan@example.com' })],
      }),
    });
    mockPost({
      [APPROVE_PATH]: () => {
        throw serverError('Request has already been processed', 409);
      },
      [REJECT_PATH]: () => {
        throw networkError();
      },
    });
    renderPage();
    await screen.findByText('alice@example.com');

    await user.click(button('Approve', rowOf('alice@example.com')));
    expect(await screen.findByText('Request has already been processed')).toBeInTheDocument();
    expect(getCalls(REQUESTS_PATH)).toBe(1);
    expect(button('Approve', rowOf('alice@example.com'))).toBeEnabled();

    await user.click(button('Reject', rowOf('dan@example.com')));
    await user.click(button('Reject Request', await findDialog('Reject Educator Request')));
    expect(await screen.findByText('Failed to reject request')).toBeInTheDocument();
    // The modal stays open so the admin can try again.
    expect(screen.getByText('Reject Educator Request')).toBeVisible();
  });

  it('uses the approve fallback text for errors without a server message', async () => {
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [ALICE] }) });
    mockPost({
      [APPROVE_PATH]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderPage();
    await screen.findByText('alice@example.com');
    await user.click(button('Approve'));
    expect(await screen.findByText('Failed to approve request')).toBeInTheDocument();
  });

  it('shows a failed load as an error with Try Again, never as "No educator requests found"', async () => {
    mockGet({
      [REQUESTS_PATH]: () => {
        throw serverError('Admin access required', 403);
      },
    });
    const { unmount } = renderPage();
    expect(await screen.findByText('Could not load educator requests')).toBeInTheDocument();
    expect(screen.getByText('Admin access required')).toBeInTheDocument();
    expect(screen.queryByText('No educator requests found')).not.toBeInTheDocument();
    unmount();

    const answer = failsUntilRecovered(networkError(), () => ({ success: true, requests: [ALICE] }));
    mockGet({ [REQUESTS_PATH]: answer.handler });
    renderPage();
    expect(await screen.findByText('Failed to fetch requests')).toBeInTheDocument();
    expect(screen.queryByText('No educator requests found')).not.toBeInTheDocument();

    answer.recover();
    await user.click(button('Try Again'));
    expect(await screen.findByText('alice@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Could not load educator requests')).not.toBeInTheDocument();
  });

  it('toasts a failed manual refresh and keeps the list on screen', async () => {
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [ALICE] }) });
    renderPage();
    await screen.findByText('alice@example.com');
    mockGet({
      [REQUESTS_PATH]: () => {
        throw networkError();
      },
    });
    await user.click(button('Refresh'));
    expect(await screen.findByText('Failed to fetch requests')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.queryByText('Could not load educator requests')).not.toBeInTheDocument();
  });

  it("Refresh refetches and shows 'Refreshing...' while it runs", async () => {
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [ALICE] }) });
    renderPage();
    await screen.findByText('alice@example.com');

    const refetch = deferred<unknown>();
    mockGet({ [REQUESTS_PATH]: () => refetch.promise });
    await user.click(button('Refresh'));
    expect(button('Refreshing...')).toBeDisabled();

    await act(async () => refetch.resolve({ success: true, requests: REQUESTS }));
    expect(await screen.findByText('carol@example.com')).toBeInTheDocument();
    expect(button('Refresh')).toBeEnabled();
    // A manual refresh never announces new requests; only polling does.
    expect(screen.queryByText(/New educator request received!/)).not.toBeInTheDocument();
  });

  it('shows ten requests a page, with a page list only when there is a second page', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      makeRequest({ _id: `m${i + 1}`, name: `Person ${i + 1}`, email: `person${i + 1}@example.com` }),
    );
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: many }) });
    renderPage();
    await screen.findByText('person1@example.com');
    expect(screen.getByText('person10@example.com')).toBeInTheDocument();
    expect(screen.queryByText('person11@example.com')).not.toBeInTheDocument();

    const pages = screen.getByRole('navigation', { name: 'Educator requests pages' });
    expect(within(pages).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(screen.getByText('person11@example.com')).toBeInTheDocument();
    expect(screen.getByText('person12@example.com')).toBeInTheDocument();
    expect(screen.queryByText('person1@example.com')).not.toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no page list for ten requests or fewer', async () => {
    mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: REQUESTS }) });
    renderPage();
    await screen.findByText('alice@example.com');
    expect(screen.queryByRole('navigation', { name: 'Educator requests pages' })).not.toBeInTheDocument();
  });
});
