// The shell's server on its own, configured by the environment: `pnpm --filter @courseport/shell start`.
//   PORT, HOST             where it listens (3000, all interfaces)
//   API_INTERNAL_URL       where it reaches the API, whose `/api` and `/checkout` it forwards (http://127.0.0.1:4000)
//   PUBLIC_APP_URL         the app's public origin, for canonical URLs, link previews, robots.txt and the
//                          sitemap (https://courseport.example; unset: http://PUBLIC_HOST:PORT, for a local run)
//   PUBLIC_API_URL         the API on an origin of its own, called there by the browser (unset: this origin)
//   STOREFRONT_URL, ...    where each portal is published (a folder URL or its remoteEntry.js)
//   CLERK_PUBLISHABLE_KEY  the deployment signs in with Clerk
//   SHELL_DIST             the shell's built files (shell/dist)
//   SERVER_RENDER          '0' turns the storefront's server render off (every page renders in the browser)
//   RELEASES               '0' ignores the API's release registry (every portal at its URL above)
//   RELEASES_REFRESH_MS    how often the release registry is read (2000)
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, SHELL } from '@courseport/contracts/platform';
import { runtimeConfigFromEnv } from '../runtime-config.mjs';
import { createReleases, providedSharedUi } from './releases.mjs';
import { createShellServer } from './shell-server.mjs';
import { listen } from './static-server.mjs';

const env = process.env;
const config = runtimeConfigFromEnv(env);
const apiTarget = (env.API_INTERNAL_URL ?? `http://127.0.0.1:${API.port}`).replace(/\/$/, '');
// The origin of the app's absolute URLs is configured: a request's Host header is the client's to
// choose, and a page (or a cache in front of it) must not name whatever host it was asked for.
let publicOrigin = '';
try {
  publicOrigin = env.PUBLIC_APP_URL ? new URL(env.PUBLIC_APP_URL).origin : '';
} catch {
  console.error(`PUBLIC_APP_URL is not a URL: ${env.PUBLIC_APP_URL}`);
  process.exit(1);
}
const root = env.SHELL_DIST ?? fileURLToPath(new URL('../dist', import.meta.url));
/** @param {string} folder */
function sharedUiOf(folder) {
  try {
    return providedSharedUi(folder);
  } catch (error) {
    console.error(
      `The shell's build says nothing of the shared-ui it provides (${/** @type {Error} */ (error).message}): build the shell again.`,
    );
    process.exit(1);
  }
}

// Which version of each portal a visitor gets: the API's release registry, read every few seconds.
const releases =
  env.RELEASES === '0'
    ? null
    : createReleases({
        apiTarget: () => apiTarget,
        remotes: () => config.remotes,
        sharedUi: sharedUiOf(root),
        refreshMs: Number(env.RELEASES_REFRESH_MS ?? 2_000),
      });
const server = createShellServer({
  root,
  releases,
  runtimeConfig: () => config,
  apiTarget: () => apiTarget,
  publicOrigin: () => publicOrigin,
  mediaOrigins: () => (config.apiBaseUrl ? [new URL(config.apiBaseUrl).origin] : []),
  clerk: Boolean(env.CLERK_PUBLISHABLE_KEY),
  renderModule: env.SERVER_RENDER === '0' ? null : path.join(root, 'server/render.js'),
});

try {
  const port = await listen(server, Number(env.PORT ?? SHELL.port), env.HOST ?? '0.0.0.0', 'shell');
  publicOrigin ||= `http://${env.PUBLIC_HOST ?? 'localhost'}:${port}`;
  console.log(
    `The shell's server is listening on port ${port}; the API is reached at ${apiTarget}; the app is at ${publicOrigin}.`,
  );
} catch (error) {
  console.error(`The shell's server could not start: ${/** @type {Error} */ (error).message}`);
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
