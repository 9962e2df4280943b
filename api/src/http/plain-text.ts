/**
 * Text people write for others to read (a bio, a review, a reply): plain text, shown as text and
 * never as HTML. Line breaks normalized to `\n`, control characters but line breaks removed, at
 * most two blank lines in a row, trimmed.
 */
export function cleanPlainText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '')
      .replace(/\n{4,}/g, '\n\n\n')
      .trim()
  );
}

/** Line breaks and tabs: a name is one line, so they become spaces. */
const NAME_SPACES = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
/**
 * Never part of a name: C0 and C1 control characters, bidi embeddings, overrides and isolates
 * (U+202A–U+202E, U+2066–U+2069) and marks (LRM, RLM, ALM), zero-width spaces, word joiners and
 * invisible operators, the byte-order mark.
 */
const NAME_INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * A person's name as it may be shown anywhere, a certificate or a mail included (#30): one line,
 * without the characters above (an override can make "fdp.exe" read "exe.pdf"). A zero-width
 * (non-)joiner stays where scripts need one, inside a word, but one at most, never at a word's edge.
 * Runs of spaces become one; trimmed. A name of nothing but such characters becomes ''.
 */
export function cleanName(text: string): string {
  return text
    .normalize('NFC')
    .replace(NAME_SPACES, ' ')
    .replace(NAME_INVISIBLE, '')
    .replace(/([\u200c\u200d])[\u200c\u200d]+/g, '$1')
    .replace(/(^|\s)[\u200c\u200d]+/g, '$1')
    .replace(/[\u200c\u200d]+(?=\s|$)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Accent- and case-folded words: "Café au-lait" → ["cafe", "au", "lait"]. */
export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}
