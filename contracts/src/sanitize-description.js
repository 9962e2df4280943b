// A course description's HTML, sanitized with the description allow-list (description.js): what the
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

/**
 * Rich-text descriptions keep formatting and links; scripts, styles, handlers and frames go.
 * @param {string} html
 * @returns {string}
 */
export function sanitizeDescription(html) {
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
