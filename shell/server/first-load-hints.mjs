// Resource hints for a page of the shell, so the browser fetches everything the first screen needs
// in one wave, while it is still downloading the shell's own scripts: connections to the API and
// to the route's portal, the portal's entry and the route page's chunks (from the manifest the
// portal publishes, see portal-manifests.mjs), and the public API calls the page starts with.

const escapeAttribute = (/** @type {string} */ value) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const link = (/** @type {Record<string, string | true>} */ attributes) =>
  `<link ${Object.entries(attributes)
    .map(([name, value]) => (value === true ? name : `${name}="${escapeAttribute(value)}"`))
    .join(' ')}>`;

/**
 * @param {object} options
 * @param {{ route: { remote: string, module: string }, prefetch: string | null } | null} options.match
 *   the route the page renders (null: no hints but the API connection)
 * @param {string} options.apiBaseUrl as in the runtime config: '' when the API is on the page's origin
 * @param {string} [options.remoteEntry] the route's portal entry (its URL in the runtime config)
 * @param {import('./portal-manifests.mjs').PortalManifest | null} [options.manifest] what that portal publishes
 * @param {boolean} [options.serverRendered] the page comes rendered, with its data: its styles are
 *   needed for the first paint (stylesheets, not preloads), and its API calls are not made
 * @returns {string} markup for the document's head
 */
export function firstLoadHints({ match, apiBaseUrl, remoteEntry, manifest, serverRendered = false }) {
  // An API on another origin: open its connections early, for calls without credentials
  // (anonymous connection) and with them (session refresh). On the page's origin there is one already.
  const hints = apiBaseUrl
    ? [link({ rel: 'preconnect', href: apiBaseUrl, crossorigin: true }), link({ rel: 'preconnect', href: apiBaseUrl })]
    : [];
  if (!match) return hints.join('');
  if (remoteEntry) {
    const file = (/** @type {string} */ name) => new URL(name, remoteEntry).href;
    hints.push(link({ rel: 'preconnect', href: new URL(remoteEntry).origin }));
    hints.push(link({ rel: 'preload', as: 'script', href: remoteEntry }));
    const expose = manifest?.exposes?.find((e) => e.name === match.route.module);
    for (const name of expose?.assets?.css?.sync ?? [])
      hints.push(
        link(
          serverRendered ? { rel: 'stylesheet', href: file(name) } : { rel: 'preload', as: 'style', href: file(name) },
        ),
      );
    for (const name of expose?.assets?.js?.sync ?? [])
      hints.push(link({ rel: 'preload', as: 'script', href: file(name) }));
  }
  // These match the shell's early fetches (same URL, credentials 'same-origin'), which then take
  // their responses: `crossorigin="anonymous"` is that credentials mode, on either origin (the
  // attribute's absence would mean 'include', a different request the fetch could not reuse).
  if (serverRendered) return hints.join('');
  if (match.prefetch) {
    hints.push(link({ rel: 'preload', as: 'fetch', href: apiBaseUrl + match.prefetch, crossorigin: 'anonymous' }));
  }
  hints.push(link({ rel: 'preload', as: 'fetch', href: `${apiBaseUrl}/api/config`, crossorigin: 'anonymous' }));
  return hints.join('');
}

/**
 * A preload for the route's largest image (a course page's thumbnail, its LCP element), named by
 * the route's first public API answer (fetched while the page is served, see api-answers.mjs): the
 * image starts with the shell's scripts instead of after them. Without an answer in time, or for a
 * course that does not exist, the page goes out without the hint.
 * @param {object} options
 * @param {{ route: { largestImage?: (body: unknown) => unknown } } | null} options.match
 *   (`largestImage` gives the hint's attributes: `href`, and with renditions `imagesrcset`, `imagesizes`
 *   and `type`, the candidates the page's `<picture>` chooses from)
 * @param {import('./api-answers.mjs').ApiAnswer | null} [options.answer] that answer
 * @returns {string} markup for the document's head, or ''
 */
export function largestImageHint({ match, answer }) {
  if (!match?.route.largestImage || answer?.status !== 200) return '';
  const image = /** @type {import('@courseport/contracts').ThumbnailPreload | null} */ (
    match.route.largestImage(answer.body)
  );
  if (typeof image?.href !== 'string' || !/^https?:\/\//.test(image.href)) return '';
  return link({ rel: 'preload', as: 'image', ...image, fetchpriority: 'high' });
}
