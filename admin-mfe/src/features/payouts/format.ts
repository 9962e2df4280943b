import { money } from '@courseport/shared-ui';

/** Paise as the platform writes money: 12345 → 'Rs 123.45', -5000 → '-Rs 50.00'. */
export function paise(currency: string, amount: number): string {
  const text = money(currency, Math.abs(amount) / 100);
  return amount < 0 ? `-${text}` : text;
}

/** `YYYY-MM` of the current month (UTC) moved by `offset` months. */
export function monthOf(offset = 0, now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
}

/** Today, UTC: `YYYY-MM-DD`. */
export const today = () => new Date().toISOString().slice(0, 10);

/** An id for a request the server may see twice (an adjustment's `requestKey`). */
export const requestKey = () =>
  (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`).replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
