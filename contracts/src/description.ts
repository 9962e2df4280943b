/**
 * What a course description's HTML may use: text formatting, headings, lists and links. One list
 * for both sanitizers (the API's, when the description is saved, and the storefront's, before it
 * is shown); each keeps its own engine.
 */

/** The tags a description keeps. */
export const DESCRIPTION_ALLOWED_TAGS: readonly string[] = Object.freeze([
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
  'blockquote',
  'code',
  'pre',
  'a',
  'span',
]);

/** The attributes a link keeps (no other tag keeps any). */
export const DESCRIPTION_LINK_ATTRIBUTES: readonly string[] = Object.freeze(['href', 'title']);

/** The URL schemes a link may use. */
export const DESCRIPTION_LINK_SCHEMES: readonly string[] = Object.freeze(['http', 'https', 'mailto']);

/** What every kept link gets, whatever it said: it opens in a new tab… */
export const DESCRIPTION_LINK_TARGET = '_blank';
/** …without the opener, a referrer or the site's endorsement. */
export const DESCRIPTION_LINK_REL = 'noopener noreferrer nofollow';
