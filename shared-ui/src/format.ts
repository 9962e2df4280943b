/**
 * Small formatting helpers shared by the portals (storefront, learner, educator). React-free and
 * DOM-free, so they can run anywhere.
 */

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

const BLOCK_BOUNDARY =
  /<\s*(?:br|\/?(?:p|div|h[1-6]|ul|ol|li|blockquote|pre|tr|td|th|table|section|article|header|footer))\b[^>]*>/gi;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * The text of an HTML fragment, without a DOM: tags removed (a space where one block ends and the
 * next begins), the common entities decoded and runs of whitespace collapsed:
 * `htmlToPlainText('<h2>Intro</h2><p>Learn &amp; build</p>')` → 'Intro Learn & build'.
 * Only for display; this is not a sanitizer.
 */
export function htmlToPlainText(html: string | null | undefined): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(BLOCK_BOUNDARY, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] === '#') {
        const point = code[1] === 'x' || code[1] === 'X' ? Number.parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isInteger(point) && point >= 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
      }
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The first `count` characters of the plain text of an HTML fragment (whole characters, so an emoji
 * is never cut in half): `plainTextExcerpt('<p>Hello <b>world</b></p>', 7)` → 'Hello w'.
 */
export function plainTextExcerpt(html: string | null | undefined, count: number): string {
  const characters = Array.from(htmlToPlainText(html));
  return characters.slice(0, Math.max(0, Math.floor(count))).join('');
}
