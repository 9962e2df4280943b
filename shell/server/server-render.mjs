// The server render of the portals' pages that have one (the storefront's): the shell's render
// module (dist/server/render.js, built from src/server/render.tsx) renders the app at the URL,
// loading the page from the portal's server build (`server/remoteEntry.js` beside the browser's
// entry, by the URL in the runtime config: a portal's release is a change of config, as in the
// browser). Under a deadline: a server build that is missing, slow or throws costs the page its
// server render, never its delivery; the shell's server then sends today's client-rendered page.
import { existsSync } from 'node:fs';
import { isServerRendered } from '@courseport/contracts/platform';

/** How long a page waits for its server render before it goes out client-rendered. */
export const RENDER_DEADLINE_MS = 300;

/** The id of the JSON block holding what the page rendered with, for the browser's hydration. */
export { SERVER_STATE_ELEMENT_ID } from '../runtime-config.mjs';

/**
 * A portal's server entry, beside its browser entry: `…/storefront/remoteEntry.js` →
 * `…/storefront/server/remoteEntry.js`.
 * @param {string} browserEntry
 */
export const serverEntryOf = (browserEntry) => new URL('server/remoteEntry.js', browserEntry).href;

/**
 * @typedef {object} ServerRender
 * @property {import('node:stream').Readable} stream the app's markup for the root element
 * @property {unknown} state the query cache it rendered with (TanStack Query's dehydrated state)
 */

/**
 * @param {object} options
 * @param {string | null} options.renderModule the shell's render module (a file), null: no server render
 * @param {number} [options.deadlineMs]
 */
export function createServerRender({ renderModule, deadlineMs = RENDER_DEADLINE_MS }) {
  /** @type {Promise<{ renderApp: Function } | null> | null} */
  let loaded = null;
  const load = () => {
    loaded ??=
      renderModule && existsSync(renderModule) ? import(renderModule).catch(() => null) : Promise.resolve(null);
    return loaded;
  };

  return {
    /**
     * The app rendered at `url` for a route of a server-rendered portal, or null (not such a route,
     * no render module, the portal's server build missing, throwing or past the deadline).
     * @param {object} options
     * @param {string} options.url
     * @param {{ route: { remote: string } } | null} options.match the URL's route
     * @param {Record<string, unknown> | undefined} options.publicConfig the API's public config
     * @param {{ remotes: Record<string, string> }} options.runtimeConfig
     * @param {string} options.apiTarget
     * @returns {Promise<ServerRender | null>}
     */
    async render({ url, match, publicConfig, runtimeConfig, apiTarget }) {
      const remote = match?.route.remote;
      if (!remote || !isServerRendered(/** @type {any} */ (remote)) || !publicConfig) return null;
      // Clerk's sign-in renders in the browser only: such a deployment keeps client-rendered pages.
      if (publicConfig.authMode === 'clerk') return null;
      const signal = AbortSignal.timeout(deadlineMs);
      try {
        const module = await Promise.race([
          load(),
          new Promise((resolve) => signal.addEventListener('abort', () => resolve(null), { once: true })),
        ]);
        if (!module) { console.error('DEBUG no module'); return null; }
        const serverRemotes = Object.fromEntries(
          Object.entries(runtimeConfig.remotes)
            .filter(([name]) => isServerRendered(/** @type {any} */ (name)))
            .map(([name, entry]) => [name, serverEntryOf(entry)]),
        );
        return await module.renderApp({ url, publicConfig, apiTarget, serverRemotes, signal });
      } catch (error) {
        console.error('DEBUG', error);
        return null;
      }
    },
  };
}
