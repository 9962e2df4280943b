// One cold page load: a new browser context (empty cache, no cookies), a CDP session recording the
// network, the timing observers installed before the page's scripts, optional mobile throttling,
// then navigation, settling, and everything read back.

import { sharedModules } from './web-federation.mjs';
import {
  applyThrottling,
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
 * @param {{ throttled?: boolean, timeoutMs?: number, inspect?: () => unknown }} [options] `inspect`: a
 *   function evaluated in the page once it has settled (e.g. counting its cards)
 * @returns {Promise<LoadResult>}
 */
export async function coldLoad(browser, url, { throttled = false, timeoutMs = 90_000, inspect } = {}) {
  const context = await browser.newContext(throttled ? mobileContextOptions() : { viewport: DESKTOP_VIEWPORT });
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

    const cdp = await context.newCDPSession(page);
    const network = await recordNetwork(cdp);
    if (throttled) await applyThrottling(cdp, MOBILE_SLOW_4G);

    await page.goto(url, { waitUntil: 'networkidle', timeout: timeoutMs });
    const settled = await waitForQuiet(page, network);
    const timings = await readTimings(page);
    const federation = await sharedModules(page);
    const inspected = inspect ? await page.evaluate(inspect) : undefined;
    network.stop();

    const requests = network.requests();
    for (const r of requests) {
      if (r.failure && !r.canceled) errors.push(`request failed: ${r.method} ${r.url} (${r.failure})`);
      else if (r.status !== undefined && r.status >= 400 && !expectedErrorStatus(r))
        errors.push(`request failed: ${r.method} ${r.url} (HTTP ${r.status})`);
    }
    const unexpectedConsole = consoleErrors.filter((text) => !/status of 401/.test(text));

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
