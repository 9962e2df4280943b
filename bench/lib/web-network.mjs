// The browser's network log for one page load, from Chrome DevTools Protocol events: what was
// requested, when (CDP monotonic seconds, the clock of Page.lifecycleEvent, so "started before
// first contentful paint" compares like with like) and how many bytes came over the wire
// (`encodedDataLength` of Network.loadingFinished: compressed body plus headers, as transferred).

/** @typedef {import('playwright-core').CDPSession} CDPSession */
/** @typedef {import('playwright-core').BrowserContext} BrowserContext */
/** @typedef {import('playwright-core').Page} Page */

/**
 * @typedef {object} NetworkRequest
 * @property {string} id CDP request id
 * @property {string} url
 * @property {string} method
 * @property {string} resourceType CDP resource type (Document, Script, Stylesheet, Image, Fetch, XHR, Font, Other…)
 * @property {string} [mimeType]
 * @property {number} [status] HTTP status
 * @property {number} startTime CDP monotonic seconds (Network.requestWillBeSent)
 * @property {number} [endTime] CDP monotonic seconds (loadingFinished / loadingFailed)
 * @property {number} transferred bytes on the wire (headers + encoded body); 0 until finished
 * @property {number} [headerBytes] response header bytes (the response's encodedDataLength when received)
 * @property {number} body encoded (gzipped) body bytes: transferred − header bytes
 * @property {boolean} fromCache served from the memory or disk cache
 * @property {boolean} done finished or failed
 * @property {string} [failure] Network.loadingFailed error text
 * @property {boolean} [canceled] the browser canceled it (navigation, page closed…)
 */

/** The byte categories of the report, in display order. */
export const CATEGORIES = ['js', 'css', 'image', 'json', 'document', 'font', 'other'];

/**
 * The category of a request: by the browser's resource type first, then by the response type
 * (the favicon, for one, is resource type "Other" with an image type).
 * @param {Pick<NetworkRequest, 'resourceType' | 'mimeType' | 'url'>} request
 * @returns {string} one of {@link CATEGORIES}
 */
export function categoryOf({ resourceType, mimeType = '', url }) {
  switch (resourceType) {
    case 'Script':
      return 'js';
    case 'Stylesheet':
      return 'css';
    case 'Image':
      return 'image';
    case 'Font':
      return 'font';
    case 'Document':
      return 'document';
    case 'Fetch':
    case 'XHR':
      return 'json';
  }
  if (/javascript|ecmascript/.test(mimeType) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (mimeType === 'text/css') return 'css';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('font/')) return 'font';
  if (mimeType.includes('json')) return 'json';
  return 'other';
}

/**
 * Starts recording the network and lifecycle events of the page behind `cdp` (a session made with
 * `context.newCDPSession(page)` before navigating).
 * @param {CDPSession} cdp
 */
export async function recordNetwork(cdp) {
  /** @type {Map<string, NetworkRequest>} */
  const requests = new Map();
  /** @type {NetworkRequest[]} redirect hops, each a finished request of its own */
  const redirects = [];
  /** @type {{ name: string, timestamp: number, frameId: string }[]} */
  const lifecycle = [];
  let lastActivity = 0;
  let stopped = false;

  const on = (event, handler) =>
    cdp.on(event, (params) => {
      if (stopped) return;
      lastActivity = Date.now();
      handler(params);
    });

  on('Network.requestWillBeSent', (e) => {
    const previous = requests.get(e.requestId);
    if (previous && e.redirectResponse) {
      redirects.push({
        ...previous,
        id: `${e.requestId}:redirect${redirects.length}`,
        status: e.redirectResponse.status,
        mimeType: e.redirectResponse.mimeType,
        transferred: e.redirectResponse.encodedDataLength ?? 0,
        body: 0,
        endTime: e.timestamp,
        done: true,
      });
    }
    requests.set(e.requestId, {
      id: e.requestId,
      url: e.request.url,
      method: e.request.method,
      resourceType: e.type ?? 'Other',
      startTime: e.timestamp,
      transferred: 0,
      body: 0,
      fromCache: false,
      done: false,
    });
  });
  on('Network.requestServedFromCache', (e) => {
    const request = requests.get(e.requestId);
    if (request) request.fromCache = true;
  });
  on('Network.responseReceived', (e) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    request.status = e.response.status;
    request.mimeType = e.response.mimeType;
    request.headerBytes = e.response.encodedDataLength;
    if (e.response.fromDiskCache || e.response.fromPrefetchCache) request.fromCache = true;
    if (e.type) request.resourceType = e.type;
  });
  on('Network.loadingFinished', (e) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    request.transferred = e.encodedDataLength;
    request.body = Math.max(0, e.encodedDataLength - (request.headerBytes ?? 0));
    request.endTime = e.timestamp;
    request.done = true;
  });
  on('Network.loadingFailed', (e) => {
    const request = requests.get(e.requestId);
    if (!request) return;
    request.failure = e.errorText;
    request.canceled = Boolean(e.canceled);
    request.endTime = e.timestamp;
    request.done = true;
  });
  on('Page.lifecycleEvent', (e) => lifecycle.push({ name: e.name, timestamp: e.timestamp, frameId: e.frameId }));

  await cdp.send('Network.enable');
  await cdp.send('Page.enable');
  await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
  const { frameTree } = await cdp.send('Page.getFrameTree');
  const mainFrameId = frameTree.frame.id;

  return {
    /** Every request so far, redirect hops included, in the order they started. */
    requests() {
      return [...redirects, ...requests.values()].sort((a, b) => a.startTime - b.startTime);
    },
    /** Requests started and not yet finished or failed. */
    inFlight() {
      return [...requests.values()].filter((r) => !r.done).length;
    },
    /** Milliseconds since the last network or lifecycle event. */
    quietFor() {
      return Date.now() - lastActivity;
    },
    /**
     * The CDP timestamp of a main-frame lifecycle event (`firstContentfulPaint`, `load`…), the
     * first one after the last navigation's `init`.
     * @param {string} name
     * @returns {number | undefined}
     */
    lifecycleTime(name) {
      const main = lifecycle.filter((e) => e.frameId === mainFrameId);
      const init = main.findLastIndex((e) => e.name === 'init');
      return main.slice(Math.max(init, 0)).find((e) => e.name === name)?.timestamp;
    },
    /** Stops recording: later events (page closing, cancelled requests) are ignored. */
    stop() {
      stopped = true;
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof recordNetwork>>} NetworkRecorder */

/**
 * Totals of one load: bytes by category, the number of requests, and how many of them started
 * before `before` (a CDP timestamp, e.g. first contentful paint).
 * @param {NetworkRequest[]} requests
 * @param {number} [before]
 */
export function summarizeRequests(requests, before) {
  /** @type {Record<string, number>} */
  const bytes = Object.fromEntries(CATEGORIES.map((c) => [c, 0]));
  for (const request of requests) bytes[categoryOf(request)] += request.transferred;
  const total = Object.values(bytes).reduce((a, b) => a + b, 0);
  return {
    bytes,
    total,
    /** JS bodies only (gzipped, without response headers). */
    jsBody: requests.filter((r) => categoryOf(r) === 'js').reduce((sum, r) => sum + r.body, 0),
    requests: requests.length,
    requestsBeforeFcp: before === undefined ? undefined : requests.filter((r) => r.startTime < before).length,
  };
}

/**
 * Script URLs requested more than once in one load (a shared library fetched twice would show up
 * here if it came from the same file; a second copy from another file shows in the federation
 * share scope instead).
 * @param {NetworkRequest[]} requests
 * @returns {string[]}
 */
export function duplicateScripts(requests) {
  const counts = new Map();
  for (const r of requests) if (categoryOf(r) === 'js') counts.set(r.url, (counts.get(r.url) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([url]) => url);
}

/**
 * The JavaScript responses of one load with their transferred (gzipped, headers included) sizes,
 * biggest first. Reusable on its own: give it a page of a fresh browser context (or the context,
 * and a page is opened and closed in it) so the load is cold.
 *
 * @example
 * const context = await browser.newContext();
 * const scripts = await jsResponsesForColdLoad(context, 'http://localhost:3000/');
 * const total = scripts.reduce((sum, s) => sum + s.transferred, 0);
 *
 * @param {Page | BrowserContext} target
 * @param {string} url
 * @param {object} [options]
 * @param {number} [options.settleMs] extra wait after network idle for late chunks (default 500)
 * @returns {Promise<{ url: string, transferred: number, body: number, status: number | undefined }[]>}
 *   transferred: headers + gzipped body; body: the gzipped body alone
 */
export async function jsResponsesForColdLoad(target, url, { settleMs = 500 } = {}) {
  const ownPage = !('goto' in target);
  const page = ownPage ? await /** @type {BrowserContext} */ (target).newPage() : /** @type {Page} */ (target);
  const cdp = await page.context().newCDPSession(page);
  try {
    const network = await recordNetwork(cdp);
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(settleMs);
    network.stop();
    return network
      .requests()
      .filter((r) => categoryOf(r) === 'js' && !r.failure)
      .map((r) => ({ url: r.url, transferred: r.transferred, body: r.body, status: r.status }))
      .sort((a, b) => b.transferred - a.transferred);
  } finally {
    await cdp.detach().catch(() => {});
    if (ownPage) await page.close();
  }
}

/**
 * A load's requests as text, one line each in the order they started: start and end in ms from
 * the first request, bytes transferred, category and URL (its path, for this origin's).
 * @param {NetworkRequest[]} requests
 */
export function waterfall(requests) {
  const sorted = [...requests].sort((a, b) => a.startTime - b.startTime);
  const origin = sorted[0]?.startTime ?? 0;
  const ms = (/** @type {number | undefined} */ t) =>
    t === undefined ? '   …' : String(Math.round((t - origin) * 1000)).padStart(5);
  return sorted
    .map((r) => {
      const { pathname, search } = new URL(r.url, 'http://local');
      const where = r.url.startsWith('data:') ? 'data:…' : `${pathname}${search}`;
      return `    ${ms(r.startTime)} → ${ms(r.endTime)} ms ${(r.transferred / 1024).toFixed(1).padStart(6)} KB ${categoryOf(r).padEnd(8)} ${where}`;
    })
    .join('\n');
}
