// Starts the assembled platform from built files: the API (its own process) and the shell and
// four portals, each served from its own dist folder on its own port. Used by `pnpm start` and
// by the end-to-end tests (which pick free ports and stop and restart single portals).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from '../../api/node-flags.mjs';
import { matchRoute } from '../../shell/routes.mjs';
import { runtimeConfigFromEnv, runtimeConfigHtml } from '../../shell/runtime-config.mjs';
import { shellContentSecurityPolicy } from './content-security-policy.mjs';
import { firstLoadHints, largestImageHint } from './first-load-hints.mjs';
import { createStaticServer, listen } from './static-server.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PORTALS = ['storefront', 'learner', 'educator', 'admin'];
export const DEFAULT_PORTS = { api: 4000, shell: 3000, storefront: 3001, learner: 3002, educator: 3003, admin: 3004 };

/** What must exist before the platform can start from built files, by package folder. */
export const BUILD_OUTPUTS = {
  api: 'api/dist/server.js',
  shell: 'shell/dist/index.html',
  ...Object.fromEntries(PORTALS.map((p) => [`${p}-mfe`, `${p}-mfe/dist/mf-manifest.json`])),
};

export function missingBuilds(root = ROOT) {
  return Object.entries(BUILD_OUTPUTS)
    .filter(([, file]) => !existsSync(path.join(root, file)))
    .map(([pkg]) => pkg);
}

function freePort(host) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode} while starting`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`The API did not become healthy at ${url} within ${timeoutMs / 1000}s`);
}

/**
 * @param {object} [options]
 * @param {Partial<typeof DEFAULT_PORTS>} [options.ports] 0 picks a free port
 * @param {string} [options.host] interface to listen on
 * @param {string} [options.publicHost] host name the browser uses
 * @param {Record<string, string>} [options.apiEnv] extra environment for the API
 * @param {'inherit' | 'ignore' | 'pipe'} [options.apiOutput]
 */
export async function startPlatform(options = {}) {
  const { host = '127.0.0.1', publicHost = 'localhost', apiEnv = {}, apiOutput = 'inherit', root = ROOT } = options;
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const servers = new Map();
  const urls = {};
  let api = null;

  const origin = (port) => `http://${publicHost}:${port}`;

  async function startRemote(name) {
    const server = createStaticServer({
      root: path.join(root, `${name}-mfe/dist`),
      corsOrigins: [urls.shell, urls.shell.replace(publicHost, '127.0.0.1')],
      // The portal's own page (standalone mode) gets the same policy as the shell's.
      htmlHeaders: () => ({ 'Content-Security-Policy': shellContentSecurityPolicy({ api: urls.api, remotes: [] }) }),
    });
    const port = await listen(server, ports[name], host, `${name} portal`);
    ports[name] = port;
    urls[name] = origin(port);
    servers.set(name, server);
  }

  async function stopServer(name) {
    const server = servers.get(name);
    if (!server) return;
    servers.delete(name);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  async function stopApi() {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api.once('exit', resolve));
      api.kill('SIGTERM');
      await exited;
    }
  }

  async function startApi() {
    api = spawn(process.execPath, [...API_NODE_FLAGS, path.join(root, 'api/dist/server.js')], {
      cwd: root,
      stdio: ['ignore', apiOutput, apiOutput],
      env: {
        ...process.env,
        NODE_ENV: process.env.NODE_ENV ?? 'production',
        HOST: host,
        PORT: String(ports.api),
        DATA_DIR: process.env.DATA_DIR ?? path.join(root, '.data'),
        ALLOWED_ORIGINS: [urls.shell, `http://127.0.0.1:${ports.shell}`].join(','),
        PUBLIC_APP_URL: urls.shell,
        PUBLIC_API_URL: urls.api,
        // Demo accounts on a first run: only ever written into an empty store, never in Clerk mode.
        DEMO_SEED: process.env.DEMO_SEED ?? 'true',
        ...apiEnv,
      },
    });
    await waitForHealth(`http://127.0.0.1:${ports.api}/api/health`, api, 30_000);
  }

  async function stop() {
    await Promise.all([...servers.keys()].map(stopServer));
    await stopApi();
  }

  const runtimeConfig = () =>
    runtimeConfigFromEnv({
      PUBLIC_API_URL: urls.api,
      ...Object.fromEntries(PORTALS.map((p) => [`${p.toUpperCase()}_URL`, urls[p]])),
    });

  try {
    // The shell first: its origin is what the API and portals allow.
    const shell = createStaticServer({
      root: path.join(root, 'shell/dist'),
      spa: true,
      htmlHeaders: () => ({
        'Content-Security-Policy': shellContentSecurityPolicy({
          api: urls.api,
          remotes: PORTALS.map((p) => urls[p]),
          clerk: Boolean(process.env.CLERK_PUBLISHABLE_KEY),
        }),
        'X-Frame-Options': 'DENY',
      }),
      jsonRoutes: { '/runtime-config.json': runtimeConfig },
      // The runtime config is inlined into the page too, with hints naming what the route will
      // fetch: the browser gets it all in one wave, while the shell's own scripts download.
      htmlHead: async (pathname) => {
        const match = matchRoute(pathname);
        const hints = firstLoadHints({
          match,
          apiBaseUrl: urls.api,
          portalUrls: urls,
          portalDist: (remote) => path.join(root, `${remote}-mfe/dist`),
        });
        return runtimeConfigHtml(runtimeConfig()) + hints + (await largestImageHint({ match, apiBaseUrl: urls.api }));
      },
    });
    ports.shell = await listen(shell, ports.shell, host, 'shell');
    urls.shell = origin(ports.shell);
    servers.set('shell', shell);

    for (const name of PORTALS) await startRemote(name);

    if (ports.api === 0) ports.api = await freePort(host);
    urls.api = origin(ports.api);
    await startApi();
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    urls,
    ports,
    get api() {
      return api;
    },
    startRemote,
    stopRemote: stopServer,
    /** Stops the API process and starts it again on the same port and data. */
    async restartApi() {
      await stopApi();
      await startApi();
    },
    stop,
  };
}
