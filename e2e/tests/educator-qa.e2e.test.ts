import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { expectAccessible } from '../support/axe';
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
});
