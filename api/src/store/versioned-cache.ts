/**
 * Values derived from a collection, kept in memory until a write to it (`Store.writeVersion`):
 * a request never gets a value built before a write that finished before the request began.
 * Builds are shared (one at a time per key); past `maxEntries`, the least recently used entries
 * are dropped. `maxAgeMs` bounds how long a value may miss writes made by other processes whose
 * announcement was lost (see SharedWriteVersions): older values are still served once while a
 * fresh one is built in the background, unless `serveExpired` is false, when they are rebuilt
 * before they are served.
 */
export interface VersionedCache<K, V> {
  get(key: K, build: () => Promise<V>): Promise<V>;
}

interface Entry<V> {
  version: number;
  builtAt: number;
  value: V;
}

export function versionedCache<K, V>(options: {
  version: () => number;
  maxAgeMs: number;
  maxEntries: number;
  serveExpired?: boolean;
  now?: () => number;
}): VersionedCache<K, V> {
  const { version, maxAgeMs, maxEntries, serveExpired = true, now = Date.now } = options;
  // Asking once now makes a shared store announce this collection's writes to other processes
  // from the start (see SharedWriteVersions), not only after this cache's first read.
  version();
  const entries = new Map<K, Entry<V>>();
  const building = new Map<K, Promise<Entry<V>>>();

  function refresh(key: K, build: () => Promise<V>): Promise<Entry<V>> {
    const running = building.get(key);
    if (running) return running;
    const started = { version: version(), builtAt: now() };
    const promise = build()
      .then((value) => {
        const entry = { ...started, value };
        const current = entries.get(key);
        if (!current || current.version <= entry.version) {
          entries.delete(key);
          entries.set(key, entry);
          // Least recently used first in the Map: drop from the front.
          for (const old of entries.keys()) {
            if (entries.size <= maxEntries) break;
            entries.delete(old);
          }
        }
        return entry;
      })
      .finally(() => building.delete(key));
    building.set(key, promise);
    return promise;
  }

  return {
    async get(key, build) {
      const wanted = version();
      const entry = entries.get(key);
      const expired = entry !== undefined && now() - entry.builtAt > maxAgeMs;
      if (entry && entry.version >= wanted && (serveExpired || !expired)) {
        // Least recently used first: a hit moves the entry to the back of the Map.
        entries.delete(key);
        entries.set(key, entry);
        if (expired) refresh(key, build).catch(() => {});
        return entry.value;
      }
      // A build that started before `wanted` may miss a write: wait for one that started after.
      for (;;) {
        const built = await refresh(key, build);
        if (built.version >= wanted) return built.value;
      }
    },
  };
}

/** How long a cached value may miss writes made by another API process sharing the database. */
export const SHARED_STORE_MAX_AGE_MS = 5_000;
