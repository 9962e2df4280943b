/**
 * Build-time contract shared by the shell and every portal: the Module Federation singletons and
 * the common Rsbuild set-up, with each app's port, title and exposed pages read from the platform
 * description (@courseport/contracts/platform). Node-only; never imported by browser code.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API, PORTALS, type PortalName, portalExposes, SHELL } from '@courseport/contracts/platform';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const sharedUiVersion: string = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version;

/**
 * One React, one router, one session store, one antd: antd and react-router are reached only
 * through shared-ui's re-exports, so the shared-ui singleton carries the single instance of each
 * (antd's style cache, the router context) without shipping the parts nobody uses.
 */
export const SHARED_SINGLETONS = {
  react: { singleton: true },
  'react/': { singleton: true },
  'react-dom': { singleton: true },
  'react-dom/': { singleton: true },
  zustand: { singleton: true },
  '@courseport/shared-ui': { singleton: true, requiredVersion: `^${sharedUiVersion}` },
} as const;

const eagerly = (shared: Record<string, object>) =>
  Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, { ...config, eager: true }]));

export interface FederatedAppOptions {
  /** 'shell', or the portal's name in the platform description */
  name: PortalName | 'shell';
  extra?: RsbuildConfig;
}

/** In development every app forwards the API's paths to the API's dev server: one origin, as in production. */
export function devApiProxy() {
  const api = { target: `http://127.0.0.1:${API.port}`, xfwd: true };
  return { '/api': api, '/checkout': api };
}

/** The Rsbuild config of a federated app: host (shell) or remote portal. */
export function defineFederatedApp({ name, extra = {} }: FederatedAppOptions): RsbuildConfig {
  const isHost = name === 'shell';
  const app = isHost ? SHELL : PORTALS[name];
  const exposes = isHost ? undefined : portalExposes(name);
  return {
    ...extra,
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name,
        ...(isHost ? { remotes: {}, shareStrategy: 'loaded-first' } : { exposes, filename: 'remoteEntry.js' }),
        // The host provides every singleton from its entry chunk (eager): the first load needs
        // them all, and one file fetched with the page beats a second wave of requests.
        shared: isHost ? eagerly(SHARED_SINGLETONS) : SHARED_SINGLETONS,
        dts: false,
        manifest: true,
        experiments: {
          optimization: { disableSnapshot: true, target: 'web', ...(isHost ? {} : { disableRemote: true }) },
        },
      }),
      ...(extra.plugins ?? []),
    ],
    source: { entry: { index: './src/index.ts' }, ...extra.source },
    html: {
      title: app.title,
      // Rsbuild's own page with the document's language (screen readers, axe's html-has-lang).
      template: fileURLToPath(new URL('./index.html', import.meta.url)),
      // Remotes use an automatic public path; the base keeps standalone deep links (/player/1) working.
      ...(isHost ? {} : { tags: [{ tag: 'base', attrs: { href: '/' }, head: true, append: false }] }),
      ...extra.html,
    },
    server: {
      port: app.port,
      strictPort: true,
      // Deep links load the app's page (standalone portals too), and the API's paths go to the API.
      historyApiFallback: true,
      proxy: devApiProxy(),
      ...(isHost ? {} : { cors: true, headers: { 'Access-Control-Allow-Origin': '*' } }),
      ...extra.server,
    },
    dev: { assetPrefix: isHost ? '/' : 'auto', ...extra.dev },
    output: {
      assetPrefix: isHost ? '/' : 'auto',
      // Entry and manifest names stay stable (they are fetched by URL); chunks are content-hashed.
      filenameHash: true,
      ...extra.output,
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' }, ...extra.performance },
  };
}
