// Generates `/runtime-config.json` from the environment when the shell starts or is deployed:
// releasing a new remote means pointing one of these variables at it, not rebuilding the shell.
// The API is on the app's own origin by default (`apiBaseUrl: ''`: the shell's server forwards
// `/api`, DESIGN §10); PUBLIC_API_URL puts it on another origin instead.

const REMOTES = {
  storefront: { env: 'STOREFRONT_URL', port: 3001 },
  learner: { env: 'LEARNER_URL', port: 3002 },
  educator: { env: 'EDUCATOR_URL', port: 3003 },
  admin: { env: 'ADMIN_URL', port: 3004 },
};

const manifestUrl = (base) => (base.endsWith('.js') ? base : `${base.replace(/\/$/, '')}/remoteEntry.js`);

/**
 * @returns {{ apiBaseUrl: string, remotes: Record<string, string> }} `apiBaseUrl` is '' for the
 *   app's own origin, else the API's origin (PUBLIC_API_URL)
 */
export function runtimeConfigFromEnv(env = process.env) {
  const host = env.PUBLIC_HOST ?? 'localhost';
  return {
    apiBaseUrl: (env.PUBLIC_API_URL ?? '').replace(/\/$/, ''),
    remotes: Object.fromEntries(
      Object.entries(REMOTES).map(([name, { env: key, port }]) => [
        name,
        manifestUrl(env[key] ?? `http://${host}:${port}`),
      ]),
    ),
  };
}

/** Rsbuild's `server.proxy` for a development server: the API's paths go to the API's dev port. */
export function devApiProxy() {
  const api = { target: 'http://127.0.0.1:4000', xfwd: true };
  return { '/api': api, '/checkout': api };
}

/** The id of the inline copy of the runtime config in the shell's index.html (saves a round trip). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/** The runtime config as a JSON data block for the document's head (not a script: CSP has no say). */
export function runtimeConfigHtml(config) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
}
