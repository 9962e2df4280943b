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

// Eddie Educator's (educator@courseport.dev) course at Rs 599, no discount: whole rupees, so the
// earnings (summed in paise, rounded down) move by exactly its price. The demo student does not own it.
const COURSE = 'TypeScript Deep Dive';
const PRICE = 599;

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
  const amount = Number(text.replace(/^\D+/, ''));
  expect(text, 'Total Earnings').toMatch(/^Rs \d+$/);
  return amount;
}

/** The student's row for the course on the purchase history page, reached from My Enrollments. */
async function openPurchaseHistory(page: Page) {
  await page.goto(`${platform.urls.shell}/my-enrollments`);
  await page.getByRole('link', { name: 'Purchase history' }).click();
  await page.waitForURL(`${platform.urls.shell}/purchase-history`);
  await page.getByRole('heading', { level: 1, name: 'Purchase history' }).waitFor();
  expect(await page.title()).toBe('Purchase history · Courseport');
  const row = page.getByRole('row').filter({ hasText: COURSE });
  await row.waitFor();
  return row;
}

describe('refunds', () => {
  let student: BrowserContext;
  let admin: BrowserContext;
  let educator: BrowserContext;

  afterAll(async () => {
    await Promise.all([student?.close(), admin?.close(), educator?.close()]);
  });

  it('the admin refunds a purchase: the student loses the course and the educator the earnings', {
    timeout: 180_000,
  }, async () => {
    const course = await courseNamed(COURSE);
    [student, admin, educator] = await Promise.all([
      signedInContext(browser, platform.urls.shell, DEMO.student),
      signedInContext(browser, platform.urls.shell, DEMO.admin),
      signedInContext(browser, platform.urls.shell, DEMO.educator),
    ]);
    const educatorPage = await educator.newPage();
    const before = await earnings(educatorPage);

    // The student buys the course through the local checkout.
    const page = await student.newPage();
    await page.goto(`${platform.urls.shell}/course/${course._id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.waitForURL(/\/checkout\/cs_local_/);
    await page.getByRole('button', { name: `Pay Rs ${PRICE}.00` }).click();
    await page.waitForURL(`${platform.urls.shell}/my-enrollments`, { timeout: 15_000 });
    await page.getByRole('row').filter({ hasText: COURSE }).waitFor();

    // ...and sees it in the purchase history, completed.
    const bought = await openPurchaseHistory(page);
    await bought.getByText('Completed', { exact: true }).waitFor();
    await bought.getByText(`Rs ${PRICE}.00`).waitFor();
    await bought.getByText('Simulated payment').waitFor();
    await bought.getByRole('link', { name: COURSE }).waitFor();
    const receipt = await bought.locator('code').textContent();
    expect(receipt).toMatch(/^[a-f0-9]{24}$/);
    await shoot(page, 'purchase-history');
    expect(await earnings(educatorPage)).toBe(before + PRICE);

    // The admin finds it (newest first) and refunds it.
    const adminPage = await admin.newPage();
    await adminPage.setViewportSize({ width: 1280, height: 900 });
    await adminPage.goto(`${platform.urls.shell}/admin`);
    await adminPage.getByRole('tab', { name: 'Purchases' }).click();
    const newest = adminPage.getByRole('tabpanel', { name: 'Purchases' }).getByRole('row').nth(1);
    await newest.waitFor();
    expect(await newest.textContent()).toContain(COURSE);
    expect(await newest.textContent()).toContain(DEMO.student);
    await newest.getByText('Simulated').waitFor();
    await newest.getByText('Completed', { exact: true }).waitFor();
    await shoot(adminPage, 'admin-purchases');

    await newest.getByRole('button', { name: 'Refund' }).click();
    const confirm = adminPage.getByRole('dialog', { name: 'Refund this purchase?' });
    await confirm.getByText('The student loses access to the course.').waitFor();
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await adminPage.getByText('Purchase refunded').first().waitFor();
    await newest.getByText('Refunded', { exact: true }).waitFor();
    expect(await newest.getByRole('button', { name: 'Refund' }).count()).toBe(0);
    await confirm.waitFor({ state: 'hidden' });
    await shoot(adminPage, 'admin-purchases-refunded');

    // The student no longer has the course; the history keeps the purchase, refunded.
    await page.goto(`${platform.urls.shell}/my-enrollments`);
    await page.getByRole('row').filter({ hasText: 'Java Programming Masterclass' }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: COURSE }).count()).toBe(0);
    await shoot(page, 'my-enrollments-after-refund');
    const refunded = await openPurchaseHistory(page);
    await refunded.getByText('Refunded', { exact: true }).waitFor();
    expect(await refunded.locator('code').textContent()).toBe(receipt);
    await shoot(page, 'purchase-history-refunded');

    // The course page offers it for sale again.
    await page.goto(`${platform.urls.shell}/course/${course._id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).waitFor();

    // The educator's earnings drop by what was paid.
    expect(await earnings(educatorPage)).toBe(before);
  });

  it('a student has no Purchases tab', async () => {
    const context = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await context.newPage();
    await page.goto(`${platform.urls.shell}/admin`);
    await page.getByText('Access Denied').waitFor();
    expect(await page.getByRole('tab', { name: 'Purchases' }).count()).toBe(0);
    await context.close();
  });

  it("the admin dashboard: the brand header, each tab at its URL (Back, Forward, a new tab), the e-mail form's message", {
    timeout: 90_000,
  }, async () => {
    const context = await signedInContext(browser, platform.urls.shell, DEMO.admin);
    const page = await context.newPage();
    const shell = platform.urls.shell;
    await page.goto(`${shell}/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('link', { name: 'Courseport' }).getAttribute('href')).toBe('/');
    await page.getByRole('button', { name: 'Refresh' }).waitFor();
    const selected = (name: string) => page.getByRole('tab', { name, selected: true });
    await selected('Educator Requests').waitFor();
    await shoot(page, 'admin-header-tabs');

    await page.getByRole('tab', { name: 'Admin Emails' }).click();
    await page.waitForURL(`${shell}/admin/emails`);
    await page.getByText('Admin Email Management').waitFor();
    expect(await page.title()).toBe('Admin Emails · Admin · Courseport');
    await page.getByRole('tab', { name: 'Purchases' }).click();
    await page.waitForURL(`${shell}/admin/purchases`);
    await selected('Purchases').waitFor();

    // The browser's Back and Forward move between the tabs.
    await page.goBack();
    await page.waitForURL(`${shell}/admin/emails`);
    await selected('Admin Emails').waitFor();
    await page.goBack();
    await page.waitForURL(`${shell}/admin`);
    await selected('Educator Requests').waitFor();
    await page.goForward();
    await page.waitForURL(`${shell}/admin/emails`);
    await selected('Admin Emails').waitFor();

    // A tab's link opened in a new browser tab opens that tab.
    expect(await page.getByRole('tab', { name: 'Releases' }).getAttribute('href')).toBe('/admin/releases');
    const other = await context.newPage();
    await other.goto(`${shell}/admin/releases`);
    await other.getByRole('tab', { name: 'Releases', selected: true }).waitFor();
    await other.getByRole('heading', { name: 'Portal releases' }).waitFor();
    expect(await other.title()).toBe('Releases · Admin · Courseport');
    await other.close();

    // The allow-list form: a sentence, not the schema's 'Invalid input: email: ...'.
    await page.getByLabel('Admin email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Add Email' }).click();
    await page.getByText('Please enter a valid email address').first().waitFor();
    expect(await page.getByText(/Invalid input/).count()).toBe(0);
    await context.close();
  });
});
