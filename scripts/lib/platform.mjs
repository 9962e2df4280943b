// Starts the assembled platform from built files: the API (its own process), the shell's server
// (shell/server: the app's edge, which also forwards the API's paths, so the browser sees one
// origin) and every portal of the platform description, each served from its own dist folder on
// its own port, as any static host would. Used by `pnpm start` and by the end-to-end tests (which
// pick free ports, and stop, restart and move single portals).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, PORTAL_NAMES, PORTALS, portalDir, portalUrlVariable, SHELL } from '@courseport/contracts/platform';
import { API_NODE_FLAGS } from '../../api/node-flags.mjs';
import { runtimeConfigFromEnv } from '../../shell/runtime-config.mjs';
import { createApiForwarder, isApiPath } from '../../shell/server/api-proxy.mjs';
import { shellContentSecurityPolicy } from '../../shell/server/content-security-policy.mjs';
import { createReleases, providedSharedUi } from '../../shell/server/releases.mjs';
import { createShellServer } from '../../shell/server/shell-server.mjs';
import { createStaticServer, listen } from '../../shell/server/static-server.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where `pnpm portal:publish` puts each portal's versions by default (`.releases/<portal>/<version>/`). */
export const RELEASES_DIR = '.releases';
export const DEFAULT_PORTS =
  /** @type {Record<'api' | 'shell' | import('@courseport/contracts/platform').PortalName, number>} */ ({
    api: API.port,
    shell: SHELL.port,
    ...Object.fromEntries(PORTAL_NAMES.map((name) => [name, PORTALS[name].port])),
  });

/** Every port 0: each server takes a free port (the tests and the bench). */
export const FREE_PORTS = Object.fromEntries(Object.keys(DEFAULT_PORTS).map((name) => [name, 0]));

/** What must exist before the platform can start from built files, by package folder. */
export const BUILD_OUTPUTS = {
  api: 'api/dist/server.js',
  // The shell's release.json says which shared-ui it provides (its server checks portal versions against it).
  shell: 'shell/dist/release.json',
  ...Object.fromEntries(PORTAL_NAMES.map((name) => [portalDir(name), `${portalDir(name)}/dist/mf-manifest.json`])),
};

export function missingBuilds(root = ROOT) {
  return Object.entries(BUILD_OUTPUTS)
    .filter(([, file]) => !existsSync(path.join(root, file)))
    .map(([pkg]) => pkg);
}

/**
 * @param {string} host
 * @returns {Promise<number>}
 */
function freePort(host) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolve(port));
    });
  });
}

/**
 * @param {string} url
 * @param {import('node:child_process').ChildProcess} child
 * @param {number} timeoutMs
 */
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
 * @param {Partial<Record<import('@courseport/contracts/platform').PortalName, string>>} [options.portalUrls]
 *   portals published elsewhere (their URL, as STOREFRONT_URL etc. name it): not served here
 * @param {Record<string, string>} [options.apiEnv] extra environment for the API
 * @param {'inherit' | 'ignore' | 'pipe'} [options.apiOutput]
 * @param {string} [options.root] the repository whose built `dist/` folders are served
 * @param {string} [options.releasesDir] where published portal versions are (`<dir>/<portal>/<version>/`,
 *   `pnpm portal:publish`): each portal served here serves its versions at `/<version>/` (RELEASES_DIR, `.releases`)
 * @param {number} [options.releasesRefreshMs] how often the shell's server reads the release registry
 * @param {boolean} [options.serverRender] the storefront's pages rendered by the shell's server
 *   (default: unless SERVER_RENDER=0); false: in the browser only
 */
export async function startPlatform(options = {}) {
  const {
    host = '127.0.0.1',
    publicHost = 'localhost',
    apiEnv = {},
    apiOutput = 'inherit',
    root = ROOT,
    // The storefront's pages are rendered by the shell's server (false: in the browser only).
    serverRender = process.env.SERVER_RENDER !== '0',
    releasesDir = process.env.RELEASES_DIR ?? path.join(root, RELEASES_DIR),
    releasesRefreshMs = 2_000,
  } = options;
  const publicApiUrl = options.publicApiUrl?.replace(/\/$/, '') || undefined;
  const ports = { ...DEFAULT_PORTS, ...options.ports };
  const servers = new Map();
  /** @type {Record<'shell' | 'api' | import('@courseport/contracts/platform').PortalName, string>} */
  const urls = /** @type {any} */ ({});
  /** @type {import('node:child_process').ChildProcess | null} */
  let api = null;

  const origin = (/** @type {number} */ port) => `http://${publicHost}:${port}`;
  // How this process reaches the API (the health check, the forwarded requests, the image hint).
  const apiHost = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const internalApiUrl = () => `http://${apiHost}:${ports.api}`;
  // The browser's API base URL ('': the page's own origin) and where the API's images are.
  const apiBaseUrl = publicApiUrl ?? '';
  const mediaOrigins = () => [new URL(publicApiUrl ?? urls.shell).origin];
  // Portals served here answer the API's paths too (a portal opened on its own calls `/api`).
  const forwardToApi = createApiForwarder({ target: internalApiUrl });
  const forward = { matches: isApiPath, handle: forwardToApi };

  /** @param {import('@courseport/contracts/platform').PortalName} name */
  async function startRemote(name) {
    const server = createStaticServer({
      root: path.join(root, portalDir(name), 'dist'),
      versions: path.join(releasesDir, name),
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

  /** @param {string} name */
  async function stopServer(name) {
    const server = servers.get(name);
    if (!server) return;
    servers.delete(name);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }

  async function stopApi() {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) =>
        /** @type {import('node:child_process').ChildProcess} */ (api).once('exit', resolve),
      );
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
        // `pnpm start` is the demo: seeded data, the local checkout, the outbox.
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

  // What the shell's runtime config says: where the API and each portal (published elsewhere, or
  // served here) are.
  const published = new Set(Object.keys(options.portalUrls ?? {}));
  Object.assign(urls, options.portalUrls);
  const runtimeConfig = () =>
    runtimeConfigFromEnv({
      PUBLIC_API_URL: apiBaseUrl,
      ...Object.fromEntries(PORTAL_NAMES.map((name) => [portalUrlVariable(name), urls[name]])),
    });

  const shellRoot = path.join(root, 'shell/dist');
  const releases = createReleases({
    apiTarget: internalApiUrl,
    remotes: () => runtimeConfig().remotes,
    sharedUi: providedSharedUi(shellRoot),
    refreshMs: releasesRefreshMs,
    warn: () => {},
  });

  try {
    // The shell first: its origin is what the API and portals allow.
    const shell = createShellServer({
      releases,
      root: shellRoot,
      runtimeConfig,
      apiTarget: internalApiUrl,
      publicOrigin: () => urls.shell,
      mediaOrigins,
      clerk: Boolean(process.env.CLERK_PUBLISHABLE_KEY),
      renderModule: serverRender ? path.join(root, 'shell/dist/server/render.js') : null,
    });
    ports.shell = await listen(shell, ports.shell, host, 'shell');
    urls.shell = origin(ports.shell);
    servers.set('shell', shell);

    for (const name of PORTAL_NAMES) if (!published.has(name)) await startRemote(name);

    if (ports.api === 0) ports.api = await freePort(host);
    urls.api = origin(ports.api);
    await startApi();
    await releases.refresh();
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    urls,
    ports,
    /** @returns {import('node:child_process').ChildProcess} started before startPlatform resolves, never reset */
    get api() {
      return /** @type {import('node:child_process').ChildProcess} */ (api);
    },
    startRemote,
    stopRemote: stopServer,
    /** Points the shell at a portal published at another URL (what changing STOREFRONT_URL etc. does). */
    /**
     * @param {import('@courseport/contracts/platform').PortalName} name
     * @param {string} url
     */
    setPortalUrl(name, url) {
      urls[name] = url;
    },
    /** Stops the API process and starts it again on the same port and data. */
    async restartApi() {
      await stopApi();
      await startApi();
    },
    stop,
  };
}
