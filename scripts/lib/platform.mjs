// Starts the assembled platform from built files: the API (its own process) and the shell and
// four portals, each served from its own dist folder on its own port. The shell's server also
// answers the API's paths (`/api`, `/checkout`) by forwarding them to the API: the browser sees one
// origin (DESIGN §10). Used by `pnpm start` and by the end-to-end tests (which pick free ports and
// stop and restart single portals).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_NODE_FLAGS } from '../../api/node-flags.mjs';
import { isAppPage, matchRoute } from '../../shell/routes.mjs';
import { runtimeConfigFromEnv, runtimeConfigHtml } from '../../shell/runtime-config.mjs';
import { createApiForwarder, isApiPath } from './api-proxy.mjs';
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
 * @param {string} [options.publicApiUrl] the API on another origin: the browser calls it there
 *   (what the runtime config names). By default it calls `/api` on the shell's origin.
 * @param {Record<string, string>} [options.apiEnv] extra environment for the API
 * @param {'inherit' | 'ignore' | 'pipe'} [options.apiOutput]
 */
export async function startPlatform(options = {}) {
  const { host = '127.0.0.1', publicHost = 'localhost', apiEnv = {}, apiOutput = 'inherit', root = ROOT } = options;
  const publicApiUrl = options.publicApiUrl?.replace(/\/$/, '') || undefined;
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const servers = new Map();
  const urls = {};
  let api = null;

  const origin = (port) => `http://${publicHost}:${port}`;
  // How this process reaches the API (the health check, the forwarded requests, the image hint).
  const apiHost = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const internalApiUrl = () => `http://${apiHost}:${ports.api}`;
  // The browser's API base URL ('': the page's own origin) and where the API's images are.
  const apiBaseUrl = publicApiUrl ?? '';
  const mediaOrigins = () => [new URL(publicApiUrl ?? urls.shell).origin];
  const forwardToApi = createApiForwarder({ target: internalApiUrl });
  const forward = { matches: isApiPath, handle: forwardToApi };

  async function startRemote(name) {
    const server = createStaticServer({
      root: path.join(root, `${name}-mfe/dist`),
      corsOrigins: [urls.shell, urls.shell.replace(publicHost, '127.0.0.1')],
      // The portal's own page (standalone mode) gets the same policy as the shell's, and calls the
      // API on its own origin too (shared-ui's fallback when it finds no runtime config).
      htmlHeaders: () => ({
        'Content-Security-Policy': shellContentSecurityPolicy({ api: apiBaseUrl, media: mediaOrigins(), remotes: [] }),
      }),
      forward,
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
        // `pnpm start` is the demo (DESIGN §10): seeded data, the local checkout, the outbox.
        COURSEPORT_MODE: process.env.COURSEPORT_MODE ?? 'demo',
        ALLOWED_ORIGINS: [urls.shell, `http://127.0.0.1:${ports.shell}`].join(','),
        PUBLIC_APP_URL: urls.shell,
        // Links the API writes (mails, the checkout page, images) point at the app's origin, which
        // forwards them; unless the API is configured on an origin of its own.
        PUBLIC_API_URL: publicApiUrl ?? urls.shell,
        // The shell's server is the one proxy in front of the API (it appends the client's address
        // to X-Forwarded-For). An API the browser calls directly trusts no header.
        TRUST_PROXY: publicApiUrl ? '0' : '1',
        // Demo accounts on a first run: only ever written into an empty store, never in Clerk mode.
        DEMO_SEED: process.env.DEMO_SEED ?? 'true',
        ...apiEnv,
      },
    });
    await waitForHealth(`${internalApiUrl()}/api/health`, api, 30_000);
  }

  async function stop() {
    await Promise.all([...servers.keys()].map(stopServer));
    await stopApi();
    forwardToApi.close();
  }

  const runtimeConfig = () =>
    runtimeConfigFromEnv({
      PUBLIC_API_URL: apiBaseUrl,
      ...Object.fromEntries(PORTALS.map((p) => [`${p.toUpperCase()}_URL`, urls[p]])),
    });

  try {
    // The shell first: its origin is what the API and portals allow.
    const shell = createStaticServer({
      root: path.join(root, 'shell/dist'),
      spa: true,
      spaStatus: (pathname) => (isAppPage(pathname) ? 200 : 404),
      htmlHeaders: () => ({
        'Content-Security-Policy': shellContentSecurityPolicy({
          api: apiBaseUrl,
          media: mediaOrigins(),
          remotes: PORTALS.map((p) => urls[p]),
          clerk: Boolean(process.env.CLERK_PUBLISHABLE_KEY),
        }),
        'X-Frame-Options': 'DENY',
      }),
      jsonRoutes: { '/runtime-config.json': runtimeConfig },
      // `/api/*` and `/checkout/*` are the API's, whatever the method.
      forward,
      // The runtime config is inlined into the page too, with hints naming what the route will
      // fetch: the browser gets it all in one wave, while the shell's own scripts download.
      htmlHead: async (pathname) => {
        const match = matchRoute(pathname);
        const hints = firstLoadHints({
          match,
          apiBaseUrl,
          portalUrls: urls,
          portalDist: (remote) => path.join(root, `${remote}-mfe/dist`),
        });
        return (
          runtimeConfigHtml(runtimeConfig()) + hints + (await largestImageHint({ match, apiBaseUrl: internalApiUrl() }))
        );
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
