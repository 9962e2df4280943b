import type {
  AdminConnectAccount,
  AdminConnectAccountsPage,
  AdminEducatorBalance,
  AdminPayout,
  PayoutRun,
} from '@courseport/contracts';
import { apiRequest, createQueryClient, formatDate, queryKeys } from '@courseport/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_PAYOUTS_TEXT } from '../src/features/payouts/components/ConnectAccountsSection';
import { RUN_CONFIRM_TEXT } from '../src/features/payouts/components/PayoutsTab';
import { loadPageData } from '../src/pages/AdminDashboardPage';
import {
  button,
  failsUntilRecovered,
  findDialog,
  getCalls,
  mockGet,
  mockPost,
  postBodies,
  REQUESTS_PATH,
  renderPage,
  rowOf,
  serverError,
  setCurrencyLabel,
  signInAsAdmin,
  user,
} from './helpers';

const FEE = '/api/admin/platform-fee';
const BALANCES = '/api/admin/balances';
const PAYOUTS = '/api/admin/payouts';
const RUN = '/api/admin/payouts/run';
const CONNECT = '/api/admin/connect-accounts';
const LOCAL_MODE: AdminConnectAccountsPage = { available: false, accounts: [], nextCursor: null };
const send = vi.mocked(apiRequest);

const ADA: AdminEducatorBalance = {
  educatorId: 'ed-ada',
  name: 'Ada Teacher',
  pending: 39920,
  available: 120000,
  paid: 250000,
  hold: null,
  feePercent: 20,
  feeOverridePercent: null,
  holdDays: 7,
};
const BOB: AdminEducatorBalance = {
  ...ADA,
  educatorId: 'ed-bob',
  pending: 1000,
  name: 'Bob Held',
  available: 5000,
  paid: 0,
  feePercent: 15,
  feeOverridePercent: 15,
  hold: { reason: 'Tax details missing', since: '2026-11-10T00:00:00.000Z' },
};
const PROCESSING: AdminPayout = {
  id: 'po-1',
  runId: 'run-2026-10-31',
  educatorId: 'ed-ada',
  educatorName: 'Ada Teacher',
  amount: 250000,
  status: 'processing',
  createdAt: '2026-11-01T10:00:00.000Z',
  bankReference: null,
  paidAt: null,
};
const RUN_DONE: PayoutRun = {
  id: 'run-2026-10-31',
  cutoff: '2026-10-31',
  status: 'finished',
  startedAt: '2026-11-01T10:00:00.000Z',
  finishedAt: '2026-11-01T10:00:01.000Z',
  payouts: 1,
  total: 250000,
};

function handlers({
  balances = [ADA, BOB],
  payouts = [PROCESSING],
  runs = [RUN_DONE],
  connect = LOCAL_MODE as AdminConnectAccountsPage,
} = {}) {
  return {
    [CONNECT]: (): unknown => ({ success: true, ...connect }),
    [REQUESTS_PATH]: (): unknown => ({ success: true, requests: [] }),
    [FEE]: (): unknown => ({ success: true, fee: { percent: 20, updatedAt: null } }),
    [BALANCES]: (): unknown => ({ success: true, balances }),
    [PAYOUTS]: (): unknown => ({ success: true, payouts, runs }),
  };
}

/** Answers PUT and DELETE (`apiRequest`) by method and path. */
function answerSend(answers: Record<string, (body: unknown) => unknown>) {
  send.mockImplementation(async (path: string, options: { method?: string; body?: unknown } = {}) => {
    const handler = answers[`${options.method} ${path}`];
    if (!handler) throw new Error(`Unexpected ${options.method} ${path}`);
    return handler(options.body) as never;
  });
}
const sentBodies = (method: string, path: string) =>
  send.mock.calls.filter(([p, o]) => p === path && o?.method === method).map(([, o]) => o?.body);

beforeEach(() => {
  signInAsAdmin();
  setCurrencyLabel('Rs');
  send.mockReset();
});

// antd's tables and dialogs are slow to query under jsdom on a busy machine.
vi.setConfig({ testTimeout: 45_000 });

/** An educator's row in the balances table; the first payout's row. */
const balanceRow = (name: string) =>
  within(section("Educators' balances")).getByText(name).closest('tr') as HTMLElement;
const payoutRow = async () =>
  (await within(await screen.findByRole('table', { name: 'Payouts' })).findByText('run-2026-10-31')).closest(
    'tr',
  ) as HTMLElement;

async function openTab() {
  renderPage('/admin/payouts');
  await within(await screen.findByRole('table', { name: "Educators' balances" })).findByText('Bob Held');
}

/** Types by pasting (one event): antd's fields are slow to type into under jsdom. */
async function typeInto(field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

const section = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section') as HTMLElement;

describe('Admin dashboard: Payouts tab', () => {
  it('shows the fee, every balance with holds and fees, the payouts and the runs', async () => {
    mockGet(handlers());
    await openTab();
    await waitFor(() => expect(document.title).toMatch(/^Payouts · Admin/));
    expect(await screen.findByText(/the configured default/)).toBeInTheDocument();
    const ada = within(rowOf('Rs 399.20'));
    expect(ada.getByText('Rs 1200.00')).toBeInTheDocument();
    expect(ada.getByText('20% (platform)')).toBeInTheDocument();
    expect(ada.getByText('Paid normally')).toBeInTheDocument();
    const bob = within(rowOf('Bob Held'));
    expect(bob.getByText('15% (own)')).toBeInTheDocument();
    expect(bob.getByText('On hold')).toBeInTheDocument();
    expect(bob.getByRole('button', { name: "Release Bob Held's hold" })).toBeInTheDocument();

    const payouts = within(section('Payouts'));
    expect(
      await payouts.findByRole('button', { name: 'Record payment of Ada Teacher (run-2026-10-31)' }),
    ).toBeInTheDocument();
    expect(payouts.getByText('Processing')).toBeInTheDocument();
    expect(payouts.getByText('Payout runs')).toBeInTheDocument();
    expect(payouts.getByText('Finished')).toBeInTheDocument();
  });

  it('shows empty states that say what will appear', async () => {
    mockGet(handlers({ balances: [], payouts: [], runs: [] }));
    renderPage('/admin/payouts');
    expect(await screen.findByText('No educator has earned anything yet')).toBeInTheDocument();
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
  });

  it("shows a failing list's message and Try Again", async () => {
    const failing = failsUntilRecovered(serverError('Admin access required', 403), () => ({
      success: true,
      balances: [ADA],
    }));
    mockGet({ ...handlers(), [BALANCES]: failing.handler });
    renderPage('/admin/payouts');
    expect(await screen.findByText('Could not load balances')).toBeInTheDocument();
    expect(screen.getByText('Admin access required')).toBeInTheDocument();
    failing.recover();
    await user.click(button('Try Again', section("Educators' balances")));
    expect(await screen.findByRole('button', { name: "Adjust Ada Teacher's balance" })).toBeInTheDocument();
    expect(getCalls(BALANCES)).toBe(2);
  });

  it('saves the platform fee and shows a refusal', async () => {
    mockGet(handlers());
    await openTab();
    const input = await screen.findByLabelText('Fee in percent');
    answerSend({
      [`PUT ${FEE}`]: () => {
        throw serverError('percent must be a number from 0 to 100 with at most two decimals');
      },
    });
    await user.clear(input);
    await typeInto(input, '12.5');
    await user.click(button('Save fee'));
    expect(await screen.findByRole('alert')).toHaveTextContent('percent must be a number from 0 to 100');
    answerSend({ [`PUT ${FEE}`]: () => ({ success: true, message: 'The platform fee is now 12.5% for new sales' }) });
    await user.click(button('Save fee'));
    expect(await screen.findByText('The platform fee is now 12.5% for new sales')).toBeInTheDocument();
    expect(sentBodies('PUT', FEE).at(-1)).toEqual({ percent: 12.5 });
  });

  it('runs a payout for a month after confirming, and shows how many were paid and the total', async () => {
    mockGet(handlers());
    mockPost({
      [RUN]: () => ({
        success: true,
        message: 'Payout run run-2026-10-31: 2 payout(s) written',
        run: { ...RUN_DONE, payouts: 2, total: 370000 },
      }),
    });
    await openTab();
    fireEvent.change(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    await user.click(button('Run payout'));
    const dialog = await findDialog(RUN_CONFIRM_TEXT);
    expect(dialog).toHaveTextContent('Run the payout for 2026-10?');
    await user.click(button('Run payout', dialog));
    expect(await screen.findByText('Payout run run-2026-10-31: 2 payout(s) written')).toBeInTheDocument();
    expect(screen.getByText('2 educators paid, Rs 3700.00 in total.')).toBeInTheDocument();
    expect(postBodies(RUN)).toEqual([{ cutoff: '2026-10' }]);
  });

  it("shows the run's refusal", async () => {
    mockGet(handlers());
    mockPost({
      [RUN]: () => {
        throw serverError('The cut-off cannot be in the future');
      },
    });
    await openTab();
    await user.click(screen.getByLabelText(/Up to a day/));
    fireEvent.change(screen.getByLabelText('Cut-off day'), { target: { value: '2026-11-15' } });
    await user.click(button('Run payout'));
    const dialog = await findDialog(RUN_CONFIRM_TEXT);
    expect(dialog).toHaveTextContent('Run the payout up to 2026-11-15?');
    await user.click(button('Run payout', dialog));
    expect(postBodies(RUN)).toEqual([{ cutoff: '2026-11-15' }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The cut-off cannot be in the future');
  });

  it('records a payment with its bank reference and date', async () => {
    mockGet(handlers());
    const paid = { ...PROCESSING, status: 'paid', bankReference: 'NEFT-1234', paidAt: '2026-11-02T00:00:00.000Z' };
    answerSend({
      [`PUT ${PAYOUTS}/po-1`]: () => {
        mockGet(handlers({ payouts: [paid as AdminPayout] }));
        return { success: true, message: 'Payout recorded as paid', payout: paid };
      },
    });
    await openTab();
    await user.click(button('Record payment', await payoutRow()));
    const dialog = await findDialog('Record the payment to Ada Teacher');
    await typeInto(within(dialog).getByLabelText('Bank reference'), 'NEFT-1234');
    fireEvent.change(within(dialog).getByLabelText('Paid on'), { target: { value: '2026-11-02' } });
    await user.click(button('Record payment', dialog));
    expect(await screen.findByText('NEFT-1234')).toBeInTheDocument();
    expect(screen.getByText(formatDate('2026-11-02T00:00:00.000Z'))).toBeInTheDocument();
    expect(sentBodies('PUT', `${PAYOUTS}/po-1`)).toEqual([{ bankReference: 'NEFT-1234', paidAt: '2026-11-02' }]);
  });

  it("keeps the dialog open with the API's message when a payment is refused", async () => {
    mockGet(handlers());
    answerSend({
      [`PUT ${PAYOUTS}/po-1`]: () => {
        throw serverError('The payment date cannot be in the future');
      },
    });
    await openTab();
    await user.click(button('Record payment', await payoutRow()));
    const dialog = await findDialog('Record the payment to Ada Teacher');
    await typeInto(within(dialog).getByLabelText('Bank reference'), 'NEFT-1');
    await user.click(button('Record payment', dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The payment date cannot be in the future');
  });

  it('holds an educator with a reason', async () => {
    mockGet(handlers());
    mockPost({
      '/api/admin/educators/ed-ada/hold': () => ({ success: true, message: "This educator's payouts are on hold" }),
    });
    await openTab();
    await user.click(button('Hold', balanceRow('Ada Teacher')));
    const dialog = await findDialog("Hold Ada Teacher's payouts");
    await typeInto(within(dialog).getByLabelText('Reason'), 'Chargeback under review');
    await user.click(button('Hold payouts', dialog));
    expect(await screen.findByText("This educator's payouts are on hold")).toBeInTheDocument();
    expect(postBodies('/api/admin/educators/ed-ada/hold')).toEqual([{ reason: 'Chargeback under review' }]);
  });

  it('releases a hold after confirming', async () => {
    mockGet(handlers());
    answerSend({
      'DELETE /api/admin/educators/ed-bob/hold': () => ({
        success: true,
        message: "This educator's payouts are no longer on hold",
      }),
    });
    await openTab();
    await user.click(button('Release', balanceRow('Bob Held')));
    await user.click(
      button('Release hold', await findDialog('Their available balance is paid in the next payout run.')),
    );
    expect(await screen.findByText("This educator's payouts are no longer on hold")).toBeInTheDocument();
    expect(sentBodies('DELETE', '/api/admin/educators/ed-bob/hold')).toHaveLength(1);
  });

  it("sets an educator's own fee", async () => {
    mockGet(handlers());
    answerSend({
      'PUT /api/admin/educators/ed-ada/fee': () => ({ success: true, message: "This educator's fee is now 10%" }),
    });
    await openTab();
    await user.click(button('Fee', balanceRow('Ada Teacher')));
    const dialog = await findDialog("Ada Teacher's fee");
    await user.click(within(dialog).getByLabelText(/Their own fee/));
    const fee = within(dialog).getByLabelText('Fee in percent');
    await user.clear(fee);
    await typeInto(fee, '10');
    await user.click(button('Save fee', dialog));
    expect(await screen.findByText("This educator's fee is now 10%")).toBeInTheDocument();
    expect(sentBodies('PUT', '/api/admin/educators/ed-ada/fee')).toEqual([{ percent: 10 }]);
  });

  it('records an adjustment in paise with its reason and a request key', async () => {
    mockGet(handlers());
    mockPost({
      '/api/admin/educators/ed-ada/adjustments': () => ({ success: true, message: 'Adjustment recorded' }),
    });
    await openTab();
    await user.click(button('Adjust', balanceRow('Ada Teacher')));
    const dialog = await findDialog("Adjust Ada Teacher's balance");
    await typeInto(within(dialog).getByLabelText('Amount in rupees'), '-250.5');
    await typeInto(within(dialog).getByLabelText('Reason'), 'Duplicate sale');
    await user.click(button('Record adjustment', dialog));
    expect(await screen.findByText('Adjustment recorded')).toBeInTheDocument();
    const [body] = postBodies('/api/admin/educators/ed-ada/adjustments') as {
      amount: number;
      reason: string;
      requestKey: string;
    }[];
    expect(body).toMatchObject({ amount: -25050, reason: 'Duplicate sale' });
    expect(body?.requestKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

const ENABLED: AdminConnectAccount = {
  educatorId: 'ed-ada',
  name: 'Ada Teacher',
  state: 'payouts_enabled',
  accountId: 'acct_ada',
  detailsSubmitted: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  currentlyDue: [],
  disabledReason: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const DUE: AdminConnectAccount = {
  ...ENABLED,
  educatorId: 'ed-bob',
  name: 'Bob Held',
  state: 'details_due',
  accountId: 'acct_bob',
  detailsSubmitted: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  currentlyDue: ['individual.id_number', 'external_account'],
  disabledReason: 'requirements.past_due',
};
const NONE: AdminConnectAccount = { educatorId: 'ed-cy', name: 'Cy Newcomer', state: 'none' };

describe('Admin dashboard: Payouts tab, Stripe Connect accounts', () => {
  const connectRow = (name: string) =>
    within(screen.getByRole('table', { name: 'Stripe Connect accounts' }))
      .getByText(name)
      .closest('tr') as HTMLElement;

  it('says payouts are made by bank transfer when the platform runs without Stripe', async () => {
    mockGet(handlers());
    renderPage('/admin/payouts');
    expect(await screen.findByText('Payouts are made by bank transfer')).toBeInTheDocument();
    expect(within(section('Stripe Connect accounts')).getByText(LOCAL_PAYOUTS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Stripe Connect accounts' })).toBeNull();
  });

  it("shows each educator's state with what is due, and loads more educators", async () => {
    mockGet({
      ...handlers({ connect: { available: true, accounts: [ENABLED, DUE], nextCursor: 'ed-bob' } }),
      [`${CONNECT}?cursor=ed-bob`]: () => ({ success: true, available: true, accounts: [NONE], nextCursor: null }),
    });
    renderPage('/admin/payouts');
    await screen.findByRole('table', { name: 'Stripe Connect accounts' });
    const ada = within(connectRow('Ada Teacher'));
    expect(ada.getByText('Payouts enabled')).toBeInTheDocument();
    expect(ada.getByText('Nothing due')).toBeInTheDocument();
    expect(ada.getByText('acct_ada')).toBeInTheDocument();
    expect(ada.getByText(formatDate(ENABLED.updatedAt as string))).toBeInTheDocument();
    const bob = within(connectRow('Bob Held'));
    expect(bob.getByText('Details due')).toBeInTheDocument();
    expect(bob.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'individual id number',
      'external account',
    ]);
    expect(bob.getByText('Disabled: requirements past due')).toBeInTheDocument();
    expect(screen.queryByText('Cy Newcomer')).toBeNull();

    await user.click(button('Load more', section('Stripe Connect accounts')));
    await within(screen.getByRole('table', { name: 'Stripe Connect accounts' })).findByText('Cy Newcomer');
    const cy = within(connectRow('Cy Newcomer'));
    expect(cy.getByText('Not connected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(getCalls(`${CONNECT}?cursor=ed-bob`)).toBe(1);
  });

  it('shows an empty state, and a failing list with Try Again', async () => {
    const failing = failsUntilRecovered(serverError('Stripe is unavailable', 503), () => ({
      success: true,
      available: true,
      accounts: [],
      nextCursor: null,
    }));
    mockGet({ ...handlers(), [CONNECT]: failing.handler });
    renderPage('/admin/payouts');
    expect(await screen.findByText('Could not load Stripe Connect accounts')).toBeInTheDocument();
    expect(screen.getByText('Stripe is unavailable')).toBeInTheDocument();
    failing.recover();
    await user.click(button('Try Again', section('Stripe Connect accounts')));
    expect(await screen.findByText('No educators yet')).toBeInTheDocument();
    expect(getCalls(CONNECT)).toBe(2);
  });
});

describe('Admin dashboard: Payouts tab, first screen and server render (#34)', () => {
  it('draws no antd until a dialog or a confirmation is wanted', async () => {
    mockGet(handlers({ connect: { available: true, accounts: [ENABLED, DUE], nextCursor: null } }));
    await openTab();
    await screen.findByRole('table', { name: 'Stripe Connect accounts' });
    await screen.findByRole('table', { name: 'Payouts' });
    await screen.findByLabelText('Fee in percent');
    // Nothing of antd on the tab: its look is shared-ui's and admin.css's classes.
    expect(document.querySelector('.cp-admin-tabpanel [class*="ant-"]')).toBeNull();
    expect(screen.getByRole('table', { name: "Educators' balances" })).toHaveClass('cp-table');
    expect(screen.getByLabelText('Fee in percent')).toHaveClass('cp-input');
    expect(screen.getByLabelText('Month')).toHaveClass('cp-input');
    expect(within(balanceRow('Bob Held')).getByText('On hold')).toHaveClass('cp-tag');
    // A row's dialog loads (antd's Modal) when wanted; Cancel closes it, sending nothing.
    await user.click(button('Fee', balanceRow('Ada Teacher')));
    const dialog = await findDialog("Ada Teacher's fee");
    await user.click(button('Cancel', dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(send).not.toHaveBeenCalled();
  });

  it('says when the payouts of the runs paid nobody', async () => {
    mockGet(handlers({ payouts: [] }));
    await openTab();
    expect(await screen.findByText('No educator had money to pay in these runs.')).toBeInTheDocument();
    expect(screen.getByText('Payout runs')).toBeInTheDocument();
  });

  it("puts the fee, balances, payouts and Connect accounts in the cache, under the tab's keys", async () => {
    mockGet(handlers());
    const client = createQueryClient();
    client.setQueryData(queryKeys.user.profile(), {
      _id: 'u-admin',
      name: 'Root Admin',
      email: 'root@example.com',
      imageUrl: '',
      roles: ['student', 'admin'],
      enrolledCourses: [],
    });
    await loadPageData(client, { '*': 'payouts' });
    expect(client.getQueryData(['admin', 'payouts', 'platform-fee'])).toEqual({ percent: 20, updatedAt: null });
    expect(client.getQueryData(['admin', 'payouts', 'balances'])).toEqual([ADA, BOB]);
    expect(client.getQueryData(['admin', 'payouts', 'list'])).toEqual({ payouts: [PROCESSING], runs: [RUN_DONE] });
    expect(client.getQueryData(['admin', 'payouts', 'connect-accounts'])).toMatchObject({ pages: [LOCAL_MODE] });
  });
});
