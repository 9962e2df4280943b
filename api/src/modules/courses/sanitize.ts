import {
  DESCRIPTION_ALLOWED_TAGS,
  DESCRIPTION_LINK_ATTRIBUTES,
  DESCRIPTION_LINK_REL,
  DESCRIPTION_LINK_SCHEMES,
  DESCRIPTION_LINK_TARGET,
} from '@courseport/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * Rich-text descriptions keep formatting and links (the allow-list the storefront applies too,
 * `@courseport/contracts`); scripts, styles, handlers and frames go.
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
