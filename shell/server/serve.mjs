// The shell's server on its own, configured by the environment: `pnpm --filter @courseport/shell start`.
//   PORT, HOST             where it listens (3000, all interfaces)
//   API_INTERNAL_URL       where it reaches the API, whose `/api` and `/checkout` it forwards (http://127.0.0.1:4000)
//   PUBLIC_API_URL         the API on an origin of its own, called there by the browser (unset: this origin)
//   STOREFRONT_URL, ...    where each portal is published (a folder URL or its remoteEntry.js)
//   CLERK_PUBLISHABLE_KEY  the deployment signs in with Clerk
//   SHELL_DIST             the shell's built files (shell/dist)
import { fileURLToPath } from 'node:url';
import { API, SHELL } from '@courseport/contracts/platform';
import { runtimeConfigFromEnv } from '../runtime-config.mjs';
import { createShellServer } from './shell-server.mjs';
import { listen } from './static-server.mjs';

const env = process.env;
const config = runtimeConfigFromEnv(env);
const apiTarget = (env.API_INTERNAL_URL ?? `http://127.0.0.1:${API.port}`).replace(/\/$/, '');
const server = createShellServer({
  root: env.SHELL_DIST ?? fileURLToPath(new URL('../dist', import.meta.url)),
  runtimeConfig: () => config,
  apiTarget: () => apiTarget,
  mediaOrigins: () => (config.apiBaseUrl ? [new URL(config.apiBaseUrl).origin] : []),
  clerk: Boolean(env.CLERK_PUBLISHABLE_KEY),
});

try {
  const port = await listen(server, Number(env.PORT ?? SHELL.port), env.HOST ?? '0.0.0.0', 'shell');
  console.log(`The shell's server is listening on port ${port}; the API is reached at ${apiTarget}.`);
} catch (error) {
  console.error(`The shell's server could not start: ${error.message}`);
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
