// A course description's HTML, sanitized with the description allow-list (description.ts): what the
// API stores, and what the storefront's server render shows (the browser sanitizes again, with
// DOMPurify). Node-only (sanitize-html), hence its own entry: `@courseport/contracts/sanitize-description`.
import sanitizeHtml from 'sanitize-html';
import {
  DESCRIPTION_ALLOWED_TAGS,
  DESCRIPTION_LINK_ATTRIBUTES,
  DESCRIPTION_LINK_REL,
  DESCRIPTION_LINK_SCHEMES,
  DESCRIPTION_LINK_TARGET,
} from './description.js';
import { DISCUSSION_ALLOWED_TAGS } from './discussions.js';

/**
 * A course description's HTML with only the description allow-list's tags, attributes and link
 * schemes: formatting and links are kept; scripts, styles, handlers and frames go.
 */
export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...DESCRIPTION_ALLOWED_TAGS],
    // target and rel are the ones the transform below sets, whatever the link said.
    allowedAttributes: { a: [...DESCRIPTION_LINK_ATTRIBUTES, 'target', 'rel'] },
    allowedSchemes: [...DESCRIPTION_LINK_SCHEMES],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: DESCRIPTION_LINK_REL, target: DESCRIPTION_LINK_TARGET }),
    },
  });
}

/**
 * A question's or answer's HTML (#35) with the discussion allow-list (`DISCUSSION_ALLOWED_TAGS`,
 * a stricter subset of the description's: no headings or spans); links as a description's.
 */
export function sanitizeDiscussion(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...DISCUSSION_ALLOWED_TAGS],
    allowedAttributes: { a: [...DESCRIPTION_LINK_ATTRIBUTES, 'target', 'rel'] },
    allowedSchemes: [...DESCRIPTION_LINK_SCHEMES],
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { rel: DESCRIPTION_LINK_REL, target: DESCRIPTION_LINK_TARGET }),
    },
  });
}
