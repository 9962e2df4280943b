// Resource hints for a page of the shell, so the browser fetches everything the first screen needs
// in one wave, while it is still downloading the shell's own scripts: connections to the API and
// to the route's portal, the portal's entry and the route page's chunks (from the portal's
// federation stats), and the public API calls the page starts with.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const statsCache = new Map();

/** The portal's `mf-stats.json`, re-read when its build changes; null when there is none. */
function federationStats(distDir) {
  const file = path.join(distDir, 'mf-stats.json');
  try {
    const { mtimeMs } = statSync(file);
    const cached = statsCache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.stats;
    const stats = JSON.parse(readFileSync(file, 'utf8'));
    statsCache.set(file, { mtimeMs, stats });
    return stats;
  } catch {
    return null;
  }
}

const escapeAttribute = (value) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const link = (attributes) =>
  `<link ${Object.entries(attributes)
    .map(([name, value]) => (value === true ? name : `${name}="${escapeAttribute(value)}"`))
    .join(' ')}>`;

/**
 * @param {object} options
 * @param {{ route: { remote: string, module: string }, prefetch: string | null } | null} options.match
 *   the route the page renders (null: no hints but the API connection)
 * @param {string} options.apiBaseUrl as in the runtime config: '' when the API is on the page's origin
 * @param {Record<string, string>} options.portalUrls base URL of each portal
 * @param {(remote: string) => string} options.portalDist the portal's built folder
 * @returns {string} markup for the document's head
 */
export function firstLoadHints({ match, apiBaseUrl, portalUrls, portalDist }) {
  // An API on another origin: open its connections early, for calls without credentials
  // (anonymous connection) and with them (session refresh). On the page's origin there is one already.
  const hints = apiBaseUrl
    ? [link({ rel: 'preconnect', href: apiBaseUrl, crossorigin: true }), link({ rel: 'preconnect', href: apiBaseUrl })]
    : [];
  if (!match) return hints.join('');
  const base = portalUrls[match.route.remote];
  if (base) {
    hints.push(link({ rel: 'preconnect', href: base }));
    hints.push(link({ rel: 'preload', as: 'script', href: `${base}/remoteEntry.js` }));
    const expose = federationStats(portalDist(match.route.remote))?.exposes?.find((e) => e.name === match.route.module);
    for (const file of expose?.assets?.css?.sync ?? [])
      hints.push(link({ rel: 'preload', as: 'style', href: `${base}/${file}` }));
    for (const file of expose?.assets?.js?.sync ?? [])
      hints.push(link({ rel: 'preload', as: 'script', href: `${base}/${file}` }));
  }
  // These match the shell's early fetches (same URL, credentials 'same-origin'), which then take
  // their responses: `crossorigin="anonymous"` is that credentials mode, on either origin (the
  // attribute's absence would mean 'include', a different request the fetch could not reuse).
  if (match.prefetch) {
    hints.push(link({ rel: 'preload', as: 'fetch', href: apiBaseUrl + match.prefetch, crossorigin: 'anonymous' }));
  }
  hints.push(link({ rel: 'preload', as: 'fetch', href: `${apiBaseUrl}/api/config`, crossorigin: 'anonymous' }));
  return hints.join('');
}

/** How long the page waits for the API to name its largest image before it goes without the hint. */
const IMAGE_HINT_TIMEOUT_MS = 150;

/**
 * A preload for the route's largest image (a course page's thumbnail, its LCP element), named by
 * the route's first public API answer: asked for here, while the page is served, the image starts
 * with the shell's scripts instead of after them. The API answers these from memory; if it is slow
 * or the course does not exist, the page goes out without the hint.
 * @param {object} options
 * @param {{ route: { largestImage?: (body: unknown) => unknown }, prefetch: string | null } | null} options.match
 * @param {string} options.apiBaseUrl where this server reaches the API (an absolute URL)
 * @returns {Promise<string>} markup for the document's head, or ''
 */
export async function largestImageHint({ match, apiBaseUrl }) {
  if (!match?.prefetch || !match.route.largestImage) return '';
  try {
    const res = await fetch(apiBaseUrl + match.prefetch, { signal: AbortSignal.timeout(IMAGE_HINT_TIMEOUT_MS) });
    if (!res.ok) return '';
    const url = match.route.largestImage(await res.json());
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return '';
    return link({ rel: 'preload', as: 'image', href: url, fetchpriority: 'high' });
  } catch {
    return '';
  }
}
