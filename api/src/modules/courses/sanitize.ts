/**
 * Rich-text descriptions keep formatting and links (the allow-list the storefront applies too,
 * `@courseport/contracts`); scripts, styles, handlers and frames go. The same function sanitizes
 * a description for the storefront's server render.
 */
export { sanitizeDescription } from '@courseport/contracts/sanitize-description';
