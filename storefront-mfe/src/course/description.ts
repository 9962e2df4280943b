const BLOCKS = new Set(['P', 'BR', 'H1', 'H2', 'H3', 'H4', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'PRE', 'DIV']);
/** Elements whose text is never shown (the sanitizer drops them with their content). */
const HIDDEN = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'IFRAME', 'OBJECT', 'TEXTAREA', 'TITLE']);

/**
 * The visible text of HTML, with a space where one block ends and the next begins. Parsing with
 * DOMParser is inert (no scripts run, nothing loads) and only text is read, so it needs no
 * sanitizer.
 */
function plainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  let text = '';
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.textContent ?? '';
      else if (child instanceof Element && !HIDDEN.has(child.tagName)) {
        const block = BLOCKS.has(child.tagName);
        if (block) text += ' ';
        walk(child);
        if (block) text += ' ';
      }
    }
  };
  walk(body);
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The first `max` characters of the description as plain text (tags removed, so a tag is never
 * cut), followed by '...' when it was longer.
 */
export function descriptionTeaser(html: string, max = 200): string {
  const characters = Array.from(plainText(html ?? ''));
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : characters.join('');
}
