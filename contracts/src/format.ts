/** Number and text formatting shared by the portals (and the API's tests). React-free and DOM-free. */

const isUsableNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** Rounds to two decimals (half away from zero for the cents, without 1.005 → 1.00 surprises). */
const roundCents = (value: number) => Math.round((value + Number.EPSILON) * 100) / 100;

/**
 * The price after a percentage discount, rounded to two decimals: `discountedPrice(499, 10)` → 449.1.
 * The discount is clamped to 0–100 and a missing price counts as 0.
 */
export function discountedPrice(price: number, discount = 0): number {
  const base = isUsableNumber(price) ? price : 0;
  const percent = isUsableNumber(discount) ? Math.min(100, Math.max(0, discount)) : 0;
  const value = roundCents(base - (base * percent) / 100);
  return value === 0 ? 0 : value; // no -0
}

/** A price with two decimals: `formatPrice(499)` → '499.00'. */
export function formatPrice(value: number): string {
  if (!isUsableNumber(value)) return '0.00';
  const rounded = roundCents(value);
  return (rounded === 0 ? 0 : rounded).toFixed(2);
}

/**
 * An amount with its currency label: `money('Rs', 399.2)` → 'Rs 399.20'. With `dropZeroCents` a
 * whole amount is written without cents (`money('Rs', 1198, { dropZeroCents: true })` → 'Rs 1198',
 * as the educator's totals are), any other still with two decimals ('Rs 449.10').
 */
export function money(currency: string, amount: number, options: { dropZeroCents?: boolean } = {}): string {
  const price = formatPrice(amount);
  return `${currency} ${options.dropZeroCents && price.endsWith('.00') ? price.slice(0, -3) : price}`;
}

/**
 * A duration in minutes as hours and minutes: 65 → '1h 5m', 45 → '45m', 120 → '2h 0m';
 * empty, zero, negative or not a number → '0m'. Fractions are rounded to the nearest minute.
 */
export function formatDuration(minutes: number | null | undefined): string {
  if (!isUsableNumber(minutes) || minutes <= 0) return '0m';
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

/** An ISO time as a short local date with the month's name: '15 Mar 2025' (en-GB), 'Mar 15, 2025' (en-US). */
export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * A count and a noun, with the noun in the plural unless the count is 1:
 * `plural(1, 'lecture')` → '1 lecture', `plural(3, 'lecture')` → '3 lectures', `plural(0, 'lecture')` → '0 lectures'.
 */
export const plural = (count: number, noun: string): string => `${count} ${count === 1 ? noun : `${noun}s`}`;

/**
 * The video id of a lecture URL: its last path segment, ignoring the query and the hash
 * (`https://youtu.be/abc123?t=5` → 'abc123'); '' when there is none.
 */
export function videoIdFromUrl(url: string | null | undefined): string {
  if (typeof url !== 'string') return '';
  const path = url.trim().split(/[?#]/, 1)[0] ?? '';
  const withoutOrigin = path.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '');
  const segments = withoutOrigin.split('/').filter((segment) => segment !== '');
  return segments.at(-1) ?? '';
}
