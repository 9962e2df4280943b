// One cold page load: a new browser context (empty cache; no cookies, or a signed-in user's session
// cookie), a CDP session recording the network, the timing observers installed before the page's
// scripts, optional mobile throttling, then navigation, settling, and everything read back.

import { sharedModules } from './web-federation.mjs';
import {
  applyThrottling,
  installContentProbe,
  installObservers,
  MOBILE_SLOW_4G,
  mobileContextOptions,
  readTimings,
  totalBlockingTime,
  waitForQuiet,
} from './web-metrics.mjs';
import { categoryOf, duplicateScripts, recordNetwork, summarizeRequests } from './web-network.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('./web-network.mjs').NetworkRequest} NetworkRequest */
/** @typedef {import('./web-session.mjs').StorageState} StorageState */

/** Viewport of the unthrottled pass (Playwright's default desktop size). */
export const DESKTOP_VIEWPORT = { width: 1280, height: 720 };

/**
 * Responses that are errors by HTTP status but expected on a cold, signed-out visit: the shell
 * asks the API to renew a session from the (absent) session cookie and is told 401.
 * @param {NetworkRequest} request
 */
function expectedErrorStatus(request) {
  return request.status === 401 && request.method === 'POST' && new URL(request.url).pathname === '/api/auth/refresh';
}

/**
 * @typedef {object} LoadResult
 * @property {string} url
 * @property {boolean} throttled
 * @property {NetworkRequest[]} requests
 * @property {ReturnType<typeof summarizeRequests>} summary requests before FCP counted by CDP time
 * @property {{ url: string, transferred: number, body: number }[]} scripts JS responses, biggest first
 * @property {string[]} duplicateScripts
 * @property {Awaited<ReturnType<typeof sharedModules>>} federation
 * @property {number | undefined} fcp ms from navigation start
 * @property {number | undefined} lcp ms from navigation start
 * @property {string | undefined} lcpElement
 * @property {number | undefined} appStart ms from navigation start: the shell starts rendering (hydrating) the page
 * @property {number | undefined} appReady ms from navigation start: the app has committed its first
 *   render (a server-rendered page taken over and answering clicks): 'usable'
 * @property {number | undefined} content ms from navigation start: the page's own main content (the
 *   `content` option's selector) first had a box on screen
 * @property {string | undefined} contentElement what matched the `content` selector
 * @property {StorageState | undefined} storageState the context's state once settled, when it
 *   started from one (the rotated session cookie, for the user's next load)
 * @property {number | undefined} tbt ms
 * @property {number} longTasks
 * @property {boolean} settled the page went quiet before the time limit
 * @property {string[]} errors page errors and failed requests
 * @property {string[]} consoleErrors console errors (reported, not fatal)
 * @property {string[]} [singletonProblems] set by the caller, who knows which singletons to expect
 * @property {unknown} [inspected] what the `inspect` option's function returned, run in the settled page
 */

/**
 * @param {Browser} browser
 * @param {string} url
 * @param {{ throttled?: boolean, timeoutMs?: number, inspect?: () => unknown, storageState?: StorageState, content?: string }} [options]
 *   `inspect`: a function evaluated in the page once it has settled (e.g. counting its cards);
 *   `storageState`: a signed-in user's browser state (a returning user: the session cookie is set,
 *   the cache is still empty); `content`: the CSS selector of the page's own main content, whose
 *   first appearance is timed (the load fails when it never appears)
 * @returns {Promise<LoadResult>}
 */
export async function coldLoad(
  browser,
  url,
  { throttled = false, timeoutMs = 90_000, inspect, storageState, content } = {},
) {
  const context = await browser.newContext({
    ...(throttled ? mobileContextOptions() : { viewport: DESKTOP_VIEWPORT }),
    ...(storageState ? { storageState } : {}),
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(timeoutMs);
    /** @type {string[]} */
    const errors = [];
    /** @type {string[]} */
    const consoleErrors = [];
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.addInitScript(installObservers);
    if (content) await page.addInitScript(installContentProbe, content);

    const cdp = await context.newCDPSession(page);
    const network = await recordNetwork(cdp);
    if (throttled) await applyThrottling(cdp, MOBILE_SLOW_4G);

    await page.goto(url, { waitUntil: 'networkidle', timeout: timeoutMs });
    const settled = await waitForQuiet(page, network);
    if (content) {
      // Quiet normally means drawn; a page still waiting for its content gets a while longer.
      const shown = await page
        .waitForFunction(() => /** @type {any} */ (window).__benchContent.at !== undefined, null, { timeout: 30_000 })
        .then(() => true)
        .catch(() => false);
      if (!shown) errors.push(`its content (${content}) never appeared`);
    }
    const timings = await readTimings(page);
    const federation = await sharedModules(page);
    const inspected = inspect ? await page.evaluate(inspect) : undefined;
    network.stop();
    // The session cookie rotated if the page renewed the session: the user's next load starts here.
    const nextState = storageState ? await context.storageState() : undefined;

    const requests = network.requests();
    for (const r of requests) {
      if (r.failure && !r.canceled) errors.push(`request failed: ${r.method} ${r.url} (${r.failure})`);
      // A signed-in load renews its session: a 401 there means the session was lost.
      else if (r.status !== undefined && r.status >= 400 && (storageState || !expectedErrorStatus(r)))
        errors.push(`request failed: ${r.method} ${r.url} (HTTP ${r.status})`);
    }
    const unexpectedConsole = storageState
      ? consoleErrors
      : consoleErrors.filter((text) => !/status of 401/.test(text));

    const scripts = requests
      .filter((r) => categoryOf(r) === 'js')
      .map((r) => ({ url: r.url, transferred: r.transferred, body: r.body }))
      .sort((a, b) => b.transferred - a.transferred);

    return {
      url,
      throttled,
      requests,
      summary: summarizeRequests(requests, network.lifecycleTime('firstContentfulPaint')),
      scripts,
      duplicateScripts: duplicateScripts(requests),
      federation,
      fcp: timings.fcp,
      lcp: timings.lcp,
      lcpElement: timings.lcpElement,
      appStart: timings.appStart,
      appReady: timings.appReady,
      // Laid out is not yet painted (the first frames may still be blank, or text waiting for its
      // font): content is painted no earlier than the first contentful paint.
      content: timings.content === undefined ? undefined : Math.max(timings.content, timings.fcp ?? 0),
      contentElement: timings.contentElement,
      storageState: nextState,
      tbt: timings.fcp === undefined ? undefined : totalBlockingTime(timings.longTasks, timings.fcp, timings.now),
      longTasks: timings.longTasks.length,
      settled,
      errors,
      consoleErrors: unexpectedConsole,
      inspected,
    };
  } finally {
    await context.close();
  }
}
