/**
 * What starts before the app's own code has loaded (this runs in the entry chunk, beside the
 * Module Federation runtime): the runtime config is read from the page, the portal the URL needs
 * starts loading, and so do the API's public config and the page's first API call. Nothing here
 * may import a shared module: they are only negotiated after the async boundary.
 */
import type { PublicConfig, RuntimeConfig } from '@courseport/shared-ui';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../runtime-config.mjs';
import { loadPage, registerPortals } from '../remotes/registry';
import { matchRoute } from '../routes';

function inlineRuntimeConfig(): RuntimeConfig | null {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as RuntimeConfig) : null;
  } catch {
    return null;
  }
}

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'omit' });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The runtime config: inlined by the production server; the dev server serves it as JSON. */
export const runtimeConfig: Promise<RuntimeConfig | null> = Promise.resolve(
  inlineRuntimeConfig() ?? fetchJson<RuntimeConfig>('/runtime-config.json').catch(() => null),
);

const match = matchRoute(location.pathname);

/** The API's public settings (auth and payment modes, currency). */
export const publicConfig: Promise<PublicConfig> = runtimeConfig.then((runtime) => {
  if (!runtime) throw new Error('No runtime config');
  return fetchJson<PublicConfig>(`${runtime.apiBaseUrl}/api/config`);
});
publicConfig.catch(() => {});

/** The route's first public API call, if it has one: `[path, response]`. */
export const prefetch: Promise<[string, Promise<Response>] | null> = runtimeConfig.then((runtime) => {
  const path = match?.route.prefetch?.(match.params);
  if (!runtime || !path) return null;
  return [path, fetch(runtime.apiBaseUrl + path, { headers: { Accept: 'application/json' }, credentials: 'omit' })];
});

void runtimeConfig.then((runtime) => {
  if (!runtime) return;
  registerPortals(runtime.remotes);
  // Start loading the page's portal now; the router asks for the same module when it renders.
  if (match) loadPage(match.route.remote, match.route.module).catch(() => {});
});
