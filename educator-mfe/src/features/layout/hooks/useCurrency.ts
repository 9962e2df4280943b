/** The currency label of every amount (the API's `GET /api/config` → `currency`; 'Rs' today). */
export const DEFAULT_CURRENCY = 'Rs';

/**
 * The currency label to put before an amount. A hook so that reading it from the deployment's
 * config later changes no page; every deployment charges in rupees today.
 */
export function useCurrency(): string {
  return DEFAULT_CURRENCY;
}

/** 'Rs 1198'. */
export const money = (currency: string, amount: number) => `${currency} ${Number.isFinite(amount) ? amount : 0}`;
