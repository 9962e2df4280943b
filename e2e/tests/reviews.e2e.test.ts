/**
 * Issue #20, written reviews: an enrolled student rates a course and writes a review in the
 * player; the course page shows it with the rating breakdown updated; the course's educator
 * replies once from their portal, and the reply appears under the review for every visitor.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, signedInContext } from '../support/session';

const EDUCATORS: Record<string, string> = {
  'Eddie Educator': DEMO.educator,
  'Priya Sharma': 'educator2@courseport.dev',
};
const REVIEW = 'Clear explanations and practical exercises.\nThe chapter on testing was the best part.';
const REPLY = 'Thank you! A chapter on deployment is coming next month.';

let platform: Platform;
let browser: Browser;
const contexts: BrowserContext[] = [];
const course = { id: '', title: '', educator: '' };

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await platform?.stop();
});

async function pageOf(email?: string): Promise<Page> {
  const context = email
    ? await signedInContext(browser, platform.urls.shell, email)
    : await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** The course page's reviews section, once loaded. */
async function reviewsOnCoursePage(page: Page) {
  await page.goto(`${platform.urls.shell}/course/${course.id}`);
  const section = page.getByRole('region', { name: 'Student reviews' });
  await section.getByRole('list', { name: 'Rating breakdown' }).waitFor();
  return section;
}

/** The count of the breakdown's row for `stars` ('4 stars 60% (3)' → 3). */
async function breakdownCount(section: ReturnType<Page['getByRole']>, stars: number): Promise<number> {
  const row = section.getByRole('listitem').filter({ hasText: `${stars} stars` });
  return Number(/\((\d+)\)/.exec((await row.textContent()) ?? '')?.[1] ?? Number.NaN);
}

describe('written reviews', { timeout: 120_000 }, () => {
  let student: Page;
  let fourStarsBefore = 0;

  it('a student rates the course and writes a review in the player', async () => {
    student = await pageOf(DEMO.student);
    await student.goto(`${platform.urls.shell}/my-enrollments`);
    const href =
      (await student
        .getByRole('link', { name: /^Continue: / })
        .first()
        .getAttribute('href')) ?? '';
    course.id = /\/player\/([^?]+)/.exec(href)?.[1] ?? '';
    expect(course.id).not.toBe('');

    const visitor = await pageOf();
    const section = await reviewsOnCoursePage(visitor);
    fourStarsBefore = await breakdownCount(section, 4);
    course.title = (await visitor.getByRole('heading', { level: 1 }).textContent()) ?? '';
    course.educator = (await visitor.locator('a[href^="/instructor/"]').first().textContent()) ?? '';
    expect(Object.keys(EDUCATORS)).toContain(course.educator);

    await student.goto(`${platform.urls.shell}/player/${course.id}`);
    await student.getByText('Rate this Course:').waitFor();
    await student.getByRole('radio', { name: '4 stars' }).click();
    await student.getByText('Rating added successfully').waitFor();
    const mine = student.getByRole('region', { name: 'Your review' });
    await mine.getByLabel('Write your review').fill(REVIEW);
    await mine.getByRole('button', { name: 'Post review' }).click();
    await student.getByText('Review saved').waitFor();
    await mine.getByRole('button', { name: 'Save changes' }).waitFor();
    await shoot(student, 'review-written');
  });

  it('shows the review on the course page with the breakdown updated', async () => {
    const visitor = await pageOf();
    const section = await reviewsOnCoursePage(visitor);
    const review = section.getByRole('article', { name: 'Sam Student' });
    await review.waitFor();
    expect(await review.textContent()).toContain('The chapter on testing was the best part.');
    await review.getByRole('img', { name: 'Rated 4 out of 5' }).waitFor();
    expect(await breakdownCount(section, 4)).toBe(fourStarsBefore + 1);
    await review.scrollIntoViewIfNeeded();
    await shoot(visitor, 'course-reviews');
  });

  it("the course's educator replies once, and everyone sees the reply", async () => {
    const educator = await pageOf(EDUCATORS[course.educator]);
    await educator.goto(`${platform.urls.shell}/educator/reviews`);
    const list = educator.getByRole('list', { name: 'Reviews of your courses' });
    await list.waitFor();
    await list.getByRole('button', { name: `Reply to Sam Student's review of ${course.title}` }).click();
    const form = educator.getByRole('form', { name: 'Reply to Sam Student' });
    await form.getByLabel('Your reply').fill(REPLY);
    await form.getByRole('button', { name: 'Post reply' }).click();
    await educator.getByText('Reply posted').waitFor();
    await list.getByText(REPLY).waitFor();
    expect(await list.getByRole('button', { name: `Reply to Sam Student's review of ${course.title}` }).count()).toBe(
      0,
    );
    await shoot(educator, 'educator-replied');

    const visitor = await pageOf();
    const section = await reviewsOnCoursePage(visitor);
    const review = section.getByRole('article', { name: 'Sam Student' });
    await review.getByText(`Response from ${course.educator}`).waitFor();
    expect(await review.textContent()).toContain(REPLY);
  });
});
