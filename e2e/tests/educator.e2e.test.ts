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

/**
 * Every course action on My Courses (Edit, Publish, Unpublish, Archive, Delete) can be brought into
 * view and is inside the viewport, uncovered, at this width: nothing hides beyond a scrolling table.
 */
async function expectActionsReachable(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  // Afresh at this width: the sidebar as it starts (expanded from 768 px up), no toast over the page.
  await page.reload();
  const content = page.locator('#ed-content');
  const actions = content
    .getByRole('link', { name: /^Edit '/ })
    .or(content.getByRole('button', { name: /^(Publish|Unpublish|Archive|Delete) '/ }));
  await actions.first().waitFor();
  const count = await actions.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) {
    const action = actions.nth(i);
    await action.scrollIntoViewIfNeeded();
    const name = await action.getAttribute('aria-label');
    const placed = await action.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const [x, y] = [box.left + box.width / 2, box.top + box.height / 2];
      const top = document.elementFromPoint(x, y);
      return {
        left: box.left,
        right: box.right,
        top: box.top,
        bottom: box.bottom,
        onTop: Boolean(top && (el === top || el.contains(top))),
      };
    });
    expect({ name, width, ...placed }).toEqual({
      name,
      width,
      left: expect.toSatisfy((v: number) => v >= -1),
      right: expect.toSatisfy((v: number) => v <= width + 1),
      top: expect.toSatisfy((v: number) => v >= -1),
      bottom: expect.toSatisfy((v: number) => v <= 901),
      onTop: true,
    });
  }
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
    for (const width of [1280, 1440, 390]) await expectActionsReachable(page, width);
    await page.setViewportSize({ width: 1280, height: 900 });

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
