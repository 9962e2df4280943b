const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Plain text as HTML paragraphs: a blank line starts a paragraph, a single line break stays one
 * (`<br>`); every character is escaped. '' for text that is only spaces.
 */
export function textToParagraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) => `<p>${block.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** The text of sanitized HTML, for a plain text box: blocks become paragraphs, `<br>` a line break. */
export function htmlToText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.replace(/<br\s*\/?>/gi, '\n');
  const blocks = Array.from(template.content.childNodes).map((node) => (node.textContent ?? '').trim());
  return blocks.filter(Boolean).join('\n\n');
}
