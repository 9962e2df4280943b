import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, DEMO_PASSWORD, signedInContext } from '../support/session';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

describe("the educator's Q&A and announcements (#35)", () => {
  it('the demo educator answers an open question from the Q&A inbox', { timeout: 120_000 }, async () => {
    const educator = await signedInContext(browser, platform.urls.shell, DEMO.educator);
    const page = await educator.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${platform.urls.shell}/educator`);
    await page.getByRole('link', { name: 'Q&A' }).click();
    await page.getByRole('heading', { level: 1, name: 'Q&A' }).waitFor();
    const open = page.getByRole('button', { name: /^Open '/ }).first();
    await open.waitFor();
    // Unanswered first: the seed left one question open.
    await page.locator('.ed-qa-item').first().getByText('Unanswered').waitFor();
    await open.click();
    const thread = page.locator('.ed-qa-thread').first();
    await thread.getByText('No answers yet: be the first to help.').waitFor();
    await thread.getByLabel('Your answer').fill('Good question: see the chapter summary.\n\nIt lists every step.');
    await thread.getByRole('button', { name: 'Post answer' }).click();
    await thread.getByText('Instructor').waitFor();
    await thread
      .getByRole('button', { name: /^Accept / })
      .first()
      .click();
    await thread.getByText('Accepted answer').waitFor();
    await expectAccessible(page);
    await shoot(page, 'educator-questions');
    await educator.close();
  });

  it('the demo educator announces to a course from My Courses', { timeout: 120_000 }, async () => {
    const educator = await signedInContext(browser, platform.urls.shell, DEMO.educator);
    const page = await educator.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${platform.urls.shell}/educator/my-courses`);
    await page
      .getByRole('link', { name: /^Announce to the students of / })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    const form = page.getByRole('form', { name: 'Post announcement' });
    await form.getByLabel('Title').fill('Office hours on Friday');
    await form.getByRole('textbox', { name: 'Message' }).click();
    await page.locator('.ProseMirror:focus').waitFor();
    await page.keyboard.type('Bring your questions about the projects.');
    await form.getByRole('button', { name: 'Post announcement' }).click();
    const sent = page.getByRole('list', { name: 'Sent announcements' });
    await sent.getByRole('heading', { name: 'Office hours on Friday' }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'educator-announcements');
    await educator.close();
  });
  it('an admin hides a question with a reason from the Q&A tab; the student no longer sees it; restored', {
    timeout: 180_000,
  }, async () => {
    const title = 'Is IntelliJ Community enough for the course?';
    // The demo student's Java course and its first lesson, where the seed asked that question.
    const { token } = await fetch(`${platform.urls.api}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: DEMO.student, password: DEMO_PASSWORD }),
    }).then((r) => r.json());
    const { enrolledCourses } = await fetch(`${platform.urls.api}/api/user/enrolled-courses`, {
      headers: { Authorization: `Bearer ${token}` },
    }).then((r) => r.json());
    const course = enrolledCourses.find((c: { courseTitle: string }) => /Java/.test(c.courseTitle));
    const lectureId = course.courseContent[0].chapterContent[0].lectureId as string;

    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const studentPage = await student.newPage();
    await studentPage.setViewportSize({ width: 1280, height: 900 });
    /** The lesson's Q&A as the student sees it, once its list is there. */
    const openStudentQa = async () => {
      await studentPage.goto(`${platform.urls.shell}/player/${course._id}?lecture=${encodeURIComponent(lectureId)}`);
      await studentPage
        .getByRole('tablist', { name: 'Questions, notes and announcements' })
        .getByRole('tab', { name: 'Q&A' })
        .click();
      // Another question of the same lesson: the list has loaded.
      await studentPage.getByText('Which JDK version should I install?').first().waitFor();
    };
    await openStudentQa();
    expect(await studentPage.getByText(title).count()).toBeGreaterThan(0);

    const admin = await signedInContext(browser, platform.urls.shell, DEMO.admin);
    const page = await admin.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${platform.urls.shell}/admin`);
    await page.getByRole('tab', { name: 'Q&A' }).click();
    await page.getByRole('list', { name: 'Questions and answers' }).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search questions and answers' });
    await search.fill('IntelliJ');
    await search.press('Enter');
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await row.waitFor();
    await row.getByRole('button', { name: /^Hide / }).click();
    const dialog = page.getByRole('dialog', { name: 'Hide this question?' });
    await dialog.getByLabel('Reason for hiding').fill('Asked and answered in the course FAQ');
    await expectAccessible(page);
    await shoot(page, 'admin-qa-hide-dialog');
    await dialog.getByRole('button', { name: 'Hide question' }).click();
    await row.getByText('Asked and answered in the course FAQ').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: /^Restore / }).waitFor();
    await expectAccessible(page);
    await shoot(page, 'admin-qa-hidden');

    // The student: gone from the lesson's Q&A.
    await openStudentQa();
    expect(await studentPage.getByText(title).count()).toBe(0);

    // Restored: back for the student.
    await row.getByRole('button', { name: /^Restore / }).click();
    await row.getByRole('button', { name: /^Hide / }).waitFor();
    expect(await row.getByText('Asked and answered in the course FAQ').count()).toBe(0);
    await openStudentQa();
    await studentPage.getByText(title).first().waitFor();
    await student.close();
    await admin.close();
  });
});
