import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, signedInContext } from '../support/session';

// A real 1×1 PNG: the API checks the bytes, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function addChapter(page: Page, name: string) {
  await page.getByRole('button', { name: '+ Add Chapter' }).click();
  await page.getByLabel('Enter Chapter Name:').fill(name);
  await page.getByRole('button', { name: 'OK' }).click();
  await page.getByText(name).first().waitFor();
}

async function addLecture(
  page: Page,
  chapter: number,
  lecture: { title: string; minutes: number; url: string; free?: boolean },
) {
  await page.getByRole('button', { name: '+ Add Lecture' }).nth(chapter).click();
  const modal = page.getByRole('dialog', { name: 'Add Lecture' });
  await modal.getByLabel('Lecture Title').fill(lecture.title);
  await modal.getByLabel('Duration (minutes)').fill(String(lecture.minutes));
  await modal.getByLabel('Lecture URL').fill(lecture.url);
  if (lecture.free) await modal.getByText('Is Preview Free?').click();
  await modal.getByRole('button', { name: 'Add' }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('the educator portal', () => {
  it('the demo educator publishes a course that the storefront then sells', { timeout: 120_000 }, async () => {
    const educator = await signedInContext(browser, platform.urls.shell, DEMO.educator);
    const page = await educator.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${platform.urls.shell}/educator`);
    await page.getByText('Latest Enrollments').waitFor();
    await shoot(page, 'educator-dashboard');

    await page.getByRole('link', { name: 'Add Course' }).first().click();
    await page.getByLabel('Course Title').fill('Playwright Testing in Practice');
    await page.locator('.ProseMirror').click();
    await page.keyboard.type('Write browser tests that stay green.');
    await page.getByLabel('Course Price').fill('300');
    await page.getByLabel('Discount %').fill('10');
    await page.locator('input[type="file"]').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: PNG });

    await addChapter(page, 'Getting started');
    await addChapter(page, 'Going further');
    await addLecture(page, 0, {
      title: 'Why browser tests',
      minutes: 7,
      url: 'https://youtu.be/freeVid0001',
      free: true,
    });
    await addLecture(page, 0, { title: 'Locators', minutes: 15, url: 'https://youtu.be/paidVid0001' });
    await addLecture(page, 1, { title: 'Fixtures', minutes: 20, url: 'https://youtu.be/paidVid0002' });
    await page.getByText('Free Preview').waitFor();
    await shoot(page, 'educator-add-course');

    await page.getByRole('button', { name: 'ADD', exact: true }).click();
    await page.getByText('Course added successfully!').waitFor();
    // A link to the new course, and 'Add another' for a blank form.
    await page.getByRole('link', { name: 'View course page' }).waitFor();
    await shoot(page, 'educator-course-added');
    await page.getByRole('button', { name: 'Add another' }).click();
    expect(await page.getByLabel('Course Title').inputValue()).toBe('');
    expect(await page.getByText('Getting started').count()).toBe(0);

    await page.getByRole('link', { name: 'My Courses' }).first().click();
    const row = page.getByRole('row').filter({ hasText: 'Playwright Testing in Practice' });
    await row.waitFor();
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(/Rs 0 0 /);
    await shoot(page, 'educator-my-courses');

    // The storefront sells it, with a preview only on the free lecture.
    const catalog = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
    const course = catalog.courses.find(
      (c: { courseTitle: string }) => c.courseTitle === 'Playwright Testing in Practice',
    );
    expect(course).toMatchObject({ coursePrice: 300, discount: 10, educator: { name: 'Eddie Educator' } });
    const visitor = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visitor.goto(`${platform.urls.shell}/course-list/playwright`);
    await visitor.locator('a[href^="/course/"]').filter({ hasText: 'Playwright Testing in Practice' }).click();
    await visitor.getByText('Rs 270.00').first().waitFor();
    await visitor.getByText('Getting started', { exact: true }).click();
    await visitor.getByText('Going further', { exact: true }).click();
    expect(await visitor.getByRole('button', { name: 'Preview' }).count()).toBe(1);
    await educator.close();
    await visitor.close();
  });
});
