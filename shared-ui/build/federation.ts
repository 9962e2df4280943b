/**
 * Build-time contract shared by the shell and every portal: the Module Federation singletons and
 * the common Rsbuild set-up, with each app's port, title and exposed pages read from the platform
 * description (@courseport/contracts/platform). Node-only; never imported by browser code.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isReleaseVersion, RELEASE_MANIFEST_FILE, SHARED_UI_PACKAGE } from '@courseport/contracts';
import { API, isServerRendered, PORTALS, type PortalName, portalExposes, SHELL } from '@courseport/contracts/platform';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import type { RsbuildConfig, RsbuildPlugin } from '@rsbuild/core';
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

/** The shared-ui version a build provides (the shell's server render names it to the federation runtime). */
const SHARED_UI_VERSION_DEFINE = { 'process.env.SHARED_UI_VERSION': JSON.stringify(sharedUiVersion) };

/**
 * The Node build is CommonJS (the federation runtime's format for Node) in packages that are ES
 * modules: a package.json beside it says so to Node.
 */
const pluginCommonJsFolder = (): RsbuildPlugin => ({
  name: 'courseport:commonjs-server-folder',
  setup(api) {
    api.processAssets({ stage: 'additional', environments: ['node'] }, ({ compilation, sources }) => {
      compilation.emitAsset('package.json', new sources.RawSource('{ "type": "commonjs" }\n'));
    });
  },
});

/**
 * `release.json` beside the browser build's remoteEntry.js (#22): what the build is and what it
 * needs, read by the shell's server before it serves a version. A portal's version is
 * `PORTAL_VERSION` (CI sets it) or its package.json's; the shell's says which shared-ui it provides.
 */
const pluginReleaseManifest = (name: PortalName | 'shell'): RsbuildPlugin => ({
  name: 'courseport:release-manifest',
  setup(api) {
    api.processAssets({ stage: 'additional', environments: ['web'] }, ({ compilation, sources }) => {
      const own = JSON.parse(readFileSync(path.join(api.context.rootPath, 'package.json'), 'utf8')).version;
      const version = (name === 'shell' ? undefined : process.env.PORTAL_VERSION) ?? own;
      if (!isReleaseVersion(version)) throw new Error(`PORTAL_VERSION is not a release version (semver): ${version}`);
      const builtAt = new Date().toISOString();
      const manifest =
        name === 'shell'
          ? { app: name, version, builtAt, provides: { [SHARED_UI_PACKAGE]: sharedUiVersion } }
          : {
              portal: name,
              version,
              builtAt,
              requires: { [SHARED_UI_PACKAGE]: SHARED_SINGLETONS[SHARED_UI_PACKAGE].requiredVersion },
            };
      compilation.emitAsset(RELEASE_MANIFEST_FILE, new sources.RawSource(`${JSON.stringify(manifest, null, 2)}\n`));
    });
  },
});

/**
 * One federation runtime in the browser (#34). Every build used to carry its own copy of the
 * federation runtime's core: the shell's entry, and each portal's `remoteEntry.js` (~18 KB of its
 * ~32 KB gzipped). The shell, a pure consumer, now hands its copy to the portals
 * (`provideExternalRuntime`: the global `_FEDERATION_RUNTIME_CORE`, set before any remote loads),
 * and a portal's browser build takes it from there (`externalRuntime`). Node builds keep their own
 * (the shell's server render creates its runtime itself). A portal opened on its own gets it from
 * `federation-runtime.js` (below), loaded before its page.
 */
const externalRuntime = (isHost: boolean) => (isHost ? { provideExternalRuntime: true } : { externalRuntime: true });

/** Where a portal opened on its own finds the federation runtime (its `index.html` loads it first). */
const STANDALONE_RUNTIME_SCRIPT = 'static/js/federation-runtime.js';

/** The federation runtime's packages, as the Module Federation plugin resolves them. */
const requireFromFederation = createRequire(
  createRequire(import.meta.url).resolve('@module-federation/rsbuild-plugin'),
);
const RUNTIME_PACKAGES_DIR = path.resolve(
  requireFromFederation.resolve('@module-federation/runtime-tools/package.json'),
  '../../..',
);

/**
 * The bundler half of the runtime that stays in a portal's `remoteEntry.js` as ES modules: Rspack
 * imports its CommonJS build, which keeps every helper of the runtime's SDK (Node loaders, manifest
 * snapshots); the ES build lets the unused ones be left out (remote entry ~15 → ~10 KB gzipped).
 */
const BUNDLER_RUNTIME_CJS = /[\\/]@module-federation[\\/]webpack-bundler-runtime[\\/]dist[\\/]index\.cjs$/;

const eagerly = (shared: Record<string, object>) =>
  Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, { ...config, eager: true }]));

export interface FederatedAppOptions {
  /** 'shell', or the portal's name in the platform description */
  name: PortalName | 'shell';
  /**
   * Also build for Node (server rendering), into `dist/server/`: a portal publishes its federated
   * entry there (`server/remoteEntry.js`, beside the browser's); the shell builds `entry` (its
   * render module) as a federation host of those server builds.
   */
  server?: { entry?: string };
  extra?: RsbuildConfig;
}

/**
 * The export condition under which @courseport/contracts gives its TypeScript source (plain Node
 * gets its dist/ build): every app bundles the source, so an edit to contracts is in the next
 * build or hot reload without building contracts first. No other package uses it, so nothing
 * else changes (unlike the common `source` condition, which some dependencies ship).
 */
const CONTRACTS_SOURCE_CONDITION = '@courseport/source';

/** Where an app's Node build goes, beside its browser build: `dist/server/`. */
export const SERVER_DIST_DIR = 'server';

/** In development every app forwards the API's paths to the API's dev server: one origin, as in production. */
export function devApiProxy() {
  const api = { target: `http://127.0.0.1:${API.port}`, xfwd: true };
  return { '/api': api, '/checkout': api };
}

/** The Rsbuild config of a federated app: host (shell) or remote portal. */
export function defineFederatedApp({ name, server: serverOption, extra = {} }: FederatedAppOptions): RsbuildConfig {
  const isHost = name === 'shell';
  const app = isHost ? SHELL : PORTALS[name];
  const exposes = isHost ? undefined : portalExposes(name);
  const server = serverOption ?? (!isHost && isServerRendered(name) ? {} : undefined);
  const federation = (target: 'web' | 'node') => ({
    name,
    ...(isHost ? { remotes: {}, shareStrategy: 'loaded-first' as const } : { exposes, filename: 'remoteEntry.js' }),
    // The host provides every singleton from its entry chunk (eager): the first load needs
    // them all, and one file fetched with the page beats a second wave of requests.
    shared: isHost ? eagerly(SHARED_SINGLETONS) : SHARED_SINGLETONS,
    dts: false,
    manifest: target === 'web',
    experiments: {
      ...(target === 'web' ? externalRuntime(isHost) : {}),
      optimization: {
        disableSnapshot: true,
        target,
        ...(isHost || target === 'node' ? {} : { disableRemote: true }),
      },
    },
  });
  return {
    ...extra,
    plugins: [
      pluginReact(),
      pluginModuleFederation(federation('web'), { environment: 'web' }),
      // A portal's Node build is a federated entry; the shell's is a plain CommonJS module that
      // loads those entries with the federation runtime itself (src/server/render.tsx).
      ...(server && !isHost
        ? [pluginModuleFederation(federation('node'), { target: 'node', environment: 'node' })]
        : []),
      ...(server ? [pluginCommonJsFolder()] : []),
      pluginReleaseManifest(name),
      ...(extra.plugins ?? []),
    ],
    environments: {
      web: {
        source: {
          entry: { index: './src/index.ts' },
          define: { 'process.env.COURSEPORT_SERVER_BUILD': '"false"', ...SHARED_UI_VERSION_DEFINE },
        },
        output: { target: 'web' },
        ...(isHost
          ? {}
          : {
              tools: {
                rspack: (config, { rspack }) => {
                  config.plugins.push(
                    new rspack.NormalModuleReplacementPlugin(BUNDLER_RUNTIME_CJS, (resource) => {
                      resource.request = resource.request.replace(/\.cjs$/, '.js');
                    }),
                  );
                },
              },
            }),
      },
      // A portal opened on its own (no shell to provide the federation runtime): the runtime's core
      // in one small script, built without federation, that sets the global the portal's build reads.
      ...(isHost
        ? {}
        : {
            'federation-runtime': {
              source: {
                entry: { 'federation-runtime': fileURLToPath(new URL('./federation-runtime.js', import.meta.url)) },
              },
              output: { target: 'web', filenameHash: false, emitCss: false },
              performance: { chunkSplit: { strategy: 'all-in-one' } },
              // shared-ui does not depend on the runtime itself: it is found where the plugin's is.
              tools: { htmlPlugin: false, rspack: { resolve: { modules: ['node_modules', RUNTIME_PACKAGES_DIR] } } },
            },
          }),
      ...(server
        ? {
            node: {
              output: {
                target: 'node',
                // CommonJS, the federation runtime's format in Node, loaded with Node's own require.
                module: false,
                distPath: { root: `dist/${SERVER_DIST_DIR}` },
                // The server build is loaded by URL too (a portal's) or from the shell's folder.
                assetPrefix: 'auto',
                filenameHash: false,
                emitCss: false,
              },
              source: {
                entry: server.entry ? { render: server.entry } : { index: './src/index.ts' },
                // Server-only code (e.g. the description's sanitizer) is left out of the browser's build.
                define: { 'process.env.COURSEPORT_SERVER_BUILD': '"true"', ...SHARED_UI_VERSION_DEFINE },
              },
              performance: { chunkSplit: { strategy: 'all-in-one' } },
              // Chunks are loaded asynchronously (fetched over HTTP for a portal's build), as the
              // federation runtime's Node plugin expects; the shell's own module is one file (its
              // code runs as Node loads it, where `import()` works).
              tools: { rspack: { target: 'async-node', ...(isHost ? { output: { asyncChunks: false } } : {}) } },
            },
          }
        : {}),
      ...extra.environments,
    },
    source: { ...extra.source },
    // Rspack's own conditions ('...': browser or node, import or require, ...) after it.
    resolve: { ...extra.resolve, conditionNames: [CONTRACTS_SOURCE_CONDITION, '...'] },
    html: {
      title: app.title,
      // Rsbuild's own page with the document's language (screen readers, axe's html-has-lang).
      template: fileURLToPath(new URL('./index.html', import.meta.url)),
      // Remotes use an automatic public path; the base keeps standalone deep links (/player/1) working.
      // A portal's own page loads the federation runtime first (deferred scripts run in order).
      ...(isHost
        ? {}
        : {
            tags: [
              { tag: 'base', attrs: { href: '/' }, head: true, append: false },
              {
                tag: 'script',
                attrs: { src: STANDALONE_RUNTIME_SCRIPT, defer: true },
                head: true,
                append: false,
                publicPath: false,
              },
            ],
          }),
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
