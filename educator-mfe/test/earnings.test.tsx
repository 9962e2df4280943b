import type { ConnectAccount, EducatorBalance, LedgerEntry, Payout } from '@courseport/contracts';
import { api, formatDate } from '@courseport/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goTo } from '../src/features/earnings/components/PayoutAccount';
import {
  button,
  deferred,
  failsUntilRecovered,
  getCalls,
  link,
  mockGet,
  mockPost,
  renderPortal,
  serverError,
  setCurrencyLabel,
  signInAsEducator,
  tableRows,
  user,
} from './helpers';
import { serverData } from './server-data';

const BALANCE = '/api/educator/balance';
const LEDGER = '/api/educator/ledger';
const PAYOUTS = '/api/educator/payouts';
const ACCOUNT = '/api/educator/payouts/account';
const CONNECT = '/api/educator/payouts/connect';
const download = vi.mocked(api.download);

beforeEach(() => {
  signInAsEducator();
  setCurrencyLabel('Rs');
  download.mockReset();
});

const balance = (overrides: Partial<EducatorBalance> = {}): EducatorBalance => ({
  pending: 39920,
  available: 120000,
  paid: 250000,
  hold: null,
  feePercent: 20,
  holdDays: 7,
  ...overrides,
});

const SALE: LedgerEntry = {
  id: 'e1',
  kind: 'sale',
  amount: 35928,
  gross: 44910,
  fee: -8982,
  feeBasisPoints: 2000,
  listAmount: 49900,
  discount: 4990,
  couponCode: 'SAVE10',
  courseId: 'c1',
  courseTitle: 'Vue for Beginners',
  createdAt: '2026-11-20T10:00:00.000Z',
  availableAt: '2026-11-27T10:00:00.000Z',
};
const REFUND: LedgerEntry = {
  id: 'e2',
  kind: 'refund',
  amount: -35928,
  gross: -44910,
  fee: 8982,
  // A course deleted since: the API answers its title as null.
  courseId: 'c2',
  courseTitle: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  availableAt: '2026-11-27T10:00:00.000Z',
};
const PAYOUT_ENTRY: LedgerEntry = {
  id: 'e3',
  kind: 'payout',
  amount: -250000,
  runId: 'run-2026-10-31',
  createdAt: '2026-11-01T10:00:00.000Z',
  availableAt: '2026-11-01T10:00:00.000Z',
};
const ADJUSTMENT: LedgerEntry = {
  id: 'e4',
  kind: 'adjustment',
  amount: 250000,
  reason: 'Opening balance',
  createdAt: '2026-10-15T10:00:00.000Z',
  availableAt: '2026-10-15T10:00:00.000Z',
};
const PAID: Payout = {
  id: 'p1',
  runId: 'run-2026-10-31',
  educatorId: 'u1',
  amount: 250000,
  status: 'paid',
  createdAt: '2026-11-01T10:00:00.000Z',
  bankReference: 'NEFT-DEMO-202610',
  paidAt: '2026-11-02T00:00:00.000Z',
};
const PROCESSING: Payout = { ...PAID, id: 'p2', amount: 5000, status: 'processing', bankReference: null, paidAt: null };

function handlers({
  bal = balance(),
  entries = [SALE, REFUND, PAYOUT_ENTRY, ADJUSTMENT],
  nextCursor = null as string | null,
  payouts = [PROCESSING, PAID],
  account = { connected: false, available: false } as ConnectAccount,
} = {}) {
  return {
    [ACCOUNT]: (): unknown => ({ success: true, account }),
    [`${ACCOUNT}?refresh=1`]: (): unknown => ({ success: true, account }),
    [BALANCE]: (): unknown => ({ success: true, balance: bal }),
    [LEDGER]: () => ({ success: true, entries, nextCursor }),
    [`${LEDGER}?cursor=c1`]: () => ({
      success: true,
      entries: [{ ...ADJUSTMENT, id: 'e5', reason: 'Older' }],
      nextCursor: null,
    }),
    [PAYOUTS]: (): unknown => ({ success: true, payouts }),
  };
}
const answer = (options: Parameters<typeof handlers>[0] = {}) => mockGet(handlers(options));

const section = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section') as HTMLElement;

describe('Earnings', () => {
  it('is in the sidebar and names the tab', async () => {
    answer();
    renderPortal('/educator');
    expect(link('Earnings')).toHaveAttribute('href', '/educator/earnings');
    renderPortal('/educator/earnings');
    await screen.findByText('Rs 1200.00');
    await waitFor(() => expect(document.title).toMatch(/^Earnings · Educator/));
  });

  it('shows the balance, the ledger with its courses, gross, fee, net and coupon, and the payouts', async () => {
    answer();
    renderPortal('/educator/earnings');
    expect(await screen.findByText('Rs 399.20')).toBeInTheDocument();
    const cards = within(section('Balance'));
    expect(cards.getByText('Rs 1200.00')).toBeInTheDocument();
    expect(cards.getByText('Rs 2500.00')).toBeInTheDocument();
    expect(cards.getByText(/pending for 7 days/)).toBeInTheDocument();
    expect(cards.getByText(/platform fee on new sales is 20%/)).toBeInTheDocument();

    await screen.findByText('Opening balance');
    expect(tableRows(section('Ledger'))).toEqual([
      [
        formatDate(SALE.createdAt),
        'Sale',
        'Vue for Beginners',
        expect.stringContaining('Coupon SAVE10 (-Rs 49.90)'),
        'Rs 449.10',
        '-Rs 89.82',
        'Rs 359.28',
      ],
      [
        formatDate(REFUND.createdAt),
        'Refund',
        'Deleted course',
        'Sale refunded',
        '-Rs 449.10',
        'Rs 89.82',
        '-Rs 359.28',
      ],
      [formatDate(PAYOUT_ENTRY.createdAt), 'Payout', '—', 'Payout run run-2026-10-31', '—', '—', '-Rs 2500.00'],
      [formatDate(ADJUSTMENT.createdAt), 'Adjustment', '—', 'Opening balance', '—', '—', 'Rs 2500.00'],
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await waitFor(() => expect(tableRows(section('Payouts'))).toHaveLength(2));
    expect(tableRows(section('Payouts'))).toEqual([
      [formatDate(PROCESSING.createdAt), 'Rs 50.00', 'Processing', 'Not paid yet'],
      [formatDate(PAID.paidAt as string), 'Rs 2500.00', 'Paid', 'NEFT-DEMO-202610'],
    ]);
  });

  it('loads older entries with "Load more"', async () => {
    answer({ nextCursor: 'c1' });
    renderPortal('/educator/earnings');
    await screen.findByText('Opening balance');
    await user.click(button('Load more'));
    await screen.findByText('Older');
    expect(tableRows(section('Ledger'))).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when older entries fail to load, and keeps "Load more" to try again', async () => {
    let fail = true;
    mockGet({
      ...handlers({ nextCursor: 'c1' }),
      [`${LEDGER}?cursor=c1`]: () => {
        if (fail) throw serverError('cursor is not valid');
        return { success: true, entries: [{ ...ADJUSTMENT, id: 'e5', reason: 'Older' }], nextCursor: null };
      },
    });
    renderPortal('/educator/earnings');
    await screen.findByText('Opening balance');
    await user.click(button('Load more'));
    expect(await within(section('Ledger')).findByRole('alert')).toHaveTextContent(
      'Could not load more entries: cursor is not valid',
    );
    expect(tableRows(section('Ledger'))).toHaveLength(4);
    fail = false;
    await user.click(button('Load more'));
    await screen.findByText('Older');
    expect(within(section('Ledger')).queryByRole('alert')).toBeNull();
  });

  it('tells about a hold and a negative balance', async () => {
    answer({
      bal: balance({ available: -5000, hold: { reason: 'Tax details missing', since: '2026-11-10T00:00:00.000Z' } }),
    });
    renderPortal('/educator/earnings');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Your payouts are on hold');
    expect(note).toHaveTextContent('Tax details missing');
    expect(screen.getByText('-Rs 50.00')).toBeInTheDocument();
    expect(screen.getByText(/your next sales repay it/)).toBeInTheDocument();
  });

  it('shows loading, then empty states with what will appear there', async () => {
    const pending = deferred<unknown>();
    mockGet({ ...handlers({ entries: [], payouts: [] }), [BALANCE]: () => pending.promise });
    renderPortal('/educator/earnings');
    expect(screen.getByText('Loading your balance...')).toBeInTheDocument();
    pending.resolve({ success: true, balance: balance({ pending: 0, available: 0, paid: 0 }) });
    expect(await screen.findAllByText('Rs 0.00')).toHaveLength(3);
    expect(await screen.findByText('No money moved yet')).toBeInTheDocument();
    expect(await screen.findByText('No payouts yet')).toBeInTheDocument();
  });

  it('shows each failing part with the server message and Try Again', async () => {
    const failing = failsUntilRecovered(serverError('Only educators can do that', 403), () => ({
      success: true,
      payouts: [PAID],
    }));
    mockGet({ ...handlers(), [PAYOUTS]: failing.handler });
    renderPortal('/educator/earnings');
    expect(await screen.findByText('Error Loading Payouts')).toBeInTheDocument();
    expect(screen.getByText('Only educators can do that')).toBeInTheDocument();
    failing.recover();
    await user.click(button('Try Again', section('Payouts')));
    expect(await screen.findByText('NEFT-DEMO-202610')).toBeInTheDocument();
    expect(screen.queryByText('Error Loading Payouts')).toBeNull();
    expect(getCalls(PAYOUTS)).toBe(2);
  });

  it('downloads a month statement as CSV and PDF, and shows a refusal', async () => {
    answer();
    renderPortal('/educator/earnings');
    const month = await screen.findByLabelText('Month');
    fireEvent.change(month, { target: { value: '2026-10' } });
    download.mockResolvedValueOnce(undefined);
    await user.click(button('Download CSV'));
    expect(download).toHaveBeenCalledWith('/api/educator/statements/2026-10.csv', 'courseport-statement-2026-10.csv');
    expect(await screen.findByText('Statement for 2026-10 downloaded (CSV)')).toBeInTheDocument();

    download.mockRejectedValueOnce(serverError('month must be a month such as 2026-10'));
    await user.click(button('Download PDF'));
    expect(download).toHaveBeenLastCalledWith(
      '/api/educator/statements/2026-10.pdf',
      'courseport-statement-2026-10.pdf',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('month must be a month such as 2026-10');

    fireEvent.change(month, { target: { value: '' } });
    await user.click(button('Download CSV'));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a month, such as 2026-10');
    expect(download).toHaveBeenCalledTimes(2);
  });
});

describe('How you are paid (#36: Stripe Connect)', () => {
  const method = () => within(section('How you are paid'));

  it('in local mode, says the platform pays each month by bank transfer, with no Stripe button', async () => {
    answer();
    renderPortal('/educator/earnings');
    expect(await method().findByText(/pays your available balance each month by bank transfer/)).toBeInTheDocument();
    expect(method().queryByRole('button')).toBeNull();
  });

  it('offers Stripe onboarding and sends the educator to its address', async () => {
    const assign = vi.spyOn(goTo, 'url').mockImplementation(() => undefined);
    answer({ account: { connected: false, available: true } });
    mockPost({
      [CONNECT]: () => ({ success: true, url: 'https://connect.stripe.test/setup/e/acct_1', expiresAt: '' }),
    });
    renderPortal('/educator/earnings');
    expect(await method().findByRole('heading', { name: 'Get paid through Stripe' })).toBeInTheDocument();
    await user.click(method().getByRole('button', { name: 'Set up payouts with Stripe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/setup/e/acct_1'));
    assign.mockRestore();
  });

  it('says what is still due, asks Stripe again on the way back, and shows its payouts once enabled', async () => {
    answer({
      account: { connected: true, available: true, detailsSubmitted: true, currentlyDue: ['external_account'] },
    });
    renderPortal('/educator/earnings?connect=return');
    expect(await method().findByText(/Stripe still needs 1 detail before it can pay you/)).toBeInTheDocument();
    expect(method().getByRole('button', { name: 'Continue setup' })).toBeInTheDocument();
    expect(getCalls(`${ACCOUNT}?refresh=1`)).toBe(1);
  });

  it("once payouts are on, lists Stripe's payouts to the bank and offers no setup", async () => {
    answer({
      account: {
        connected: true,
        available: true,
        chargesEnabled: true,
        payoutsEnabled: true,
        stripePayouts: [{ id: 'po_1', amount: 35928, status: 'paid', arrivalDate: '2026-11-25T00:00:00.000Z' }],
      },
    });
    renderPortal('/educator/earnings');
    expect(await method().findByRole('heading', { name: 'Payouts through Stripe are on' })).toBeInTheDocument();
    expect(method().getByRole('list', { name: "Stripe's payouts to your bank" })).toHaveTextContent('Rs 359.28 · paid');
    expect(method().queryByRole('button')).toBeNull();
  });

  it('shows a failed onboarding call and keeps the button', async () => {
    answer({ account: { connected: false, available: true } });
    mockPost({
      [CONNECT]: () => {
        throw serverError('Stripe could not be reached');
      },
    });
    renderPortal('/educator/earnings');
    await user.click(await method().findByRole('button', { name: 'Set up payouts with Stripe' }));
    expect(await method().findByRole('alert')).toHaveTextContent('Stripe could not be reached');
    expect(method().getByRole('button', { name: 'Set up payouts with Stripe' })).toBeEnabled();
  });
});

describe('Earnings: the first screen (#34)', () => {
  it("comes with the server's data: balance, payout method, ledger and payouts, each asked for once", async () => {
    answer();
    const client = await serverData('earnings');
    renderPortal('/educator/earnings', client);
    // At once, without a loading state.
    expect(within(section('Balance')).getByText('Rs 1200.00')).toBeInTheDocument();
    expect(screen.getByText('Opening balance')).toBeInTheDocument();
    expect(screen.getByText('NEFT-DEMO-202610')).toBeInTheDocument();
    expect(screen.queryByText(/^Loading your/)).toBeNull();
    for (const path of [BALANCE, ACCOUNT, LEDGER, PAYOUTS]) expect(getCalls(path), path).toBe(1);
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it("back from Stripe's onboarding, asks Stripe again, as the page does", async () => {
    answer();
    await serverData('earnings', new URLSearchParams('connect=return'));
    expect(getCalls(`${ACCOUNT}?refresh=1`)).toBe(1);
    expect(getCalls(ACCOUNT)).toBe(0);
  });
});
