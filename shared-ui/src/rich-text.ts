// `@courseport/shared-ui/rich-text`: not in the shared-ui singleton, so only the portals that show
// rich text (a course description, a lesson's article or brief, a question, an announcement) bundle
// it. One way (#34) for rich text on a page the shell's server renders:
// - the page's `loadPageData` calls `prepareServerRichText()` (the API's sanitizer, server build only);
// - the element that holds the text carries `richHtmlKey(key)`, and its HTML is `useRichHtml(key, html, …)`:
//   on the server, the server's sanitized HTML; in the browser's take-over (hydration), the server's
//   markup as it is (read once per key from that element); then DOMPurify's, loaded with the section
//   (lazily, kept out of the first load) or already there (`sanitize: sanitizeRichText`).
// The entry only re-exports (each import goes to its own module): a portal that never imports
// `sanitizeRichText` gets DOMPurify in a chunk of its own, loaded by `loadRichTextSanitizer()`.

export {
  loadRichTextSanitizer,
  type RichHtmlOptions,
  richHtmlKey,
  useRichHtml,
} from './rich-text/hydrate';
export { sanitizeRichText } from './rich-text/purify';
export { prepareServerRichText, type RichTextAllowList } from './rich-text/server';
