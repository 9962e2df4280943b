import DOMPurify from 'dompurify';

/** The HTML a course description may use: text formatting, headings, lists and links. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'code',
  'pre',
  'span',
];
const ALLOWED_ATTR = ['href', 'title'];

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** A DOMPurify instance of our own, so its link hook never affects anyone else's. */
function getPurifier() {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
  }
  return purifier;
}

/**
 * The course description, sanitized again in the browser with a small allow-list (the server
 * already sanitized it; this keeps a compromised or buggy API from injecting markup).
 */
export function sanitizeDescription(html: string): string {
  return getPurifier().sanitize(html ?? '', { ALLOWED_TAGS, ALLOWED_ATTR });
}

const BLOCKS = new Set(['P', 'BR', 'H1', 'H2', 'H3', 'H4', 'UL', 'OL', 'LI', 'BLOCKQUOTE', 'PRE', 'DIV']);

/** The text of sanitized HTML, with a space where one block ends and the next begins. */
function plainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  let text = '';
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.textContent ?? '';
      else if (child instanceof Element) {
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
  const characters = Array.from(plainText(sanitizeDescription(html)));
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : characters.join('');
}
