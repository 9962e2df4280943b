/**
 * The text of an HTML fragment, without a DOM: tags removed (a space between blocks), hidden
 * elements (script, style, iframe…) dropped, entities decoded, whitespace collapsed. Not a sanitizer.
 */
export declare function htmlToText(html: string | null | undefined): string;
/** The first `count` characters (whole code points) of the text of an HTML fragment. */
export declare function plainTextExcerpt(html: string | null | undefined, count: number): string;
/**
 * The first `max` (default 200) characters of a description as text, then '...' when it was longer
 * (or always, with `alwaysEllipsis`).
 */
export declare function descriptionTeaser(
  html: string | null | undefined,
  max?: number,
  options?: { alwaysEllipsis?: boolean },
): string;
