// Loaded with the description section, not with the page: DOMPurify is not needed to paint it.
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
