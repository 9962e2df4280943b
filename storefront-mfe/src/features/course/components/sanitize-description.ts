// Loaded with the description section, not with the page: DOMPurify is not needed to paint it.
import {
  DESCRIPTION_ALLOWED_TAGS,
  DESCRIPTION_LINK_ATTRIBUTES,
  DESCRIPTION_LINK_REL,
  DESCRIPTION_LINK_SCHEMES,
  DESCRIPTION_LINK_TARGET,
} from '@courseport/shared-ui';
import DOMPurify from 'dompurify';

/** The HTML a course description may use: the allow-list the API sanitizes with too. */
const ALLOWED_TAGS = [...DESCRIPTION_ALLOWED_TAGS];
const ALLOWED_ATTR = [...DESCRIPTION_LINK_ATTRIBUTES];
/** Links with an allowed scheme or none (relative); DOMPurify's own default, with our schemes. */
const ALLOWED_URI_REGEXP = new RegExp(
  `^(?:(?:${DESCRIPTION_LINK_SCHEMES.join('|')}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`,
  'i',
);

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** A DOMPurify instance of our own, so its link hook never affects anyone else's. */
function getPurifier() {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        node.setAttribute('target', DESCRIPTION_LINK_TARGET);
        node.setAttribute('rel', DESCRIPTION_LINK_REL);
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
  return demoteHeadings(getPurifier().sanitize(html ?? '', { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP }));
}

/**
 * The description sits under the page's h1 (the course title) and its own h2 ('Course
 * Description'): its headings go two levels down (h1 → h3 … h4 → h6), so the page keeps exactly
 * one h1 and a heading outline that follows the page.
 */
function demoteHeadings(safe: string): string {
  if (!/<h[1-4][\s>]/i.test(safe)) return safe;
  const template = document.createElement('template');
  template.innerHTML = safe;
  for (const heading of template.content.querySelectorAll('h1, h2, h3, h4')) {
    const level = Number(heading.tagName.slice(1)) + 2;
    const demoted = document.createElement(`h${level}`);
    for (const { name, value } of heading.attributes) demoted.setAttribute(name, value);
    demoted.append(...heading.childNodes);
    heading.replaceWith(demoted);
  }
  return template.innerHTML;
}
