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

let serverMarkupTaken = false;

/**
 * The description's first HTML: sanitized here on the server; in the browser, what the server
 * rendered (once per document: the hydrating page's), else null (DOMPurify loads first).
 */
export function firstDescriptionHtml(html: string): string | null {
  if (serverSanitize) return serverSanitize(html);
  if (typeof document === 'undefined' || serverMarkupTaken) return null;
  serverMarkupTaken = true;
  return document.getElementById(DESCRIPTION_BODY_ID)?.innerHTML ?? null;
}
