// The server render of the portals' pages that have one (the storefront's): the shell's render
// module (dist/server/render.js, built from src/server/render.tsx) renders the app at the URL,
// loading the page from the portal's server build (`server/remoteEntry.js` beside the browser's
// entry, by the URL in the runtime config: a portal's release is a change of config, as in the
// browser). It runs in a worker thread (render-worker.mjs). Under a deadline: a server build that
// is missing, slow or throws costs the page its server render, never its delivery; the shell's
// server then sends today's client-rendered page.
import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { isServerRendered } from '@courseport/contracts/platform';
import { signedInShellPage } from '../routes.mjs';

/** How long a page waits for its server render before it goes out client-rendered. */
export const RENDER_DEADLINE_MS = 300;

/**
 * A signed-in page's (#34) wait: longer, because it fetches the user's profile and then the page's
 * data, and because rendered in the browser instead it shows its content seconds later on a phone.
 */
export const SIGNED_IN_RENDER_DEADLINE_MS = 1_000;

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
 * @property {string} styles antd's CSS the page used (`<style>` elements, for the head)
 * @property {string} [title] the title the page named while rendering
 * @property {{ identity: object, user: object } | undefined} [session] the signed-in user it was rendered for
 *   (their identity and profile, which the browser starts with)
 */

/**
 * @param {object} options
 * @param {string | null} options.renderModule the shell's render module (a file), null: no server render
 * @param {number} [options.deadlineMs] a public page's deadline
 * @param {number} [options.signedInDeadlineMs] a signed-in page's
 */
export function createServerRender({
  renderModule,
  deadlineMs = RENDER_DEADLINE_MS,
  signedInDeadlineMs = Math.max(deadlineMs, SIGNED_IN_RENDER_DEADLINE_MS),
}) {
  /** @type {Worker | null} */
  let worker = null;
  /** @type {Map<number, (answer: { html?: string, state?: unknown, styles?: string, session?: any, title?: string, error?: string }) => void>} */
  const pending = new Map();
  let nextId = 0;

  const start = () => {
    if (worker) return worker;
    const thread = new Worker(new URL('./render-worker.mjs', import.meta.url), { workerData: { renderModule } });
    thread.unref();
    thread.on('message', ({ id, ...answer }) => {
      pending.get(id)?.(answer);
      pending.delete(id);
    });
    // A thread that died takes its renders with it; the next page starts a new one.
    const fail = () => {
      for (const settle of pending.values()) settle({ error: 'The render thread stopped' });
      pending.clear();
      if (worker === thread) worker = null;
    };
    thread.on('error', fail);
    thread.on('exit', fail);
    worker = thread;
    return thread;
  };

  const enabled = renderModule !== null && existsSync(renderModule);

  return {
    /**
     * The app rendered at `url` for a route of a server-rendered portal or a signed-in shell page,
     * or null (not such a page, no render module, the portal's server build missing, throwing or
     * past the deadline).
     * @param {object} options
     * @param {string} options.url
     * @param {{ route: { remote: string, signedIn?: true, serverRender?: false } } | null} options.match the URL's route
     * @param {Record<string, unknown> | undefined} options.publicConfig the API's public config
     * @param {{ remotes: Record<string, string> }} options.runtimeConfig
     * @param {string} options.apiTarget
     * @param {import('./page-session.mjs').PageSession['user']} [options.user] the signed-in user
     *   (a signed-in page is rendered only for them)
     * @returns {Promise<ServerRender | null>}
     */
    async render({ url, match, publicConfig, runtimeConfig, apiTarget, user = null }) {
      const remote = match?.route.remote;
      // The shell's own signed-in page (the mail settings, #34), rendered for its user as a portal's.
      const shellPage = match ? null : signedInShellPage(new URL(url, 'http://x').pathname);
      if (!enabled || !publicConfig) return null;
      if (!shellPage && (!remote || !isServerRendered(/** @type {any} */ (remote)))) return null;
      const signedIn = shellPage !== null || match?.route.signedIn === true;
      if (match?.route.serverRender === false || (signedIn && !user)) return null;
      // Clerk's sign-in renders in the browser only: such a deployment keeps client-rendered pages.
      if (publicConfig.authMode === 'clerk') return null;
      const serverRemotes = Object.fromEntries(
        Object.entries(runtimeConfig.remotes)
          .filter(([name]) => isServerRendered(/** @type {any} */ (name)))
          .map(([name, entry]) => [name, serverEntryOf(entry)]),
      );
      const thread = start();
      const id = nextId++;
      const answer = await new Promise((resolve) => {
        const timer = setTimeout(
          () => {
            pending.delete(id);
            thread.postMessage({ id, abort: true });
            resolve({ error: 'Past the deadline' });
          },
          signedIn ? signedInDeadlineMs : deadlineMs,
        );
        pending.set(id, (value) => {
          clearTimeout(timer);
          resolve(value);
        });
        thread.postMessage({
          id,
          options: { url, publicConfig, apiTarget, serverRemotes, ...(signedIn ? { user } : {}) },
        });
      });
      if (typeof answer.html !== 'string') {
        if (process.env.DEBUG_RENDER) console.error('render failed', url, answer.error);
        return null;
      }
      return {
        stream: Readable.from([answer.html]),
        state: answer.state,
        styles: typeof answer.styles === 'string' ? answer.styles : '',
        session: answer.session,
        title: typeof answer.title === 'string' ? answer.title : undefined,
      };
    },
    /** Stops the render thread (the server is closing). */
    async close() {
      await worker?.terminate();
      worker = null;
    },
  };
}
