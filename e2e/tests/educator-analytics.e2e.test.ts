import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, DEMO_PASSWORD, signedInContext } from '../support/session';
import { endVideo, playTo, standInPlayers, useYouTubeStandIn } from '../support/youtube-stand-in';

/**
 * Issue #36's journey, through the product's own screens: the educator makes a coupon and a student
 * buys the course with it (the local checkout); the student watches the first lesson to its end and
 * stops at the second; the student buys another of the educator's courses and the admin refunds
 * it; the admin runs a payout and records its bank reference; the educator downloads the month's
 * statement, then sees on Analytics the sale (what was paid after the coupon, and their share
 * after the platform fee) and the second lesson's drop-off. The demo's own sales are there too,
 * so each figure is checked as it moved from before the journey. Each step is one test.
 */

const now = new Date();
const today = now.toISOString().slice(0, 10);
const thisMonth = today.slice(0, 7);
const COURSE = 'TypeScript Deep Dive'; // Eddie Educator's, Rs 599, no discount; the demo student has it not.
const EDUCATOR = 'Eddie Educator';
const CODE = 'E2E-36';
const PAID = 49_900; // Rs 599 less the coupon's Rs 100, in paise
const REFERENCE = 'NEFT-E2E-ANALYTICS';

let platform: Platform;
let browser: Browser;
let contexts: BrowserContext[] = [];
let teach: Page;
let learn: Page;
let run: Page;
let course: { _id: string; courseTitle: string };
/** Another course of the educator's that the student buys and gets refunded. */
let refunded: { _id: string; courseTitle: string };

/** What the educator's Analytics showed for the course before the journey. */
const before = { grossPaise: 0, netPaise: 0, sales: 0, lessons: [] as string[][] };
let feePercent = 0;

type Card = { _id: string; courseTitle: string; educator: { name: string } };

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  const { courses } = (await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json())) as {
    courses: Card[];
  };
  course = courses.find((c) => c.courseTitle === COURSE) as Card;
  const signIn = await fetch(`${platform.urls.api}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: DEMO.student, password: DEMO_PASSWORD }),
  }).then((r) => r.json());
  const { enrolledCourses } = (await fetch(`${platform.urls.api}/api/user/enrolled-courses`, {
    headers: { Authorization: `Bearer ${signIn.token}` },
  }).then((r) => r.json())) as { enrolledCourses: Array<{ _id: string }> };
  const owned = new Set(enrolledCourses.map((c) => c._id));
  refunded = courses.find((c) => c.educator.name === EDUCATOR && c._id !== course._id && !owned.has(c._id)) as Card;
  expect(refunded, 'another course of the educator the student has not').toBeDefined();

  contexts = await Promise.all(
    [DEMO.educator, DEMO.student, DEMO.admin].map((email) => signedInContext(browser, platform.urls.shell, email)),
  );
  [teach, learn, run] = (await Promise.all(contexts.map((context) => context.newPage()))) as [Page, Page, Page];
  for (const page of [teach, learn, run]) {
    page.setDefaultTimeout(15_000);
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await useYouTubeStandIn(learn);
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await platform?.stop();
});

/** Fails naming every serious axe finding, at 1280 and 390 px. */
async function expectAccessible(page: Page, where: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page), `${where} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** 'Rs 1,234.50' → 123450 paise. */
const paiseOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);

/** One total card's value on the Analytics page. */
const total = (label: string): Locator =>
  teach
    .getByRole('list', { name: 'Totals for this period' })
    .getByRole('listitem')
    .filter({ hasText: label })
    .locator('.ed-an-total-value');

/** The lessons' table of the course on the Analytics page: each row's cells. */
async function lessonRows(): Promise<string[][]> {
  const table = teach.getByRole('table', { name: `Lesson reach: ${COURSE}` });
  await table.waitFor();
  const rows = table.locator('tbody tr');
  const result: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) result.push(await rows.nth(i).locator('td').allTextContents());
  return result;
}

/** Analytics for the course over the last 30 days, opened from the sidebar and the course filter. */
async function openAnalytics(): Promise<void> {
  await teach.goto(`${platform.urls.shell}/educator`);
  await teach.getByRole('navigation', { name: 'Educator' }).getByRole('link', { name: 'Analytics' }).click();
  await teach.waitForURL(`${platform.urls.shell}/educator/analytics`);
  await teach.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
  await total('Gross revenue').waitFor();
  await teach.getByLabel('Course', { exact: true }).selectOption({ label: COURSE });
  await teach.waitForURL(/[?&]course=/);
  await lessonRows();
}

describe('Educator analytics (#36): a sale with a coupon, a refund, a payout, a statement, the drop-off', () => {
  it('shows the educator their analytics before the journey', async () => {
    await openAnalytics();
    expect(await teach.title()).toMatch(/^Analytics · Educator/);
    before.grossPaise = paiseOf((await total('Gross revenue').textContent()) ?? '');
    before.netPaise = paiseOf((await total('Net revenue').textContent()) ?? '');
    before.sales = Number(await total('Sales').textContent());
    before.lessons = await lessonRows();
    expect(before.lessons.length).toBeGreaterThan(1);
    await teach.goto(`${platform.urls.shell}/educator/earnings`);
    const fee = await teach.getByText(/platform fee on new sales is (\d+(\.\d+)?)%/).textContent();
    feePercent = Number(/is (\d+(?:\.\d+)?)%/.exec(fee ?? '')?.[1]);
    expect(feePercent).toBeGreaterThan(0);
  });

  it('the educator makes a coupon; the student buys the course with it', { timeout: 60_000 }, async () => {
    await teach.goto(`${platform.urls.shell}/educator/coupons`);
    await teach.getByRole('heading', { level: 1, name: 'Coupons' }).waitFor();
    await teach.getByRole('button', { name: 'Create Coupon' }).first().click();
    const dialog = teach.getByRole('dialog', { name: 'Create Coupon' });
    await dialog.getByRole('option', { name: COURSE }).waitFor({ state: 'attached' });
    await dialog.getByLabel('Course', { exact: true }).selectOption({ label: COURSE });
    await dialog.getByLabel('Code').fill(CODE);
    await dialog.getByLabel('Fixed amount (Rs)').check();
    await dialog.getByLabel('Amount off').fill('100');
    await dialog.getByRole('button', { name: 'Create Coupon' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await teach.getByRole('row').filter({ hasText: CODE }).waitFor();

    await learn.goto(`${platform.urls.shell}/course/${course._id}`);
    const card = learn.getByRole('complementary', { name: 'Enroll in this course' });
    await card.getByRole('button', { name: 'Have a coupon?' }).click();
    await card.getByLabel('Coupon code').fill(CODE);
    await card.getByRole('button', { name: 'Apply' }).click();
    await card.locator('.sf-purchase-current').filter({ hasText: 'Rs 499.00' }).waitFor();
    await card.getByRole('button', { name: 'Enroll Now' }).click();
    await learn.waitForURL(/\/checkout\/cs_local_/);
    await learn.getByRole('button', { name: 'Pay Rs 499.00' }).click();
    await learn.waitForURL(`${platform.urls.shell}/my-enrollments`, { timeout: 15_000 });
    await learn.getByRole('row').filter({ hasText: COURSE }).waitFor();
  });

  it('the student watches the first lesson to its end and stops at the second', { timeout: 60_000 }, async () => {
    await learn.goto(`${platform.urls.shell}/player/${course._id}`);
    await learn.getByText('Course Structure').waitFor();
    await learn
      .getByRole('button', { name: /^Watch/ })
      .first()
      .click();
    const videoId = await learn.locator('iframe[data-video-id]').getAttribute('data-video-id');
    await expect.poll(async () => (await standInPlayers(learn)).at(-1)?.videoId).toBe(videoId);
    const saved = learn.waitForRequest(
      (request) =>
        request.url().endsWith('/api/user/save-position') &&
        (request.postDataJSON() as { seconds?: number }).seconds === 0,
    );
    await playTo(learn, 60);
    await endVideo(learn);
    await learn
      .getByRole('button', { name: /^Completed:/ })
      .first()
      .waitFor();
    // The player moves the student's place to the next lesson, where they stop.
    const request = await saved;
    expect((request.postDataJSON() as { lectureId: string }).lectureId).toBeTruthy();
    expect((await request.response())?.ok()).toBe(true);
  });

  it('the student buys another course; the admin refunds it', { timeout: 60_000 }, async () => {
    await learn.goto(`${platform.urls.shell}/course/${refunded._id}`);
    await learn.getByRole('button', { name: 'Enroll Now' }).click();
    await learn.waitForURL(/\/checkout\/cs_local_/);
    await learn.getByRole('button', { name: /^Pay Rs / }).click();
    await learn.waitForURL(`${platform.urls.shell}/my-enrollments`, { timeout: 15_000 });
    await learn.getByRole('row').filter({ hasText: refunded.courseTitle }).waitFor();

    await run.goto(`${platform.urls.shell}/admin`);
    await run.getByRole('tab', { name: 'Purchases' }).click();
    const newest = run.getByRole('tabpanel', { name: 'Purchases' }).getByRole('row').nth(1);
    await newest.getByText(refunded.courseTitle).waitFor();
    await newest.getByRole('button', { name: 'Refund' }).click();
    const confirm = run.getByRole('dialog', { name: 'Refund this purchase?' });
    await confirm.getByRole('button', { name: 'Refund' }).click();
    await newest.getByText('Refunded', { exact: true }).waitFor();
  });

  it('the admin runs a payout and records its bank reference', { timeout: 60_000 }, async () => {
    await run.goto(`${platform.urls.shell}/admin/payouts`);
    await run.getByRole('table', { name: "Educators' balances" }).getByText(EDUCATOR).waitFor();
    // Today's sales wait out the refund window: an adjustment makes money available to pay now.
    await run.getByRole('button', { name: `Adjust ${EDUCATOR}'s balance` }).click();
    let dialog = run.getByRole('dialog', { name: `Adjust ${EDUCATOR}'s balance` });
    await dialog.getByLabel('Amount in rupees').fill('5000');
    await dialog.getByLabel('Reason').fill('Analytics journey bonus');
    await dialog.getByRole('button', { name: 'Record adjustment' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await run.getByLabel(/Up to a day/).check();
    await run.getByRole('button', { name: 'Run payout' }).click();
    await run
      .getByRole('dialog')
      .filter({ hasText: `Run the payout up to ${today}?` })
      .getByRole('button', { name: 'Run payout' })
      .click();
    await run.getByText(new RegExp(`Payout run run-${today}: \\d+ payout\\(s\\) written`)).waitFor();
    await run.getByRole('button', { name: `Record payment of ${EDUCATOR} (run-${today})` }).click();
    dialog = run.getByRole('dialog', { name: `Record the payment to ${EDUCATOR}` });
    await dialog.getByLabel('Bank reference').fill(REFERENCE);
    await dialog.getByRole('button', { name: 'Record payment' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await run.getByRole('table', { name: 'Payouts' }).getByText(REFERENCE).waitFor();
  });

  it("the educator downloads this month's statement: the coupon sale, the refund, the payout", async () => {
    await teach.goto(`${platform.urls.shell}/educator/earnings`);
    await teach
      .getByRole('table', { name: /^Payouts/ })
      .getByText(REFERENCE)
      .waitFor();
    await teach.getByLabel('Month', { exact: true }).fill(thisMonth);
    const [download] = await Promise.all([
      teach.waitForEvent('download'),
      teach.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`courseport-statement-${thisMonth}.csv`);
    const csv = await readFile((await download.path()) as string, 'utf8');
    const net = ((PAID * (100 - feePercent)) / 100 / 100).toFixed(2);
    expect(csv).toContain(`Sale,${COURSE},Coupon ${CODE}: 100.00 off 599.00,499.00,`);
    expect(csv).toContain(`,${net},`);
    expect(csv).toMatch(
      new RegExp(`\\d{4}-\\d{2}-\\d{2},Refund,${refunded.courseTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')},`),
    );
    expect(csv).toMatch(/,Payout,/);
  });

  it("shows the sale and the second lesson's drop-off on the educator's Analytics", { timeout: 90_000 }, async () => {
    await openAnalytics();
    const share = Math.round((PAID * (100 - feePercent)) / 100);
    // The counters follow each write; read again until the sale is there.
    await expect
      .poll(
        async () => {
          await teach.reload();
          return paiseOf((await total('Gross revenue').textContent()) ?? '');
        },
        { timeout: 30_000 },
      )
      .toBe(before.grossPaise + PAID);
    expect(paiseOf((await total('Net revenue').textContent()) ?? '')).toBe(before.netPaise + share);
    expect(Number(await total('Sales').textContent())).toBe(before.sales + 1);

    // Today's row of the revenue table: the sale at Rs 499.00 among that day's.
    const revenue = teach.getByRole('region', { name: 'Revenue', exact: true });
    await revenue.getByRole('button', { name: 'Show data table' }).click();
    const todayRow = revenue.getByRole('row').last();
    const cells = await todayRow.locator('td').allTextContents();
    expect(paiseOf(cells[2] ?? '')).toBeGreaterThanOrEqual(PAID);

    // The lessons: the first started and finished once more, the second started once more and
    // the student stopped there.
    const after = await lessonRows();
    const moved = after.map((row, i) => {
      const was = before.lessons[i] ?? [];
      return [3, 4, 5].map((col) => Number(row[col]) - Number(was[col]));
    });
    expect(moved[0]).toEqual([1, 1, 0]);
    expect(moved[1]).toEqual([1, 0, 1]);
    expect(
      moved
        .slice(2)
        .flat()
        .every((n) => n === 0),
    ).toBe(true);
    await teach.getByText(/Most students stopped at lesson/).waitFor();

    await expectAccessible(teach, 'Analytics');
    await shoot(teach, 'analytics-course');

    // All courses: the refund of the other course counts too.
    await teach.getByLabel('Course', { exact: true }).selectOption({ label: 'All courses' });
    await teach.getByText(/Choose a course above/).waitFor();
    const refunds = total('Refunds');
    expect(Number(await refunds.textContent())).toBeGreaterThanOrEqual(1);
    await expectAccessible(teach, 'Analytics, all courses');
    await shoot(teach, 'analytics-all');
  });
});
