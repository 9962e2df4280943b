/**
 * What starts before the app renders: the runtime config is read from the page, the portal the
 * URL needs starts loading, and so do the API's public config and the page's first API call. The
 * production server also names these in the page's head (preload hints, see
 * `scripts/lib/first-load-hints.mjs`), so the browser has usually fetched them already; the
 * requests here must match those hints (same URL, no credentials) to be answered from them.
 */
import type { PublicConfig, RuntimeConfig } from '@courseport/shared-ui';
import { matchRoute } from '../../routes.mjs';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../runtime-config.mjs';
import { loadPage, registerPortals } from '../remotes/registry';

function inlineRuntimeConfig(): RuntimeConfig | null {
  const text = document.getElementById(RUNTIME_CONFIG_ELEMENT_ID)?.textContent;
  try {
    return text ? (JSON.parse(text) as RuntimeConfig) : null;
  } catch {
    return null;
  }
}

/** A cross-origin request without cookies, as `<link rel="preload" as="fetch" crossorigin>` makes. */
const ANONYMOUS: RequestInit = { headers: { Accept: 'application/json' }, credentials: 'same-origin' };

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url, ANONYMOUS);
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
  const path = match?.prefetch;
  if (!runtime || !path) return null;
  return [path, fetch(runtime.apiBaseUrl + path, ANONYMOUS)];
});

/** The route's page, loading from the start; settles (never rejects) when it has loaded or failed. */
export const firstPage: Promise<void> = runtimeConfig.then(async (runtime) => {
  if (!runtime) return;
  registerPortals(runtime.remotes);
  // The router asks for the same module when it renders, and gets it at once if it has loaded.
  if (match) await loadPage(match.route.remote, match.route.module).catch(() => {});
});

// The page's largest image (a course's thumbnail) is named by its first API call: fetch it now,
// not when the page has rendered.
void prefetch
  .then(async (started) => {
    const image = match?.route.largestImage;
    if (!started || !image) return;
    const res = await started[1];
    const url = image(await res.clone().json());
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return;
    const hint = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: url });
    hint.setAttribute('fetchpriority', 'high');
    document.head.append(hint);
  })
  .catch(() => {});
