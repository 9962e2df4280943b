import type { Page } from 'playwright-core';

/**
 * Counts the page's layout shifts from its first paint (the cumulative layout shift, shifts after
 * input left out); read it with `layoutShift`. Call before the page is opened.
 */
export async function trackLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { value: 0 };
    Object.assign(window, { __cls: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.value += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's layout shift so far, two frames on (so a shift caused by the last render is counted). */
export async function layoutShift(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => (window as unknown as { __cls: { value: number } }).__cls.value);
}

/**
 * Opens `url` until it comes rendered by the shell's server (it carries `#server-state`): the
 * render has a deadline, which a busy test machine can miss, and the page then comes rendered in
 * the browser, as it should. `beforeEach` runs before each try (to forget what a try recorded).
 */
export async function openServerRendered(page: Page, url: string, beforeEach: () => void = () => {}): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt++) {
    beforeEach();
    await page.goto(url);
    if ((await page.locator('#server-state').count()) === 1) return true;
  }
  return false;
}
