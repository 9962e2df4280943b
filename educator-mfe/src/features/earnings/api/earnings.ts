import type { ConnectAccount, ConnectLink, EducatorBalance, LedgerPage, Payout } from '@courseport/contracts';
import { api, infiniteQueryOptions, queryKeys, queryOptions } from '@courseport/shared-ui';

/** The educator's money (#36): balance, ledger, payouts and monthly statements. Amounts are paise. */
export const BALANCE_PATH = '/api/educator/balance';
export const LEDGER_PATH = '/api/educator/ledger';
export const PAYOUTS_PATH = '/api/educator/payouts';
export const statementPath = (month: string, format: 'csv' | 'pdf') =>
  `/api/educator/statements/${encodeURIComponent(month)}.${format}`;

export const earningsKeys = {
  all: [...queryKeys.educator.all, 'earnings'] as const,
  balance: () => [...queryKeys.educator.all, 'earnings', 'balance'] as const,
  ledger: () => [...queryKeys.educator.all, 'earnings', 'ledger'] as const,
  payouts: () => [...queryKeys.educator.all, 'earnings', 'payouts'] as const,
};

/** `GET /api/educator/balance` → `balance`. */
export const balanceQuery = () =>
  queryOptions({
    queryKey: earningsKeys.balance(),
    queryFn: async (): Promise<EducatorBalance> => {
      const res = await api.get<{ balance: EducatorBalance }>(BALANCE_PATH);
      return res.balance;
    },
  });

/** `GET /api/educator/ledger?cursor=`: newest first, a page at a time ("Load more"). */
export const ledgerQuery = () =>
  infiniteQueryOptions({
    queryKey: earningsKeys.ledger(),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }): Promise<LedgerPage> => {
      const res = await api.get<Partial<LedgerPage>>(
        pageParam ? `${LEDGER_PATH}?cursor=${encodeURIComponent(pageParam)}` : LEDGER_PATH,
      );
      return { entries: Array.isArray(res.entries) ? res.entries : [], nextCursor: res.nextCursor ?? null };
    },
    getNextPageParam: (last) => last.nextCursor,
  });

/** `GET /api/educator/payouts` → `payouts` (newest first). */
export const payoutsQuery = () =>
  queryOptions({
    queryKey: earningsKeys.payouts(),
    queryFn: async (): Promise<Payout[]> => {
      const res = await api.get<{ payouts?: Payout[] }>(PAYOUTS_PATH);
      return Array.isArray(res.payouts) ? res.payouts : [];
    },
  });

/** The month's statement, saved by the browser (`courseport-statement-YYYY-MM.csv|pdf`). */
export const downloadStatement = (month: string, format: 'csv' | 'pdf') =>
  api.download(statementPath(month, format), `courseport-statement-${month}.${format}`);

export const ACCOUNT_PATH = '/api/educator/payouts/account';
export const CONNECT_PATH = '/api/educator/payouts/connect';

/**
 * `GET /api/educator/payouts/account` → `account`: the educator's Stripe Connect account, if this
 * deployment takes payments through Stripe. `refresh`: back from Stripe's onboarding, ask Stripe now.
 */
export const payoutAccountQuery = (refresh = false) =>
  queryOptions({
    queryKey: [...earningsKeys.all, 'account'] as const,
    queryFn: async (): Promise<ConnectAccount> =>
      (await api.get<{ account: ConnectAccount }>(refresh ? `${ACCOUNT_PATH}?refresh=1` : ACCOUNT_PATH)).account,
  });

/** `POST /api/educator/payouts/connect`: Stripe's onboarding address (the account is made once). */
export const startConnect = async (): Promise<ConnectLink> => {
  const { url, expiresAt } = await api.post<ConnectLink>(CONNECT_PATH);
  return { url, expiresAt };
};
