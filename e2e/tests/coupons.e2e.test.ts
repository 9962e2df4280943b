import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, signedInContext } from '../support/session';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

// Eddie Educator's (educator@courseport.dev) course at Rs 599, no discount; the demo student does
// not own it. A coupon of Rs 100 off makes it Rs 499: whole rupees, so the earnings (summed in paise,
// rounded down) move by exactly what was paid.
const COURSE = 'TypeScript Deep Dive';
const CODE = 'E2E-100';

type Card = { _id: string; courseTitle: string };
const courseNamed = async (title: string): Promise<Card> => {
  const { courses } = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
  return (courses as Card[]).find((c) => c.courseTitle === title) as Card;
};

/** The educator dashboard's Total Earnings, in rupees ('Rs 12345' → 12345). */
async function earnings(page: Page): Promise<number> {
  await page.goto(`${platform.urls.shell}/educator`);
  const value = page.locator('.ed-stat').filter({ hasText: 'Total Earnings' }).locator('.ed-stat-value');
  const text = (await value.textContent()) ?? '';
  expect(text, 'Total Earnings').toMatch(/^Rs \d+$/);
  return Number(text.replace(/^\D+/, ''));
}

/** The coupon's row on the Coupons page, reached from the sidebar. */
async function couponRow(page: Page) {
  await page.goto(`${platform.urls.shell}/educator`);
  await page.getByRole('navigation', { name: 'Educator' }).getByRole('link', { name: 'Coupons' }).click();
  await page.waitForURL(`${platform.urls.shell}/educator/coupons`);
  await page.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
  expect(await page.title()).toBe('Coupons · Educator · Courseport');
  const row = page.getByRole('row').filter({ hasText: CODE });
  await row.waitFor();
  return row;
}

describe('coupons', () => {
  let student: BrowserContext;
  let educator: BrowserContext;

  afterAll(async () => {
    await Promise.all([student?.close(), educator?.close()]);
  });

  it('an educator creates a coupon; a student pays its price; the earnings and the use count follow', {
    timeout: 180_000,
  }, async () => {
    const course = await courseNamed(COURSE);
    [student, educator] = await Promise.all([
      signedInContext(browser, platform.urls.shell, DEMO.student),
      signedInContext(browser, platform.urls.shell, DEMO.educator),
    ]);
    const educatorPage = await educator.newPage();
    const before = await earnings(educatorPage);

    // The educator creates a code: Rs 100 off, 3 uses. The dialog first refuses an empty form.
    await educatorPage.goto(`${platform.urls.shell}/educator/coupons`);
    await educatorPage.getByText('No coupons yet').waitFor();
    await shoot(educatorPage, 'coupons-empty');
    await educatorPage.getByRole('button', { name: 'Create Coupon' }).first().click();
    const dialog = educatorPage.getByRole('dialog', { name: 'Create Coupon' });
    await dialog.getByRole('option', { name: COURSE }).waitFor({ state: 'attached' });
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    await dialog.getByText('Course is required').waitFor();
    await dialog.getByText('Code must be at least 3 characters').waitFor();
    await dialog.getByText('Percent off is required').waitFor();
    await shoot(educatorPage, 'coupons-dialog-errors');
    await dialog.getByLabel('Course').selectOption({ label: COURSE });
    await dialog.getByLabel('Code').fill(CODE.toLowerCase());
    await dialog.getByLabel('Fixed amount (Rs)').check();
    await dialog.getByLabel('Amount off').fill('100');
    await dialog.getByLabel('Maximum uses').fill('3');
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const created = educatorPage.getByRole('row').filter({ hasText: CODE });
    await created.waitFor();
    expect((await created.locator('td').allTextContents()).slice(0, 6)).toEqual([
      CODE,
      COURSE,
      'Rs 100 off',
      '0 / 3',
      'Never',
      'Active',
    ]);
    await shoot(educatorPage, 'coupons-list');

    // The student applies it on the course page: the server's price, the old one struck through.
    const page = await student.newPage();
    await page.goto(`${platform.urls.shell}/course/${course._id}`);
    const card = page.getByRole('complementary', { name: 'Enroll in this course' });
    await card.getByText('Rs 599.00').waitFor();
    await card.getByRole('button', { name: 'Have a coupon?' }).click();
    await card.getByLabel('Coupon code').fill('NOT-A-CODE');
    await card.getByRole('button', { name: 'Apply' }).click();
    await card.getByRole('alert').filter({ hasText: 'Coupon not found' }).waitFor();
    await card.getByLabel('Coupon code').fill(CODE.toLowerCase());
    await card.getByRole('button', { name: 'Apply' }).click();
    await card
      .getByRole('status')
      .filter({ hasText: `${CODE} applied: you save Rs 100.00` })
      .waitFor();
    await card.locator('.sf-purchase-current').filter({ hasText: 'Rs 499.00' }).waitFor();
    expect(await card.locator('s.sf-purchase-original').textContent()).toContain('Rs 599.00');
    await shoot(page, 'course-coupon-applied');

    // ...and pays that price through the local checkout.
    await card.getByRole('button', { name: 'Enroll Now' }).click();
    await page.waitForURL(/\/checkout\/cs_local_/);
    await page.getByRole('button', { name: 'Pay Rs 499.00' }).click();
    await page.waitForURL(`${platform.urls.shell}/my-enrollments`, { timeout: 15_000 });
    await page.getByRole('row').filter({ hasText: COURSE }).waitFor();

    // The educator earned what was paid, and the coupon counts one use.
    expect(await earnings(educatorPage)).toBe(before + 499);
    const used = await couponRow(educatorPage);
    await used.getByText('1 / 3').waitFor();

    await shoot(educatorPage, 'coupons-used');

    // Deactivated, it shows so.
    await used.getByRole('button', { name: `Deactivate ${CODE} (${COURSE})` }).click();
    await used.getByText('Inactive').waitFor();
    await used.getByRole('button', { name: `Activate ${CODE} (${COURSE})` }).waitFor();
  });
});
