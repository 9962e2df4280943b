/**
 * Build-time contract shared by the shell and every portal (DESIGN §3): the Module Federation
 * singletons and the common Rsbuild set-up. Node-only; never imported by browser code.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RemoteName } from '@courseport/contracts';
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

export const PORTS = {
  shell: 3000,
  storefront: 3001,
  learner: 3002,
  educator: 3003,
  admin: 3004,
} as const satisfies Record<RemoteName | 'shell', number>;
export type { RemoteName };

export interface PortalOptions {
  name: keyof typeof PORTS;
  /** Exposed modules, e.g. `{ './HomePage': './src/pages/HomePage.tsx' }`; none for the host. */
  exposes?: Record<string, string>;
  title: string;
  extra?: RsbuildConfig;
}

/** The Rsbuild config of a federated app: host (shell) or remote portal. */
export function defineFederatedApp({ name, exposes, title, extra = {} }: PortalOptions): RsbuildConfig {
  const isHost = name === 'shell';
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
      title,
      // Rsbuild's own page with the document's language (screen readers, axe's html-has-lang).
      template: fileURLToPath(new URL('./index.html', import.meta.url)),
      // Remotes use an automatic public path; the base keeps standalone deep links (/player/1) working.
      ...(isHost ? {} : { tags: [{ tag: 'base', attrs: { href: '/' }, head: true, append: false }] }),
      ...extra.html,
    },
    server: {
      port: PORTS[name],
      strictPort: true,
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
