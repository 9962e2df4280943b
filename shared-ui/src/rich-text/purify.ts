// The browser's side of `@courseport/shared-ui/rich-text`: DOMPurify with the API's allow-list.

import {
  DESCRIPTION_ALLOWED_TAGS,
  DESCRIPTION_LINK_ATTRIBUTES,
  DESCRIPTION_LINK_REL,
  DESCRIPTION_LINK_SCHEMES,
  DESCRIPTION_LINK_TARGET,
} from '@courseport/contracts';
import DOMPurify from 'dompurify';
import { serverRichHtml } from './server';

/** The HTML rich text may use: the allow-list the API sanitizes with too. */
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
 * Rich text from the API (a course description, an article, a project's brief), sanitized again in
 * the browser with the allow-list the server used (the server already sanitized it; this keeps a
 * compromised or buggy API from injecting markup). Its headings go `down` levels down (at most to
 * h6), so the page keeps one h1 and an outline that follows it: a description sits under the
 * page's h1 and its own h2 (2), an article under the h1 (1), a brief under its h2 (2).
 * Without a DOM (a server render) it never touches `window`: the server's sanitizer when
 * `prepareServerRichText` loaded it, else nothing ('').
 */
export function sanitizeRichText(html: string | undefined, down: 1 | 2): string {
  if (typeof window === 'undefined') return serverRichHtml(html, down, 'description') ?? '';
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
