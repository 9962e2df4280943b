/**
 * The description on a server-rendered course page: sanitized there (the allow-list the API uses,
 * `@courseport/contracts/sanitize-description`, in the storefront's server build only), and taken
 * over as it is by the browser's first render (hydration), until DOMPurify has sanitized it again.
 */

let serverSanitize: ((html: string) => string) | null = null;

/** On the server, before the page renders (the page's `loadPageData`): loads the sanitizer. */
export async function prepareServerDescription(): Promise<void> {
  if (process.env.COURSEPORT_SERVER_BUILD === 'true') {
    serverSanitize = (await import('@courseport/contracts/sanitize-description')).sanitizeDescription;
  }
}

/** The id of the element that holds the sanitized description. */
export const DESCRIPTION_BODY_ID = 'sf-description-body';

/** What the browser's first read found: the description it was asked for and the server's markup of it. */
let serverMarkup: { html: string; markup: string | null } | null = null;

/**
 * The description's first HTML: sanitized here on the server; in the browser, what the server
 * rendered for the hydrating page (read once per document), else null (DOMPurify loads first).
 * React may render the hydrating page more than once before it commits (a render it restarts
 * after an update, e.g. the session arriving mid-hydration), so the same description gets the same
 * answer every time: a second answer of null would no longer match the server's markup.
 */
export function firstDescriptionHtml(html: string): string | null {
  if (serverSanitize) return serverSanitize(html);
  if (typeof document === 'undefined') return null;
  if (serverMarkup === null) {
    serverMarkup = { html, markup: document.getElementById(DESCRIPTION_BODY_ID)?.innerHTML ?? null };
  }
  return serverMarkup.html === html ? serverMarkup.markup : null;
}
