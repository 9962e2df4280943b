// #21 Discovery, the storefront's part: a visitor filters the course list by category and price,
// sorts it by rating, opens the same URL again (the same list), and picks a suggestion while
// typing. Assumes the demo catalog gives its courses categories, with `web-development` among
// them, and has 'Node.js and Koa APIs'.
import type { Browser, Page } from 'playwright-core';
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

const cardTitles = (page: Page) =>
  page.getByRole('list', { name: 'Courses' }).getByRole('heading', { level: 3 }).allInnerTexts();

describe('discovery', () => {
  it('filters by category and free, sorts by rating, shares the URL, and picks a suggestion', {
    timeout: 120_000,
  }, async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(`${platform.urls.shell}/course-list`);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await page.getByText(/^Showing \d+ courses?/).waitFor();

    // Category: Web Development (its count beside it).
    await filters
      .getByRole('group', { name: 'Category' })
      .getByRole('checkbox', { name: /^Web Development \(\d+\)$/ })
      .check();
    await page.waitForURL(/\/course-list\?category=web-development$/);
    await page.getByRole('button', { name: 'Remove filter Web Development' }).waitFor();

    // Price: Free.
    await filters.getByRole('group', { name: 'Price' }).getByRole('radio', { name: /^Free/ }).check();
    await page.waitForURL(/\/course-list\?category=web-development&price=free$/);

    // Sort: Highest rated.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('rating');
    await page.waitForURL(/\/course-list\?category=web-development&price=free&sort=rating$/);
    await page.waitForLoadState('networkidle');
    const sorted = await cardTitles(page).catch(() => [] as string[]);
    const url = page.url();
    await shoot(page, 'discovery-filtered');

    // Back undoes the sort.
    await page.goBack();
    await page.waitForURL(/\/course-list\?category=web-development&price=free$/);
    await expect.poll(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('newest');

    // The shared URL, opened anew, restores the same list and choices.
    const shared = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await shared.goto(url);
    await shared.waitForLoadState('networkidle');
    expect(await cardTitles(shared).catch(() => [] as string[])).toEqual(sorted);
    await expect
      .poll(() =>
        shared
          .getByRole('complementary', { name: 'Filters' })
          .getByRole('group', { name: 'Price' })
          .getByRole('radio', { name: /^Free/ })
          .isChecked(),
      )
      .toBe(true);
    expect(await shared.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('rating');
    await shared.close();

    // Suggestions while typing: 'koa', then pick the course.
    await page.goto(platform.urls.shell);
    await page.getByText('Learn from the best').waitFor();
    const box = page.getByRole('combobox', { name: 'Search for courses' }).first();
    await box.fill('koa');
    const option = page.getByRole('option', { name: /Koa/ }).first();
    await option.waitFor();
    await expect.poll(() => box.getAttribute('aria-expanded')).toBe('true');
    await shoot(page, 'discovery-suggestions');
    await box.press('ArrowDown');
    await expect.poll(async () => (await box.getAttribute('aria-activedescendant')) !== null).toBe(true);
    await box.press('Enter');
    await page.waitForURL(/\/course\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: /Koa/ }).waitFor();

    expect(errors).toEqual([]);
    await page.close();
  });

  it('opens the filters in a sheet on a phone', { timeout: 60_000 }, async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${platform.urls.shell}/course-list`);
    await page.getByText(/^Showing \d+ courses?/).waitFor();
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    // The radio is controlled by the URL: it shows checked once the navigation has landed (and the
    // sheet may still be sliding in), so click, then wait for the URL and the state.
    const free = sheet.getByRole('group', { name: 'Price' }).getByRole('radio', { name: /^Free/ });
    await free.click();
    await page.waitForURL(/\/course-list\?price=free$/);
    await expect.poll(() => free.isChecked()).toBe(true);
    await sheet.getByRole('button', { name: /^Show \d+ courses?$/ }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Filters (1)' }).isVisible()).toBe(true);
    await shoot(page, 'discovery-phone-filters');
    await page.close();
  });
});
