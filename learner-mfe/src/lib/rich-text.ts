/**
 * A plain text box's text as simple HTML (#35: a question or an answer is rich text; the player's
 * box is a plain textarea, sent as paragraphs and line breaks, which the API sanitizes), and back.
 */

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Blank lines part paragraphs; a single line break stays one (`<br>`). */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** The text of sanitized HTML, for editing in a plain text box: blocks become paragraphs. */
export function htmlToText(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.replace(/<br\s*\/?>/gi, '\n');
  const blocks = Array.from(template.content.childNodes).map((node) => (node.textContent ?? '').trim());
  return blocks.filter(Boolean).join('\n\n');
}
