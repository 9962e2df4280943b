// What each portal publishes beside its remoteEntry.js: `mf-manifest.json`, the files each exposed
// module needs. Read over HTTP from wherever the portal is deployed (its URL in the runtime config),
// never from a local build, so a portal released at a new URL brings its own hints. Cached, and
// refreshed in the background once stale: a page never waits for a fresh copy, and waits for a
// first one only briefly.
import { LRUCache } from 'lru-cache';

const FETCH_TIMEOUT_MS = 5_000;

/**
 * @typedef {{ exposes?: Array<{ name: string, assets?: { js?: { sync?: string[] }, css?: { sync?: string[] } } }> }} PortalManifest
 */

/**
 * @param {object} [options]
 * @param {number} [options.ttlMs] how long a copy is fresh
 * @param {number} [options.firstWaitMs] how long a page waits for a portal's first copy before it
 *   goes without its hints (the copy still arrives for the next page)
 */
export function createPortalManifests({ ttlMs = 30_000, firstWaitMs = 300 } = {}) {
  /** @type {LRUCache<string, { manifest: PortalManifest, etag: string | null }>} */
  const cache = new LRUCache({
    max: 64,
    ttl: ttlMs,
    allowStale: true,
    noDeleteOnFetchRejection: true,
    allowStaleOnFetchRejection: true,
    fetchMethod: async (url, stale, { signal }) => {
      const res = await fetch(url, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]),
        headers: stale?.etag ? { 'If-None-Match': stale.etag } : {},
      });
      if (res.status === 304 && stale) return stale;
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      return { manifest: await res.json(), etag: res.headers.get('etag') };
    },
  });

  return {
    /**
     * The manifest published beside a portal's entry, or null when there is none yet.
     * @param {string} remoteEntryUrl e.g. `https://cdn.example/storefront/v2/remoteEntry.js`
     * @returns {Promise<PortalManifest | null>}
     */
    async get(remoteEntryUrl) {
      const url = new URL('mf-manifest.json', remoteEntryUrl).href;
      const pending = cache.fetch(url).catch(() => undefined);
      let timer;
      const giveUp = new Promise((resolve) => {
        timer = setTimeout(resolve, firstWaitMs);
      });
      const entry = await Promise.race([pending, giveUp]);
      clearTimeout(timer);
      return entry?.manifest ?? null;
    },
  };
}
