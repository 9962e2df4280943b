// The runtime config: where the browser finds the API and each portal. Generated from the
// environment when the shell's server starts (or the dev server serves it): releasing a new portal
// means pointing its variable (STOREFRONT_URL, ...) at it, not rebuilding the shell. The API is on
// the app's own origin by default (`apiBaseUrl: ''`: the shell's server forwards `/api`);
// PUBLIC_API_URL puts it on another origin instead.
import { PORTAL_NAMES, PORTALS, portalUrlVariable } from '@courseport/contracts/platform';

const entryUrl = (/** @type {string} */ base) =>
  base.endsWith('.js') ? base : `${base.replace(/\/$/, '')}/remoteEntry.js`;

/**
 * The runtime config as the shell's server holds it (the browser's side is contracts'
 * `RuntimeConfig`). `fallbacks` is there for a visitor on a canary only (#22): each such portal's
 * live entry, added by the release registry's `configFor` (releases.mjs), never by the environment.
 * @typedef {{ apiBaseUrl: string, remotes: Record<string, string>, fallbacks?: Record<string, string> }} ShellRuntimeConfig
 */

/**
 * @returns {ShellRuntimeConfig} `apiBaseUrl` is '' for the app's own origin, else the API's
 *   origin (PUBLIC_API_URL); no `fallbacks` (those are a visitor's, see releases.mjs)
 */
export function runtimeConfigFromEnv(env = process.env) {
  const host = env.PUBLIC_HOST ?? 'localhost';
  return {
    apiBaseUrl: (env.PUBLIC_API_URL ?? '').replace(/\/$/, ''),
    remotes: Object.fromEntries(
      PORTAL_NAMES.map((name) => [
        name,
        entryUrl(env[portalUrlVariable(name)] ?? `http://${host}:${PORTALS[name].port}`),
      ]),
    ),
  };
}

/** The id of the inline copy of the runtime config in the shell's index.html (saves a round trip). */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';

/**
 * The runtime config as a JSON data block for the document's head (not a script: CSP has no say).
 * @param {ShellRuntimeConfig} config
 */
export function runtimeConfigHtml(config) {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">${json}</script>`;
}

/** The id of the JSON block with what a server-rendered page rendered with (config and query cache). */
export const SERVER_STATE_ELEMENT_ID = 'server-state';

/**
 * What a server-rendered page rendered with, as a JSON data block: the browser hydrates the query
 * cache from it and renders with the same public config, so its first render is the server's.
 * @param {{ publicConfig: unknown, queries: unknown }} state
 */
export function serverStateHtml(state) {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${json}</script>`;
}
