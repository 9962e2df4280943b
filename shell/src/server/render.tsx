/**
 * The shell's server render, built for Node (`dist/server/render.js`, see rsbuild.config.ts) and
 * called by the shell's server (server/server-render.mjs). A Module Federation host like the
 * browser's shell: the portal's page is loaded through the federation runtime (with its Node
 * plugin, which fetches and runs a remote's chunks over HTTP) from the portal's server build, by
 * URL (`<portal>/server/remoteEntry.js`), so a portal's release needs no build of the shell. This
 * module provides the singletons the page shares: React, and shared-ui with the router and the
 * query cache.
 *
 * Signed-in state is not rendered here: the session store starts 'loading' on both sides, and the
 * browser shows the user's state once it has hydrated.
 */

import * as SharedUi from '@courseport/shared-ui';
import {
  createQueryClient,
  type DehydratedState,
  dehydrate,
  type PageDataLoader,
  type PublicConfig,
  queryKeys,
  setRuntimeConfig,
} from '@courseport/shared-ui';
import { init } from '@module-federation/enhanced/runtime';
import nodeRuntimePlugin from '@module-federation/node/runtimePlugin';
import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import { prerenderToNodeStream } from 'react-dom/static';
import * as Zustand from 'zustand';
import { matchRoute } from '../../routes.mjs';
import { App } from '../App';
import { loadPage, registerPortals } from '../lib/registry';

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
}

export interface ServerRenderResult {
  /** the app's markup for the root element, ready to stream */
  stream: NodeJS.ReadableStream;
  /** the query cache the page rendered with, for the browser's `hydrate` */
  state: DehydratedState;
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
}: ServerRenderOptions): Promise<ServerRenderResult> {
  const { pathname, searchParams } = new URL(url, 'http://x');
  const match = matchRoute(pathname);
  if (!match) throw new Error(`${pathname} is not a portal's page`);
  setRuntimeConfig({ apiBaseUrl: apiTarget, remotes: serverRemotes });
  registerServerPortals(serverRemotes);

  const until = aborted(signal);
  const page = (await Promise.race([loadPage(match.route.remote, match.route.module), until])) as {
    loadPageData?: PageDataLoader;
  };
  // The request's own cache (no retries: the deadline is short, and the browser can try again).
  const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  // The config the browser starts with too (its bootstrap puts the server state's config in its
  // cache): a page reading it (useCurrency) renders the same on both sides. Not sent twice.
  client.setQueryData(queryKeys.config(), publicConfig);
  if (page.loadPageData) await Promise.race([page.loadPageData(client, match.params, searchParams), until]);
  const failed = client.getQueryCache().findAll({ predicate: (query) => query.state.status !== 'success' });
  if (failed.length > 0) throw new Error(`${pathname}: the page's data is not there`);

  // Everything at once, with no Suspense fallback nor outlined boundary left for inline scripts to
  // put in place: the page works without JavaScript, and the CSP needs no nonce.
  const { prelude } = await prerenderToNodeStream(<App config={publicConfig} client={client} location={url} />, {
    signal,
    // One piece: React would send a large boundary (a long course list) apart, for a script to put in place.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const config = JSON.stringify(queryKeys.config());
  return {
    stream: prelude,
    state: dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && JSON.stringify(query.queryKey) !== config,
    }),
  };
}
