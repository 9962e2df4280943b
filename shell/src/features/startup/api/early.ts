/**
 * What starts before the app renders: the runtime config is read from the page, the portal the
 * URL needs starts loading, and so do the API's public config and the page's first API call. The
 * production server also names these in the page's head (preload hints, see
 * `scripts/lib/first-load-hints.mjs`), so the browser has usually fetched them already; the
 * requests here must match those hints (same URL, no credentials) to be answered from them.
 */
import {
  type DehydratedState,
  fetchRuntimeConfig,
  type Identity,
  type PageDataLoader,
  type PublicConfig,
  providePrefetched,
  queryClient,
  type RuntimeConfig,
  sessionStore,
  setRuntimeConfig,
  type UserProfile,
} from '@courseport/shared-ui';
import { matchRoute } from '../../../../routes.mjs';
import { RUNTIME_CONFIG_ELEMENT_ID, SERVER_STATE_ELEMENT_ID } from '../../../../runtime-config.mjs';
import { profileQuery } from '../../../api/profile';
import { localSession } from '../../../api/session-client';
import { setSignedIn } from '../../../api/session-state';
import { loadPage, registerPortals } from '../../../lib/registry';
import { SIGNED_IN_SHELL_PAGES } from '../../../pages/shell-pages';

function inlineJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent;
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

const inlineRuntimeConfig = () => inlineJson<RuntimeConfig>(RUNTIME_CONFIG_ELEMENT_ID);

/**
 * What the server rendered the page with (the shell's server, for the storefront's pages): the
 * public config and the query cache. The app hydrates the markup with them, fetching neither again.
 */
export const serverState = inlineJson<{
  publicConfig: PublicConfig;
  queries: DehydratedState;
  /** the signed-in user the server rendered a signed-in page for (#34) */
  session?: { identity: Identity; user: UserProfile };
}>(SERVER_STATE_ELEMENT_ID);

/**
 * The request `<link rel="preload" as="fetch" crossorigin="anonymous">` makes: credentials
 * 'same-origin' (the API is on the page's origin by default; on another one, no cookies).
 */
const ANONYMOUS: RequestInit = { headers: { Accept: 'application/json' }, credentials: 'same-origin' };

async function fetchJson<T>(url: string): Promise<T> {
  const res = await fetch(url, ANONYMOUS);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The runtime config: inlined by the production server; the dev server serves it as JSON. */
const runtimeConfig: Promise<RuntimeConfig> = Promise.resolve(inlineRuntimeConfig() ?? fetchRuntimeConfig()).then(
  (runtime) => {
    setRuntimeConfig(runtime);
    registerPortals(runtime.remotes, false, runtime.fallbacks);
    return runtime;
  },
);

const match = matchRoute(location.pathname, location.search);
/** The shell's own signed-in page at this URL (the mail settings), if it is one. */
const shellPage = match ? undefined : SIGNED_IN_SHELL_PAGES[location.pathname.replace(/(.)\/+$/, '$1')];

/** The API's public settings (auth and payment modes, currency). */
export const publicConfig: Promise<PublicConfig> = serverState
  ? Promise.resolve(serverState.publicConfig)
  : runtimeConfig.then((runtime) => fetchJson<PublicConfig>(`${runtime.apiBaseUrl}/api/config`));
publicConfig.catch(() => {});

/** The route's page module, loading from the start (null: no route, or it failed to load). */
const pageModule = runtimeConfig.then(async () => {
  // The router asks for the same module when it renders, and gets it at once if it has loaded.
  if (match)
    return (await loadPage(match.route.remote, match.route.module).catch(() => null)) as {
      loadPageData?: PageDataLoader;
    } | null;
  // A shell page rendered on the server is taken over once its module is here (the router's lazy one).
  return shellPage ? await shellPage().catch(() => null) : null;
});

/** The route's page, loading from the start; settles (never rejects) when it has loaded or failed. */
export const firstPage: Promise<void> = pageModule.then(() => {});

/**
 * Local accounts: the session is restored now, not once React has rendered, and on a signed-in
 * page the profile and the page's data are asked for as soon as it is back (#34: one wave, where
 * it was the session, then the profile, then the data). A page the server rendered brought them.
 */
void publicConfig
  .then(async (config) => {
    if (config.authMode !== 'local') return;
    sessionStore.setState({ getToken: () => localSession.getToken() });
    const identity = await localSession.start();
    if (!identity) return;
    // Before anything is cached for this user: a new identity in the store clears the user's queries.
    setSignedIn(identity);
    if (serverState?.session || !(match?.route.signedIn || shellPage)) return;
    const [page] = await Promise.all([pageModule, queryClient.prefetchQuery(profileQuery())]);
    if (!queryClient.getQueryData<UserProfile>(profileQuery().queryKey)) return;
    await page?.loadPageData?.(queryClient, match?.params ?? {}, new URLSearchParams(location.search));
  })
  .catch(() => {});

// The route's first public API call; the page's own `api.get` of the same path takes its answer.
void runtimeConfig
  .then(async (runtime) => {
    const path = match?.prefetch;
    // A server-rendered page brought its data (and its image's hint).
    if (!path || serverState) return;
    const response = fetch(runtime.apiBaseUrl + path, ANONYMOUS);
    providePrefetched(path, response);
    // The page's largest image (a course's thumbnail) is named by that answer: fetch it now, not
    // when the page has rendered.
    const image = match?.route.largestImage;
    if (!image) return;
    // The same hint as the server's (first-load-hints.mjs): with renditions, the candidates and
    // sizes the page's <picture> chooses from, so the one it draws is the one fetched here.
    const attributes = image(await (await response).clone().json());
    if (typeof attributes?.href !== 'string' || !/^https?:\/\//.test(attributes.href)) return;
    const hint = document.createElement('link');
    for (const [name, value] of Object.entries({ rel: 'preload', as: 'image', ...attributes, fetchpriority: 'high' })) {
      if (typeof value === 'string') hint.setAttribute(name, value);
    }
    document.head.append(hint);
  })
  .catch(() => {});
