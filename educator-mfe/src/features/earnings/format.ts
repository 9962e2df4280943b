import { formatDate, money } from '@courseport/shared-ui';

/** Paise as the platform writes money: 12345 → 'Rs 123.45', -5000 → '-Rs 50.00'. */
export function paise(currency: string, amount: number): string {
  const text = money(currency, Math.abs(amount) / 100);
  return amount < 0 ? `-${text}` : text;
}

/** An ISO time as '15 Mar 2025'; '—' for none. */
export const day = (iso: string | null | undefined) => (iso ? formatDate(iso) : '—');

/** The current month (UTC) moved by `offset` months: `YYYY-MM`. */
export function monthOf(offset = 0, now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return date.toISOString().slice(0, 7);
}
