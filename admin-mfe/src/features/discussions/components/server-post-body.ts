/**
 * A question's or answer's HTML on the server-rendered Q&A tab (#34): sanitized there (the
 * allow-list the API uses, `@courseport/contracts/sanitize-description`'s `sanitizeDiscussion`, in
 * the admin portal's server build only), and taken over as it is by the browser's first render
 * (hydration), until DOMPurify has sanitized it again (as the storefront's course description).
 */

let serverSanitize: ((html: string) => string) | null = null;

/** On the server, before the tab renders (the dashboard's `loadPageData`): loads the sanitizer. */
export async function prepareServerPostBodies(): Promise<void> {
  if (process.env.COURSEPORT_SERVER_BUILD === 'true') {
    serverSanitize = (await import('@courseport/contracts/sanitize-description')).sanitizeDiscussion;
  }
}

/** The id of the element that holds a post's sanitized HTML. */
export const postBodyId = (postId: string) => `cp-admin-post-body-${postId}`;

/** What the browser's first read found for each post: the HTML it was asked for and the server's markup of it. */
const serverMarkup = new Map<string, { html: string; markup: string | null }>();

/**
 * A post's first HTML: sanitized here on the server; in the browser, what the server rendered for
 * it (read once per post and document), else null (DOMPurify sanitizes it). React may render the
 * hydrating page more than once before it commits, so the same post gets the same answer every time.
 */
export function firstPostBodyHtml(postId: string, html: string): string | null {
  if (serverSanitize) return serverSanitize(html);
  if (typeof document === 'undefined') return null;
  let read = serverMarkup.get(postId);
  if (!read) {
    read = { html, markup: document.getElementById(postBodyId(postId))?.innerHTML ?? null };
    serverMarkup.set(postId, read);
  }
  return read.html === html ? read.markup : null;
}
