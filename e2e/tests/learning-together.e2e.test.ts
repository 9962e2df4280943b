/**
 * #35 in the player, as the demo student uses it: the Q&A of a lesson (ask; a classmate and the
 * educator answer; the educator's answer accepted), a note taken at 0:42 that seeks back to 0:42,
 * and the course's announcements. Each tab at 1280 and 390 px, checked with axe.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, DEMO_PASSWORD, signedInContext } from '../support/session';
import { pauseVideo, playTo, standInPlayers, useYouTubeStandIn } from '../support/youtube-stand-in';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

/** A demo user's bearer token, through the API's sign-in. */
async function tokenOf(email: string): Promise<string> {
  const res = await fetch(`${platform.urls.api}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  }).then((r) => r.json());
  return res.token as string;
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${platform.urls.api}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
  return json;
}

interface Lesson {
  lectureId: string;
  lectureTitle: string;
  lectureUrl?: string;
}

async function expectAxeClean(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('learning together in the player (#35)', () => {
  it('a question asked, answered by a classmate and the educator, accepted; a note at 0:42 seeks back; announcements', {
    timeout: 180_000,
  }, async () => {
    const studentToken = await tokenOf(DEMO.student);
    const { enrolledCourses } = await call(studentToken, 'GET', '/api/user/enrolled-courses');
    // The demo student's first course: the demo's questions, notes and announcement are there.
    const course =
      enrolledCourses.find((c: { courseTitle: string }) => /Java/.test(c.courseTitle)) ?? enrolledCourses[0];
    const lessons: Lesson[] = course.courseContent.flatMap(
      (chapter: { chapterContent: Lesson[] }) => chapter.chapterContent,
    );
    const lesson = lessons.find((l) => /youtu/.test(l.lectureUrl ?? '')) as Lesson;
    expect(lesson).toBeDefined();

    const context = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await context.newPage();
    await useYouTubeStandIn(page);
    await page.goto(`${platform.urls.shell}/player/${course._id}?lecture=${lesson.lectureId}`);
    await page.getByText('Course Structure').waitFor();

    // Q&A: the lesson's questions.
    const tabs = page.getByRole('tablist', { name: 'Questions, notes and announcements' });
    await tabs.getByRole('tab', { name: 'Q&A' }).click();
    await page.getByRole('button', { name: 'Ask a question' }).waitFor();
    await page.locator('.ln-qa-list, .ln-tabpanel .cp-empty').first().waitFor();
    await expectAxeClean(page);
    await shoot(page, 'player-qa');

    // The student asks.
    await page.getByRole('button', { name: 'Ask a question' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Does this work on Windows too?');
    await page
      .getByRole('textbox', { name: 'Details (optional)' })
      .fill('I am on Windows 11.\n\nThe commands in the video look like a Mac terminal.');
    await page.getByRole('button', { name: 'Post question' }).click();
    const heading = page.getByRole('heading', { name: 'Does this work on Windows too?' });
    await heading.waitFor();
    const { questions } = await call(
      studentToken,
      'GET',
      `/api/courses/${course._id}/questions?lectureId=${encodeURIComponent(lesson.lectureId)}&q=Windows`,
    );
    const questionId = questions[0]._id as string;

    // A classmate (the admin, enrolled as a student would be, answers as anyone may) and the educator answer.
    const adminToken = await tokenOf(DEMO.admin);
    await call(adminToken, 'POST', `/api/questions/${questionId}/answers`, {
      body: '<p>Yes: use PowerShell or WSL.</p>',
    });
    const educatorToken = await tokenOf(DEMO.educator);
    const { answer: fromEducator } = await call(educatorToken, 'POST', `/api/questions/${questionId}/answers`, {
      body: '<p>It does. Every command has a Windows version in the resources.</p>',
    });
    expect(fromEducator.byInstructor).toBe(true);

    // Back to the list and into the question again: both answers, the educator's marked.
    await page.getByRole('button', { name: '← All questions' }).click();
    await page.getByRole('button', { name: 'Does this work on Windows too?' }).click();
    const answers = page.getByRole('region', { name: 'Answers' });
    await answers.getByText('2 answers').waitFor();
    const educatorAnswer = answers.getByRole('listitem').filter({ hasText: 'Every command has a Windows version' });
    await educatorAnswer.getByText('Instructor').waitFor();
    await educatorAnswer.getByRole('button', { name: 'Accept answer' }).click();
    await educatorAnswer.getByText('Accepted answer').waitFor();
    expect(await educatorAnswer.getByRole('button', { name: 'Accept answer' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const upvote = educatorAnswer.getByRole('button', { name: /^Upvote/ });
    await upvote.click();
    await expect.poll(() => upvote.getAttribute('aria-pressed')).toBe('true');
    const { question } = await call(studentToken, 'GET', `/api/questions/${questionId}`);
    expect(question.acceptedAnswerId).toBe(fromEducator._id);
    await expectAxeClean(page);
    await shoot(page, 'player-qa-question');

    // Notes: the video at 0:42, a note taken there; later, its [0:42] seeks back.
    await page.getByRole('tab', { name: 'Notes' }).click();
    await expect.poll(async () => (await standInPlayers(page)).length).toBeGreaterThan(0);
    await playTo(page, 42);
    await pauseVideo(page);
    await page.getByRole('textbox', { name: 'New note' }).fill('The Windows commands are in the resources.');
    await page.getByRole('button', { name: 'Add a note at 0:42' }).click();
    const note = page.getByRole('listitem').filter({ hasText: 'The Windows commands are in the resources.' });
    await note.waitFor();
    await playTo(page, 100);
    await note.getByRole('button', { name: '[0:42] Play the video from here' }).click();
    await expect.poll(async () => (await standInPlayers(page)).at(-1)?.seeks.at(-1)).toBe(42);
    await expectAxeClean(page);
    await shoot(page, 'player-notes');

    // Announcements: the educator's, newest first.
    await page.getByRole('tab', { name: 'Announcements' }).click();
    await page.locator('.ln-announcement, .ln-tabpanel .cp-empty').first().waitFor();
    await expectAxeClean(page);
    await shoot(page, 'player-announcements');
    await context.close();
  });
});
