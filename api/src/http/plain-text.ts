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
