// Page timings measured inside the page with PerformanceObservers that an init script registers
// before any of the page's own scripts run (Playwright's addInitScript), and the Lighthouse-like
// mobile throttling applied through the Chrome DevTools Protocol.

/** @typedef {import('playwright-core').CDPSession} CDPSession */
/** @typedef {import('playwright-core').Page} Page */

/**
 * Lighthouse's "mobile slow 4G" preset: 150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU ×4,
 * on a Moto G Power sized screen. Applied as DevTools throttling (per request latency, throughput
 * caps), not Lighthouse's simulation, so the numbers are observed rather than modelled.
 */
export const MOBILE_SLOW_4G = {
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
  cpuSlowdown: 4,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36',
};

/** Browser context options for the throttled pass (mobile screen and user agent). */
export function mobileContextOptions(profile = MOBILE_SLOW_4G) {
  return {
    viewport: profile.viewport,
    deviceScaleFactor: profile.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: profile.userAgent,
  };
}

/**
 * Network and CPU throttling for the page behind `cdp` (call after Network.enable, before
 * navigating).
 * @param {CDPSession} cdp
 */
export async function applyThrottling(cdp, profile = MOBILE_SLOW_4G) {
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downloadBytesPerSecond,
    uploadThroughput: profile.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
}

/**
 * Runs in the page before its scripts (it is serialized, so it must not use anything from this
 * module's scope). Records FCP (`paint`), LCP candidates (`largest-contentful-paint`, buffered;
 * observation stops at the first input, as in the LCP definition) and every long task (`longtask`,
 * tasks over 50 ms on the main thread) into `window.__benchWeb`.
 */
export function installObservers() {
  /** @type {{ fcp?: number, lcp?: number, lcpElement?: string, lcpStoppedByInput: boolean, longTasks: { start: number, duration: number }[] }} */
  const state = { lcpStoppedByInput: false, longTasks: [] };
  Object.defineProperty(window, '__benchWeb', { value: state });

  const observe = (type, callback) => {
    try {
      const observer = new PerformanceObserver((list) => callback(list.getEntries()));
      observer.observe({ type, buffered: true });
      return observer;
    } catch {
      return undefined;
    }
  };
  const describe = (element) => {
    if (!element) return undefined;
    const src = element.currentSrc || element.src;
    const text = src ? src.replace(/^https?:\/\/[^/]+/, '') : (element.textContent ?? '').trim().slice(0, 40);
    return `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/)[0]}` : ''} ${text}`.trim();
  };

  observe('paint', (entries) => {
    for (const entry of entries) if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  });
  const onLcp = (entries) => {
    const last = entries[entries.length - 1];
    if (!last) return;
    state.lcp = last.startTime;
    state.lcpElement = describe(last.element);
  };
  const lcpObserver = observe('largest-contentful-paint', onLcp);
  observe('longtask', (entries) => {
    for (const entry of entries) state.longTasks.push({ start: entry.startTime, duration: entry.duration });
  });
  const stopLcp = () => {
    if (!lcpObserver) return;
    onLcp(lcpObserver.takeRecords());
    lcpObserver.disconnect();
    state.lcpStoppedByInput = true;
  };
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, stopLcp, { once: true, capture: true });
}

/**
 * Runs in the page before its scripts (serialized, like `installObservers`): records in
 * `window.__benchContent.at` when the page's own main content first became visible, the
 * `performance.now()` of the animation frame in which an element matching `selector` first had a
 * box on screen (more than 2 × 2 px, so a screen-reader-only heading does not count). The check runs
 * once per frame after the DOM changed, not on every mutation, so the probe costs the page little.
 * @param {string} selector CSS selector of the page's main content (a list of alternatives allowed)
 */
export function installContentProbe(selector) {
  /** @type {{ selector: string, at?: number, element?: string }} */
  const state = { selector };
  Object.defineProperty(window, '__benchContent', { value: state });
  let scheduled = false;
  /** @type {MutationObserver | undefined} */
  let observer;
  const visible = (element) => {
    const box = element.getBoundingClientRect();
    if (box.width <= 2 || box.height <= 2) return false;
    const style = getComputedStyle(element);
    return style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const check = () => {
    scheduled = false;
    if (state.at !== undefined) return;
    for (const element of document.querySelectorAll(selector)) {
      if (!visible(element)) continue;
      state.at = performance.now();
      const text = (element.textContent ?? '').trim().slice(0, 40);
      state.element =
        `${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className.trim() ? `.${element.className.trim().split(/\s+/)[0]}` : ''} ${text}`.trim();
      observer?.disconnect();
      return;
    }
  };
  const schedule = () => {
    if (scheduled || state.at !== undefined) return;
    scheduled = true;
    requestAnimationFrame(check);
  };
  observer = new MutationObserver(schedule);
  // The document itself: its element may not exist yet when this runs, and a server-rendered page's
  // content arrives while it is parsed.
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
  schedule();
}

/**
 * What the observers recorded, read once the page has settled.
 * @param {Page} page
 */
export async function readTimings(page) {
  return page.evaluate(() => {
    const state = /** @type {any} */ (window).__benchWeb;
    return {
      fcp: state.fcp,
      lcp: state.lcp,
      lcpElement: state.lcpElement,
      appStart: performance.getEntriesByName('courseport:app-start')[0]?.startTime,
      appReady: performance.getEntriesByName('courseport:app-ready')[0]?.startTime,
      content: /** @type {any} */ (window).__benchContent?.at,
      contentElement: /** @type {any} */ (window).__benchContent?.element,
      longTasks: [...state.longTasks],
      now: performance.now(),
    };
  });
}

/**
 * Total Blocking Time as Lighthouse defines it: for every long task, the part over 50 ms, counting
 * only the part of the task between first contentful paint and `end` (when the page went quiet).
 * @param {{ start: number, duration: number }[]} longTasks
 * @param {number} fcp
 * @param {number} end
 */
export function totalBlockingTime(longTasks, fcp, end) {
  let sum = 0;
  for (const task of longTasks) {
    const start = Math.max(task.start, fcp);
    const stop = Math.min(task.start + task.duration, end);
    if (stop - start > 50) sum += stop - start - 50;
  }
  return sum;
}

/**
 * Waits for the page to settle: Playwright's network idle (already awaited by the caller), then
 * until the network log has been quiet and no long task has ended for `quietMs`, at most
 * `timeoutMs`.
 * @param {Page} page
 * @param {{ inFlight(): number, quietFor(): number }} network
 * @param {{ quietMs?: number, timeoutMs?: number }} [options]
 */
export async function waitForQuiet(page, network, { quietMs = 1000, timeoutMs = 30_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  await page.waitForTimeout(quietMs);
  while (Date.now() < deadline) {
    const { lastTaskEnd, now } = await page.evaluate(() => {
      const tasks = /** @type {any} */ (window).__benchWeb.longTasks;
      const last = tasks[tasks.length - 1];
      return { lastTaskEnd: last ? last.start + last.duration : 0, now: performance.now() };
    });
    if (network.inFlight() === 0 && network.quietFor() >= quietMs && now - lastTaskEnd >= quietMs) return true;
    await page.waitForTimeout(200);
  }
  return false;
}
