import {
  DESCRIPTION_ALLOWED_TAGS,
  DESCRIPTION_LINK_ATTRIBUTES,
  DESCRIPTION_LINK_REL,
  DESCRIPTION_LINK_SCHEMES,
  DESCRIPTION_LINK_TARGET,
} from '@courseport/shared-ui';
import DOMPurify from 'dompurify';

/**
 * A lesson's rich text (an article, a project's brief), sanitized again in the browser with the
 * allow-list the API sanitizes course descriptions with (the storefront's `sanitize-description.ts`
 * approach): the server already sanitized it; this keeps a compromised or buggy API from injecting markup.
 */
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
 * The lesson's HTML, safe to render; its headings go `down` levels down (an article: 1, h1 → h2,
 * under the page's h1, the course title; a project's brief: 2, h1 → h3, under its 'Project brief'
 * h2), so the outline stays the page's.
 */
export function sanitizeLessonHtml(html: string | undefined, down: 1 | 2): string {
  const safe = getPurifier().sanitize(html ?? '', { ALLOWED_TAGS, ALLOWED_ATTR, ALLOWED_URI_REGEXP });
  if (!/<h[1-5][\s>]/i.test(safe)) return safe;
  const template = document.createElement('template');
  template.innerHTML = safe;
  for (const heading of template.content.querySelectorAll('h1, h2, h3, h4, h5')) {
    const demoted = document.createElement(`h${Math.min(6, Number(heading.tagName.slice(1)) + down)}`);
    for (const { name, value } of heading.attributes) demoted.setAttribute(name, value);
    demoted.append(...heading.childNodes);
    heading.replaceWith(demoted);
  }
  return template.innerHTML;
}
