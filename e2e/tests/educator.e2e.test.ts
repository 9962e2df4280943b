import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { SCREENSHOTS, shoot } from '../support/screenshots';
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
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
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
  await page.screenshot({ path: path.join(SCREENSHOTS, `educator-my-courses-${width}.png`) });
  expect(await seriousViolations(page)).toEqual([]);
  const count = await actions.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) {
    const action = actions.nth(i);
    // To the middle of the screen, as a user would scroll it (the top bar is sticky: an action just
    // under it is "in view" for scrollIntoViewIfNeeded, yet covered).
    await action.evaluate((el) => el.scrollIntoView({ block: 'center' }));
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
    // The description's editor loads when its box is used (#34), then has the focus.
    await page.getByRole('textbox', { name: 'Course Description' }).click();
    await page.locator('.ProseMirror:focus').waitFor();
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

describe('Add Course keeps a half-built course', () => {
  it('a draft survives a reload (thumbnail too), and a sidebar link asks first', { timeout: 90_000 }, async () => {
    const educator = await signedInContext(browser, platform.urls.shell, DEMO.educator);
    const page = await educator.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${platform.urls.shell}/educator/add-course`);
    await page.getByLabel('Course Title').fill('Half-built: Web Performance');
    // The description's editor loads when its box is used (#34), then has the focus.
    await page.getByRole('textbox', { name: 'Course Description' }).click();
    await page.locator('.ProseMirror:focus').waitFor();
    await page.keyboard.type('Measure first, then fix.');
    await page.getByLabel('Course Price').fill('150');
    await page.locator('input[type="file"]').setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: PNG });
    await page.getByAltText('Course thumbnail preview').waitFor();
    await addChapter(page, 'Measuring');

    // A reload warns (beforeunload), then the form comes back as it was.
    const warnings: string[] = [];
    page.on('dialog', (dialog) => {
      warnings.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await page.getByRole('status', { name: 'Unsaved draft restored' }).waitFor();
    expect(warnings).toEqual(['beforeunload']);
    await expect.poll(() => page.getByLabel('Course Title').inputValue()).toBe('Half-built: Web Performance');
    expect(await page.getByLabel('Course Price').inputValue()).toBe('150');
    // The description is back in the editor's box (the editor itself loads when the box is used).
    await page
      .getByRole('textbox', { name: 'Course Description' })
      .filter({ hasText: 'Measure first, then fix.' })
      .waitFor();
    await page.locator('.ed-chapter-title', { hasText: 'Measuring' }).waitFor();
    await page.getByAltText('Course thumbnail preview').waitFor();
    await shoot(page, 'educator-add-course-draft');
    expect(await seriousViolations(page)).toEqual([]);

    // A sidebar link asks before leaving: staying keeps everything.
    await page.getByRole('link', { name: 'My Courses' }).first().click();
    const question = page.getByRole('dialog', { name: 'Leave with unsaved changes?' });
    await question.getByRole('button', { name: 'Stay on this page' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/educator/add-course');
    expect(await page.getByLabel('Course Title').inputValue()).toBe('Half-built: Web Performance');

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => page.getByLabel('Course Title').inputValue()).toBe('');
    await page.getByRole('link', { name: 'My Courses' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'My Courses' }).waitFor();
    await educator.close();
  });

  it('the page does not shift when the editor loads on a phone (CLS ~0), on Add Course and Edit Course', {
    timeout: 60_000,
  }, async () => {
    const educator = await signedInContext(browser, platform.urls.shell, DEMO.educator);
    const page = await educator.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      (w as unknown as { __shifts: string[] }).__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node?: Element; previousRect: DOMRect; currentRect: DOMRect }>;
        }>) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
          (w as unknown as { __shifts: string[] }).__shifts.push(
            `${entry.value.toFixed(4)} ${entry.sources.map((s) => `${s.node?.className ?? s.node?.nodeName} ${s.previousRect.y}->${s.currentRect.y} h${s.previousRect.height}->${s.currentRect.height}`).join(' | ')}`,
          );
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // A phone's slow network: the editor's chunk arrives well after the page.
    await page.route(/\.(js|css)$/, async (route) => {
      await new Promise((done) => setTimeout(done, 150));
      await route.continue();
    });
    await page.goto(`${platform.urls.shell}/educator/add-course`);
    // The editor loads when its box is used (#34): its placeholder holds exactly its place meanwhile.
    await page.getByRole('textbox', { name: 'Course Description' }).click();
    await page.locator('.ProseMirror:focus').waitFor();
    // Two frames: a shift from the editor's arrival is reported by then.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    // Before the fix: 0.0017 here (the form moved 7 px down as the editor replaced a shorter box).
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
    expect({ cls, shifts }).toEqual({ cls: expect.any(Number), shifts: [] });
    expect(cls).toBeLessThan(0.001);

    // Edit Course: the saved description (headings, a list) is in the box at once; the editor that
    // loads when the box is pointed at takes its place without moving anything.
    await page.goto(`${platform.urls.shell}/educator/my-courses`);
    const edit =
      (await page
        .getByRole('link', { name: /^Edit 'Go for Backend Engineers/ })
        .first()
        .getAttribute('href')) ?? '';
    await page.goto(`${platform.urls.shell}${edit}`);
    const box = page.getByRole('textbox', { name: 'Course Description' });
    await box.locator('li').first().waitFor();
    await page.evaluate(() => {
      (window as unknown as { __shifts: string[] }).__shifts = [];
    });
    await box.hover();
    await page.locator('.ProseMirror').waitFor();
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
    await educator.close();
  });
});

describe("the educator portal's account menu", () => {
  it('the top bar has the same account menu as the rest of the site: Change password, Sign out', {
    timeout: 60_000,
  }, async () => {
    const educator = await signedInContext(browser, platform.urls.shell, DEMO.educator);
    const page = await educator.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${platform.urls.shell}/educator/my-courses`);
    const bar = page.locator('header.ed-topbar');
    await bar.getByText('Hi! Eddie Educator').waitFor();
    await bar.getByRole('button', { name: 'Account menu for Eddie Educator' }).click();
    const menu = page.getByRole('menu');
    for (const item of ['Change password', 'Sign out', 'Sign out everywhere']) {
      await menu.getByRole('menuitem', { name: item, exact: true }).waitFor();
    }
    await shoot(page, 'educator-account-menu');
    expect(await seriousViolations(page)).toEqual([]);
    await menu.getByRole('menuitem', { name: 'Change password', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /change password/i });
    await dialog.getByLabel('Current password').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Sign out from the educator portal: back home, signed out.
    await bar.getByRole('button', { name: 'Account menu for Eddie Educator' }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${platform.urls.shell}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await educator.close();
  });
});
