// Which copy of each shared module a page actually uses, from the Module Federation runtime's
// global: `__FEDERATION__.__SHARE__` maps each federated app ("shell:1.0.0", "storefront:1.0.0"…)
// to its share scopes ("default"), each scope to the shared packages, each package to its
// registered versions: `{ from: <providing app>, loaded: true, useIn: [apps], shareConfig… }`.
// Several apps' scopes point at the same registration, so a singleton is healthy when, across all
// of them, exactly one (provider, version) pair is loaded.

/** @typedef {import('playwright-core').Page} Page */

/**
 * @typedef {object} SharedModule
 * @property {string} name package (or subpath: "react/jsx-runtime", "react-dom/client")
 * @property {string[]} providers loaded copies, as "app@version"
 * @property {string[]} registered every registered copy, loaded or not
 * @property {string[]} usedIn apps that consume the loaded copy
 * @property {boolean} singleton declared singleton
 */

/**
 * The shared modules known to the page's federation runtime, with their loaded providers.
 * @param {Page} page
 * @returns {Promise<{ instances: string[], shared: SharedModule[] } | null>} null without a runtime
 */
export async function sharedModules(page) {
  return page.evaluate(() => {
    const federation = /** @type {any} */ (globalThis).__FEDERATION__;
    if (!federation?.__SHARE__) return null;
    /** @type {Map<string, { providers: Set<string>, registered: Set<string>, usedIn: Set<string>, singleton: boolean }>} */
    const byName = new Map();
    for (const scopes of Object.values(federation.__SHARE__))
      for (const packages of Object.values(/** @type {Record<string, any>} */ (scopes)))
        for (const [name, versions] of Object.entries(/** @type {Record<string, any>} */ (packages))) {
          const item = byName.get(name) ?? {
            providers: new Set(),
            registered: new Set(),
            usedIn: new Set(),
            singleton: false,
          };
          byName.set(name, item);
          for (const [version, entry] of Object.entries(/** @type {Record<string, any>} */ (versions))) {
            const id = `${entry.from}@${version}`;
            item.registered.add(id);
            if (entry.shareConfig?.singleton) item.singleton = true;
            if (entry.loaded) {
              item.providers.add(id);
              for (const app of entry.useIn ?? []) item.usedIn.add(app);
            }
          }
        }
    return {
      instances: (federation.__INSTANCES__ ?? []).map((/** @type {any} */ i) => i.name),
      shared: [...byName]
        .map(([name, item]) => ({
          name,
          providers: [...item.providers].sort(),
          registered: [...item.registered].sort(),
          usedIn: [...item.usedIn].sort(),
          singleton: item.singleton,
        }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  });
}

/**
 * Problems with the singletons of one load: a shared module loaded from more than one provider,
 * an expected one not loaded at all, a script URL fetched twice.
 * @param {{ shared: SharedModule[] } | null} federation
 * @param {string[]} duplicateScriptUrls
 * @param {string[]} expected packages that every page must load exactly once
 */
export function singletonProblems(federation, duplicateScriptUrls, expected) {
  const problems = duplicateScriptUrls.map((url) => `script fetched twice: ${url}`);
  if (!federation) return [...problems, 'no Module Federation runtime (window.__FEDERATION__) in the page'];
  for (const item of federation.shared) {
    if (item.providers.length > 1) problems.push(`${item.name} loaded from ${item.providers.join(' and ')}`);
  }
  for (const name of expected) {
    const item = federation.shared.find((s) => s.name === name);
    if (!item?.providers.length) problems.push(`${name} not loaded`);
  }
  return problems;
}
