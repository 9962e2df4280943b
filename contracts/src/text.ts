/** Text from the courses' rich-text (HTML) descriptions, without a DOM: the same in the browser and in Node. */

/** Where one block ends and the next begins: a space in the text. */
const BLOCK_BOUNDARY =
  /<\s*(?:br|\/?(?:p|div|h[1-6]|ul|ol|li|blockquote|pre|tr|td|th|table|section|article|header|footer))\b[^>]*>/gi;

/** Elements whose content is never shown as text (the API's sanitizer drops them with it). */
const HIDDEN = /<(script|style|template|noscript|iframe|object|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
};

/**
 * The text of an HTML fragment: tags removed (a space where one block ends and the next begins),
 * hidden elements (script, style, iframe…) dropped with their content, entities decoded and runs of
 * whitespace collapsed: `htmlToText('<h2>Intro</h2><p>Learn &amp; build</p>')` → 'Intro Learn & build'.
 * Only for display; this is not a sanitizer.
 */
export function htmlToText(html: string | null | undefined): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(HIDDEN, ' ')
    .replace(BLOCK_BOUNDARY, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity: string, code: string) => {
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
 * The first `count` characters of the text of an HTML fragment (whole characters, so an emoji is
 * never cut in half): `plainTextExcerpt('<p>Hello <b>world</b></p>', 7)` → 'Hello w'.
 */
export function plainTextExcerpt(html: string | null | undefined, count: number): string {
  const characters = Array.from(htmlToText(html));
  return characters.slice(0, Math.max(0, Math.floor(count))).join('');
}

/**
 * A description's teaser: its first `max` characters as text, then '...' when it was longer (or
 * always, with `alwaysEllipsis`, as the educator's course table shows it).
 * `descriptionTeaser('<p>Hello world</p>', 5)` → 'Hello...'.
 */
export function descriptionTeaser(
  html: string | null | undefined,
  max = 200,
  { alwaysEllipsis = false }: { alwaysEllipsis?: boolean } = {},
): string {
  const characters = Array.from(htmlToText(html));
  const cut = characters.length > max;
  const text = characters.slice(0, Math.max(0, Math.floor(max))).join('');
  return cut || alwaysEllipsis ? `${text}...` : text;
}
