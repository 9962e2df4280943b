import type { RemoteName, RuntimeConfig } from '@courseport/shared-ui';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

let entries: RuntimeConfig['remotes'] = {};
let fallbacks: NonNullable<RuntimeConfig['fallbacks']> = {};

/**
 * Registers every portal's remoteEntry.js URL from the runtime config (no build-time remotes), and
 * where a portal on a canary falls back to (its live version) if it fails to load.
 */
export function registerPortals(
  remotes: RuntimeConfig['remotes'],
  force = false,
  portalFallbacks: RuntimeConfig['fallbacks'] = {},
): void {
  entries = { ...entries, ...remotes };
  fallbacks = { ...fallbacks, ...portalFallbacks };
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    { force },
  );
}

const loaded = new Map<string, ComponentType>();

/**
 * Loads an exposed page component, e.g. `loadPage('storefront', 'HomePage')`. A portal on a canary
 * that fails to load is registered at its live version instead, and loaded from there, before the
 * failure reaches the page's Retry screen (#22).
 */
export async function loadPage(remote: RemoteName, module: string): Promise<{ default: ComponentType }> {
  const tried = entries[remote];
  try {
    return await loadFrom(remote, module);
  } catch (error) {
    const fallback = fallbacks[remote];
    // Another page of this portal has already switched it: load from there.
    if (entries[remote] !== tried) return loadFrom(remote, module);
    if (!fallback || fallback === tried) throw error;
    console.warn(`The ${remote} portal at ${tried} failed to load; using its live version at ${fallback}.`, error);
    entries[remote] = fallback;
    registerRemotes([{ name: remote, entry: fallback }], { force: true });
    return loadFrom(remote, module);
  }
}

async function loadFrom(remote: RemoteName, module: string): Promise<{ default: ComponentType }> {
  const exports = await loadRemote<{ default: ComponentType }>(`${remote}/${module}`);
  if (!exports?.default) throw new Error(`${remote}/${module} did not export a component`);
  loaded.set(`${remote}/${module}`, exports.default);
  return exports;
}

/** A page that has already loaded (so it can render at once, without a loading state). */
export function loadedPage(remote: RemoteName, module: string): ComponentType | undefined {
  return loaded.get(`${remote}/${module}`);
}

/**
 * Whether the page was served with preload hints for this remote's files. When the remote failed,
 * those hints failed with it, and the browser answers later requests for the same files from them
 * for the life of the document: only a reload fetches the remote again.
 */
export function hasPreloadHints(remote: RemoteName): boolean {
  const entry = entries[remote];
  if (!entry) return false;
  const base = new URL('.', entry).href;
  return [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].some((link) =>
    link.href.startsWith(base),
  );
}

/** Forgets a failed remote so the next load fetches its entry again. */
export function resetRemote(remote: RemoteName): void {
  for (const key of loaded.keys()) if (key.startsWith(`${remote}/`)) loaded.delete(key);
  const entry = entries[remote];
  if (entry) registerRemotes([{ name: remote, entry }], { force: true });
}
