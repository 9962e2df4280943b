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
 * @param {string} options.apiBaseUrl
 * @param {Record<string, string>} options.portalUrls base URL of each portal
 * @param {(remote: string) => string} options.portalDist the portal's built folder
 * @returns {string} markup for the document's head
 */
export function firstLoadHints({ match, apiBaseUrl, portalUrls, portalDist }) {
  // The API is called without credentials (anonymous connection) and with them (session refresh).
  const hints = [
    link({ rel: 'preconnect', href: apiBaseUrl, crossorigin: true }),
    link({ rel: 'preconnect', href: apiBaseUrl }),
  ];
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
  if (match.prefetch) {
    // Matches the shell's early fetch (same URL, no credentials), which then takes this response.
    hints.push(link({ rel: 'preload', as: 'fetch', href: apiBaseUrl + match.prefetch, crossorigin: 'anonymous' }));
  }
  hints.push(link({ rel: 'preload', as: 'fetch', href: `${apiBaseUrl}/api/config`, crossorigin: 'anonymous' }));
  return hints.join('');
}
