import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { SCREENSHOTS, shoot } from '../support/screenshots';
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

type Card = { _id: string; courseTitle: string; ratingCount: number };
const catalog = async (): Promise<Card[]> =>
  (await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json())).courses;
const courseNamed = async (title: string) => (await catalog()).find((c) => c.courseTitle === title) as Card;

async function markEveryLecture(page: Page) {
  const headers = page.locator('.cp-chapter-toggle');
  for (let i = 0; i < (await headers.count()); i++) {
    const item = page.locator('.cp-chapter').nth(i);
    if (!(await item.getAttribute('class'))?.includes('cp-chapter-open')) await headers.nth(i).click();
  }
  const watch = page.getByRole('button', { name: 'Watch' });
  const total = await watch.count();
  for (let i = 0; i < total; i++) {
    await watch.nth(i).click();
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await page.getByRole('button', { name: 'Completed' }).waitFor();
  }
  return total;
}

describe('enrolling and learning', () => {
  it('the demo student buys a course through the local checkout, completes it and rates it', {
    timeout: 120_000,
  }, async () => {
    const course = await courseNamed('TypeScript Deep Dive');
    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await student.newPage();

    await page.goto(`${platform.urls.shell}/course/${course._id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();

    // The hosted checkout page of the local gateway.
    await page.waitForURL(/\/checkout\/cs_local_/);
    await page.getByText('TypeScript Deep Dive').waitFor();
    await page.getByRole('button', { name: 'Pay Rs 599.00' }).click();

    // Back on the payment-return page.
    await page.waitForURL(/\/loading\/my-enrollments\?purchaseId=/);
    // Verified: the page says so (no spinner, no 'Processing' left), then moves on.
    const outcome = page.getByRole('status').filter({ hasText: 'Redirecting you shortly...' });
    await outcome.getByText('Payment verified successfully!').waitFor();
    expect(await outcome.textContent()).not.toContain('Processing your payment...');
    expect(await outcome.locator('.cp-spinner').count()).toBe(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'payment-verified-desktop.png') });
    await page.setViewportSize({ width: 390, height: 800 });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'payment-verified-phone.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.waitForURL(`${platform.urls.shell}/my-enrollments`, { timeout: 10_000 });

    const row = page.getByRole('row').filter({ hasText: 'TypeScript Deep Dive' });
    await row.getByText('0 / 4 Lectures').waitFor();
    await row.getByRole('button', { name: 'On Going' }).click();
    await page.waitForURL(`${platform.urls.shell}/player/${course._id}`);
    await page.getByText('Course Structure').waitFor();

    expect(await markEveryLecture(page)).toBe(4);
    await page.getByText('Rate this Course:').waitFor();
    const ratingSaves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/user/add-rating'))
        ratingSaves.push(request.postData() ?? '');
    });
    await page.getByRole('radio', { name: '4 stars' }).click();
    await page.getByText('Rating added successfully').waitFor();
    expect(ratingSaves.map((body) => JSON.parse(body).rating)).toEqual([4]);

    // By keyboard: three quick arrow presses move the focus (and the shown star) without saving;
    // Enter saves the focused star, once.
    await page.getByRole('radio', { name: '4 stars' }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    const oneStar = page.getByRole('radio', { name: '1 star' });
    expect(await oneStar.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(ratingSaves).toHaveLength(1);
    await shoot(page, 'player-rating');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/user/add-rating'));
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    expect(ratingSaves.map((body) => JSON.parse(body).rating)).toEqual([4, 1]);
    // The stored rating is the last choice.
    await page.reload();
    await page.getByText('Rate this Course:').waitFor();
    expect(await page.getByRole('radio', { name: '1 star' }).isChecked()).toBe(true);
    expect(ratingSaves).toHaveLength(2);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Enrollments' }).click();
    const done = page.getByRole('row').filter({ hasText: 'TypeScript Deep Dive' });
    await done.getByText('4 / 4 Lectures').waitFor();
    await done.getByRole('button', { name: 'Completed' }).waitFor();

    expect((await courseNamed('TypeScript Deep Dive')).ratingCount).toBe(course.ratingCount + 1);
    await student.close();
  });

  it('a cancelled checkout enrolls nothing', async () => {
    const course = await courseNamed('Docker and Kubernetes Basics');
    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await student.newPage();
    await page.goto(`${platform.urls.shell}/course/${course._id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).click();
    await page.waitForURL(/\/checkout\/cs_local_/);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(`${platform.urls.shell}/course/${course._id}`);
    await page.getByRole('button', { name: 'Enroll Now' }).waitFor();
    await page.goto(`${platform.urls.shell}/my-enrollments`);
    await page.getByText('Java Programming Masterclass').first().waitFor();
    expect(await page.getByText('Docker and Kubernetes Basics').count()).toBe(0);
    await student.close();
  });

  it('the player recovers on its next action after the API restarts', { timeout: 90_000 }, async () => {
    const course = await courseNamed('JavaScript Essentials');
    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await student.newPage();
    await page.goto(`${platform.urls.shell}/player/${course._id}`);
    await page.getByText('Course Structure').waitFor();

    await platform.restartApi();

    await page.getByRole('button', { name: 'Watch' }).first().click();
    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await page.getByText('Lecture marked as completed').waitFor();
    await page.getByRole('button', { name: 'Completed' }).waitFor();
    await student.close();
  });
});
