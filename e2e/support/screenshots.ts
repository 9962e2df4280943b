import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

export const SCREENSHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Full-page screenshots at desktop and phone widths, to look at: `e2e/screenshots/<name>-<width>.png`. */
export async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  for (const [label, width] of [
    ['desktop', 1280],
    ['phone', 390],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
