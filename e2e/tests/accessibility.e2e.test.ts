import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { DEMO, signedInContext } from '../support/session';

let platform: Platform;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await platform?.stop();
});

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

async function visitor(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  contexts.push(context);
  return context.newPage();
}

async function signedIn(email: string, viewport: { width: number; height: number }): Promise<Page> {
  const context = await signedInContext(browser, platform.urls.shell, email);
  contexts.push(context);
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  return page;
}

/** No serious or critical violation, and nothing wider than the screen. */
async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each(WIDTHS)('the pages this session added, at $name width', ({ viewport }) => {
  it('home with the demo banner and the sign-in dialog', async () => {
    const page = await visitor(viewport);
    await page.goto(platform.urls.shell);
    await page.getByRole('complementary', { name: 'Demo notice' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('dialog').getByLabel('Email address').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: /send/i }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('the reset-password page, with a link and with a broken one', async () => {
    const page = await visitor(viewport);
    await page.goto(`${platform.urls.shell}/reset-password?token=${'a'.repeat(43)}`);
    await page.getByLabel('New password', { exact: true }).waitFor();
    await expectAccessible(page);
    await page.goto(`${platform.urls.shell}/reset-password`);
    await page.getByText('This reset link is invalid or has expired.').waitFor();
    await expectAccessible(page);
  });

  it("a student's purchase history", async () => {
    const page = await signedIn(DEMO.student, viewport);
    await page.goto(`${platform.urls.shell}/purchase-history`);
    await page.getByRole('heading', { name: 'Purchase history' }).waitFor();
    await page.getByText('Java Programming Masterclass').first().waitFor();
    await expectAccessible(page);
  });

  it("the admin's purchases tab", async () => {
    const page = await signedIn(DEMO.admin, viewport);
    await page.goto(`${platform.urls.shell}/admin`);
    await page.getByRole('tab', { name: 'Purchases' }).click();
    await page.getByRole('button', { name: 'Refund' }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
