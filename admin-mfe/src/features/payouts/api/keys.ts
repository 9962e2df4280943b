/** The Payouts tab's queries (#36), all under `['admin', 'payouts']`: the dashboard's Refresh reloads them. */
export const payoutKeys = {
  all: ['admin', 'payouts'] as const,
  fee: () => ['admin', 'payouts', 'platform-fee'] as const,
  balances: () => ['admin', 'payouts', 'balances'] as const,
  list: () => ['admin', 'payouts', 'list'] as const,
  connect: () => ['admin', 'payouts', 'connect-accounts'] as const,
};
