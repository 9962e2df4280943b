import type {
  AdminConnectAccountsPage,
  AdminEducatorBalance,
  AdminPayout,
  LedgerEntry,
  PayoutHold,
  PayoutRun,
  PlatformFee,
} from '@courseport/contracts';
import { api, apiRequest, infiniteQueryOptions, queryOptions } from '@courseport/shared-ui';
import { payoutKeys } from './keys';

/** The admin's side of educators' money (#36). Amounts are paise. */
export const PLATFORM_FEE_PATH = '/api/admin/platform-fee';
export const BALANCES_PATH = '/api/admin/balances';
export const PAYOUTS_PATH = '/api/admin/payouts';
export const RUN_PATH = '/api/admin/payouts/run';
export const CONNECT_ACCOUNTS_PATH = '/api/admin/connect-accounts';
export const payoutPath = (id: string) => `${PAYOUTS_PATH}/${encodeURIComponent(id)}`;
const educatorPath = (id: string, what: 'fee' | 'hold' | 'adjustments') =>
  `/api/admin/educators/${encodeURIComponent(id)}/${what}`;

export const platformFeeQuery = () =>
  queryOptions({
    queryKey: payoutKeys.fee(),
    queryFn: async () => (await api.get<{ fee: PlatformFee }>(PLATFORM_FEE_PATH)).fee,
  });

export const balancesQuery = () =>
  queryOptions({
    queryKey: payoutKeys.balances(),
    queryFn: async (): Promise<AdminEducatorBalance[]> => {
      const res = await api.get<{ balances?: AdminEducatorBalance[] }>(BALANCES_PATH);
      return Array.isArray(res.balances) ? res.balances : [];
    },
  });

export interface PayoutsList {
  payouts: AdminPayout[];
  runs: PayoutRun[];
}

export const payoutsListQuery = () =>
  queryOptions({
    queryKey: payoutKeys.list(),
    queryFn: async (): Promise<PayoutsList> => {
      const res = await api.get<Partial<PayoutsList>>(PAYOUTS_PATH);
      return {
        payouts: Array.isArray(res.payouts) ? res.payouts : [],
        runs: Array.isArray(res.runs) ? res.runs : [],
      };
    },
  });

/** `GET /api/admin/connect-accounts?cursor=`: every educator's Stripe Connect state, a page at a time ("Load more"). */
export const connectAccountsQuery = () =>
  infiniteQueryOptions({
    queryKey: payoutKeys.connect(),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<AdminConnectAccountsPage> => {
      const res = await api.get<Partial<AdminConnectAccountsPage>>(
        pageParam ? `${CONNECT_ACCOUNTS_PATH}?cursor=${encodeURIComponent(pageParam)}` : CONNECT_ACCOUNTS_PATH,
      );
      return {
        available: res.available === true,
        accounts: Array.isArray(res.accounts) ? res.accounts : [],
        nextCursor: res.nextCursor ?? null,
      };
    },
    getNextPageParam: (last) => last.nextCursor,
  });

interface Answer {
  message?: string;
}

export const setPlatformFee = (percent: number) =>
  apiRequest<Answer & { fee: PlatformFee }>(PLATFORM_FEE_PATH, { method: 'PUT', body: { percent } });

export const setEducatorFee = (educatorId: string, percent: number | null) =>
  apiRequest<Answer & { feePercent: number }>(educatorPath(educatorId, 'fee'), { method: 'PUT', body: { percent } });

export const holdEducator = (educatorId: string, reason: string) =>
  api.post<Answer & { hold: PayoutHold }>(educatorPath(educatorId, 'hold'), { reason });

export const releaseEducator = (educatorId: string) =>
  apiRequest<Answer>(educatorPath(educatorId, 'hold'), { method: 'DELETE' });

export const adjustBalance = (educatorId: string, input: { amount: number; reason: string; requestKey: string }) =>
  api.post<Answer & { entry: LedgerEntry }>(educatorPath(educatorId, 'adjustments'), input);

export const runPayout = (cutoff: string) => api.post<Answer & { run: PayoutRun }>(RUN_PATH, { cutoff });

export const recordPayment = (payoutId: string, input: { bankReference: string; paidAt: string }) =>
  apiRequest<Answer & { payout: AdminPayout }>(payoutPath(payoutId), { method: 'PUT', body: input });
