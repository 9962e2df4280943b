/**
 * The shell's server render, built for Node (`dist/server/render.js`, see rsbuild.config.ts) and
 * called by the shell's server (server/server-render.mjs). A Module Federation host like the
 * browser's shell: the portal's page is loaded through the federation runtime (with its Node
 * plugin, which fetches and runs a remote's chunks over HTTP) from the portal's server build, by
 * URL (`<portal>/server/remoteEntry.js`), so a portal's release needs no build of the shell. This
 * module provides the singletons the page shares: React, and shared-ui with the router and the
 * query cache.
 *
 * A public page is rendered for nobody in particular: its session store starts 'loading' on both
 * sides, and the browser shows the user's state once it has hydrated. A signed-in page (#34) is
 * rendered for the user whose session the shell's server renewed: with a session store of its own
 * (never the process's, which concurrent renders share), the user's profile, and the page's data
 * fetched with their token; the browser starts from the same identity and profile.
 */

import { AsyncLocalStorage } from 'node:async_hooks';
import { Readable } from 'node:stream';
import * as SharedUi from '@courseport/shared-ui';
import {
  createQueryClient,
  createSessionStore,
  type DehydratedState,
  dehydrate,
  type Identity,
  type PageDataLoader,
  type PublicConfig,
  queryKeys,
  RenderedTitleContext,
  SessionStoreProvider,
  sessionStore,
  setRuntimeConfig,
  signedInWithProfile,
  type UserProfile,
} from '@courseport/shared-ui';
import { AntdStyleCollector, antdStyleTags, createAntdStyleCache } from '@courseport/shared-ui/antd-server';
import { init } from '@module-federation/enhanced/runtime';
import nodeRuntimePlugin from '@module-federation/node/runtimePlugin';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import { prerenderToNodeStream } from 'react-dom/static';
import * as Zustand from 'zustand';
import { matchRoute, signedInShellPage } from '../../routes.mjs';
import { App } from '../App';
import { profileQuery } from '../api/profile';
import { loadPage, registerPortals } from '../lib/registry';
import { SIGNED_IN_SHELL_PAGES } from '../pages/shell-pages';

export interface ServerRenderOptions {
  /** the requested path and query (`/course-list/react?x=1`) */
  url: string;
  /** the API's public config, as the browser will read it */
  publicConfig: PublicConfig;
  /** where this server reaches the API (`http://127.0.0.1:4000`) */
  apiTarget: string;
  /** each portal's server entry (`…/server/remoteEntry.js`), by portal name */
  serverRemotes: Record<string, string>;
  /** aborted when the page is past its deadline */
  signal: AbortSignal;
  /** a signed-in page's user: who it is, and a session token to fetch their data with */
  user?: { token: string; identity: Identity } | null;
}

export interface ServerRenderResult {
  /** the app's markup for the root element, ready to stream */
  stream: NodeJS.ReadableStream;
  /** the query cache the page rendered with, for the browser's `hydrate` */
  state: DehydratedState;
  /** antd's CSS the page used, as `<style>` elements for the document's head */
  styles: string;
  /** the signed-in user it was rendered for, whom the browser starts with */
  session?: { identity: Identity; user: UserProfile };
  /** the title the page named while it rendered (`usePageTitle`), if it named one */
  title?: string;
}

const singleton = (version: string, lib: unknown) => ({
  version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion: false as const },
});

// The federation runtime of this process, providing the shell's singletons to the portals.
init({
  name: 'shell',
  remotes: [],
  shared: {
    react: singleton(React.version, React),
    'react/jsx-runtime': singleton(React.version, JsxRuntime),
    'react-dom': singleton(ReactDom.version, ReactDom),
    zustand: singleton('5.1.0', Zustand),
    '@courseport/shared-ui': singleton(process.env.SHARED_UI_VERSION ?? '0.0.0', SharedUi),
  },
  plugins: [nodeRuntimePlugin()],
});

/**
 * The session token of the render in progress: every API call a render makes asks the session store
 * for a token, and gets the one of the request it is made for (a visitor's: none).
 */
const requestToken = new AsyncLocalStorage<string>();
sessionStore.setState({ getToken: async () => requestToken.getStore() ?? null });

let registered = '';

/** Once per set of entries (a release changes them): registers the portals' server builds. */
function registerServerPortals(serverRemotes: Record<string, string>) {
  const key = JSON.stringify(serverRemotes);
  if (key === registered) return;
  registerPortals(serverRemotes, registered !== '');
  registered = key;
}

const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });

/**
 * Renders the app at `url`, with the route's page and its data, or rejects (no such route, the
 * portal's server build missing or throwing, its data not there, the deadline passed): the shell's
 * server then sends the client-rendered page.
 */
export async function renderApp({
  url,
  publicConfig,
  apiTarget,
  serverRemotes,
  signal,
  user = null,
}: ServerRenderOptions): Promise<ServerRenderResult> {
  const { pathname, searchParams } = new URL(url, 'http://x');
  const match = matchRoute(pathname);
  // The shell's own signed-in page (the mail settings, #34): its module is the shell's.
  const shellPage = match ? null : signedInShellPage(pathname);
  const loadShellPage = shellPage ? SIGNED_IN_SHELL_PAGES[shellPage.path] : undefined;
  if (!match && !loadShellPage) throw new Error(`${pathname} is not a portal's page`);
  if ((match?.route.signedIn || loadShellPage) && !user) throw new Error(`${pathname} is a signed-in page`);
  setRuntimeConfig({ apiBaseUrl: apiTarget, remotes: serverRemotes });
  registerServerPortals(serverRemotes);

  const until = aborted(signal);
  // The request's own cache (no retries: the deadline is short, and the browser can try again).
  const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  // The config the browser starts with too (its bootstrap puts the server state's config in its
  // cache): a page reading it (useCurrency) renders the same on both sides. Not sent twice.
  client.setQueryData(queryKeys.config(), publicConfig);
  const [page, profile] = await Promise.race([
    Promise.all([
      (match ? loadPage(match.route.remote, match.route.module) : loadShellPage?.()) as Promise<{
        loadPageData?: PageDataLoader;
      }>,
      // A signed-in page needs its user's profile (roles, enrollments) before its own data.
      user ? requestToken.run(user.token, () => client.fetchQuery(profileQuery())) : null,
    ]),
    until,
  ]);
  if (page.loadPageData) {
    const load = page.loadPageData;
    const loading = () => load(client, match?.params ?? {}, searchParams);
    await Promise.race([user ? requestToken.run(user.token, loading) : loading(), until]);
  }
  const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' });
  if (failed.length > 0) throw new Error(`${pathname}: the page's data is not there`);

  const session = user && profile ? { identity: user.identity, user: profile } : undefined;
  const styles = createAntdStyleCache();
  const named: { title?: string } = {};
  const app = (
    <RenderedTitleContext.Provider value={named}>
      <App config={publicConfig} client={client} location={url} />
    </RenderedTitleContext.Provider>
  );
  // Everything at once, with no Suspense fallback nor outlined boundary left for inline scripts to
  // put in place: the page works without JavaScript, and the CSP needs no nonce.
  const { prelude } = await prerenderToNodeStream(
    <AntdStyleCollector cache={styles}>
      {session ? (
        <SessionStoreProvider store={createSessionStore(signedInWithProfile(session.identity, session.user))}>
          {app}
        </SessionStoreProvider>
      ) : (
        app
      )}
    </AntdStyleCollector>,
    {
      signal,
      // One piece: React would send a large boundary (a long course list) apart, for a script to put in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  // The markup is complete, so antd has asked for every style it uses.
  let html = '';
  for await (const chunk of prelude) html += chunk;
  const config = JSON.stringify(queryKeys.config());
  return {
    stream: Readable.from([html]),
    styles: antdStyleTags(styles),
    ...(session ? { session } : {}),
    ...(named.title ? { title: named.title } : {}),
    state: dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && JSON.stringify(query.queryKey) !== config,
    }),
  };
}
