import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe('the storefront', () => {
  it('searches the catalog, opens a course, previews a free lecture, and asks a visitor to sign in to enroll', {
    timeout: 90_000,
  }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(platform.urls.shell);
    await page.getByText('Learn from the best').waitFor();
    await page.locator('a[href^="/course/"]').first().waitFor();
    await page.waitForLoadState('networkidle');
    await shoot(page, 'home');

    // Search from the hero, in any case.
    await page.getByLabel('Search for courses').first().fill('jAvA');
    await page.getByRole('button', { name: 'Search' }).first().click();
    await page.waitForURL(/\/course-list\/jAvA$/);
    await page.getByText('Course List', { exact: true }).first().waitFor();
    const titles = () => page.locator('a[href^="/course/"]').allInnerTexts();
    await page.locator('a[href^="/course/"]').first().waitFor();
    const found = await titles();
    expect(found.length).toBe(3);
    for (const card of found) expect(card.toLowerCase()).toContain('java');
    await page.getByText('jAvA', { exact: true }).waitFor();
    await shoot(page, 'course-list-search');

    // Clear the chip: back to every course.
    await page.getByRole('button', { name: 'Clear search' }).click();
    await page.waitForURL(/\/course-list$/);
    await expect.poll(async () => (await titles()).length).toBe(13);

    // Open a course and preview its free lecture.
    await page.locator('a[href^="/course/"]').filter({ hasText: 'Java Programming Masterclass' }).click();
    await page.getByRole('heading', { name: 'Java Programming Masterclass' }).first().waitFor();
    await page.getByText('5 days at this price!').waitFor();
    await page.getByText('20% OFF').waitFor();
    await page.getByText('Getting started', { exact: true }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: 'Play video' }).click();
    const frame = page.locator('iframe[src*="youtube-nocookie.com/embed/"]');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toContain('/embed/eIrMbAQSU34');

    // Signed out, enrolling warns 'Please login to continue' and opens the sign-in dialog.
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.getByRole('dialog').getByLabel('Email address').waitFor();
    await shoot(page, 'course-details');
    expect(errors).toEqual([]);
    await page.close();
  });
});
