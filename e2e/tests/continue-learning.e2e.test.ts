/**
 * Issue #20, the learner's journey: the player saves where the student is and reopens there (the
 * lecture and its second), a lecture is completed by reaching its video's end, and finishing the
 * course gives a certificate: a PDF naming the student and the course, and a public page anyone can
 * open to confirm it. YouTube is not reachable here: its IFrame API is a stand-in with the real
 * API's shape (e2e/support/youtube-stand-in.ts).
 */
import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../api/test/support/pdf';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, signedInContext } from '../support/session';
import { endVideo, pauseVideo, playTo, standInPlayers, useYouTubeStandIn } from '../support/youtube-stand-in';

let platform: Platform;
let browser: Browser;
let student: BrowserContext;
let page: Page;
/** The course the journey learns in: the demo student's first enrollment. */
const journey = { courseId: '', courseTitle: '', lectureTitle: '' };

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  student = await signedInContext(browser, platform.urls.shell, DEMO.student);
  page = await student.newPage();
  page.setDefaultTimeout(15_000);
  await useYouTubeStandIn(page);
});
afterAll(async () => {
  await student?.close();
  await browser?.close();
  await platform?.stop();
});

/** Waits until the stand-in has `count` players: the page attached one to the lecture's video. */
const playersReach = (count: number) =>
  page.waitForFunction(
    (n) => ((window as unknown as { __youtube?: { players: unknown[] } }).__youtube?.players.length ?? 0) >= n,
    count,
  );

describe('continue learning', { timeout: 120_000 }, () => {
  it('saves the lecture and second the student paused at', async () => {
    await page.goto(`${platform.urls.shell}/my-enrollments`);
    // A course of videos (the demo's Java course also has a quiz and a project, completed otherwise).
    const link = page.getByRole('link', { name: /^Continue: .+, in JavaScript Essentials$/ }).first();
    const name = (await link.getAttribute('aria-label')) ?? '';
    const href = (await link.getAttribute('href')) ?? '';
    [, journey.lectureTitle = '', journey.courseTitle = ''] = /^Continue: (.+), in (.+)$/.exec(name) ?? [];
    journey.courseId = /\/player\/([^?]+)/.exec(href)?.[1] ?? '';
    expect(journey.courseId).not.toBe('');

    await link.click();
    await page.getByText('Course Structure').waitFor();
    await playersReach(1);
    const saved = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/user/save-position') &&
        (request.postDataJSON() as { seconds?: number }).seconds === 42,
    );
    await playTo(page, 42);
    await pauseVideo(page);
    const body = (await saved).postDataJSON() as { courseId: string; lectureId: string };
    expect(body.courseId).toBe(journey.courseId);
  });

  it('reopens the player at that lecture and second', async () => {
    await page.goto(`${platform.urls.shell}/player/${journey.courseId}`);
    await page.getByRole('button', { name: `Mark Complete: ${journey.lectureTitle}` }).waitFor();
    await playersReach(1);
    await page.waitForFunction(() =>
      (window as unknown as { __youtube: { players: Array<{ seeks: number[] }> } }).__youtube.players
        .at(-1)
        ?.seeks.includes(42),
    );
    await shoot(page, 'player-resumed');
  });

  it('completes the last lecture when its video ends, and offers the certificate', async () => {
    // Every lecture but the last by hand, as before.
    const headers = page.locator('.cp-chapter-toggle');
    for (let i = 0; i < (await headers.count()); i++) {
      const item = page.locator('.cp-chapter').nth(i);
      if (!(await item.getAttribute('class'))?.includes('cp-chapter-open')) await headers.nth(i).click();
    }
    const watch = page.getByRole('button', { name: /^Watch/ });
    const total = await watch.count();
    expect(total).toBeGreaterThan(1);
    for (let i = 0; i < total - 1; i++) {
      await watch.nth(i).click();
      const mark = page.getByRole('button', { name: /^(Mark Complete|Completed):/ });
      if ((await mark.textContent())?.includes('Mark Complete')) await mark.click();
      await page.getByRole('button', { name: /^Completed:/ }).waitFor();
    }

    // The last one by reaching the end of its video (once the stand-in plays that video).
    await watch.nth(total - 1).click();
    const videoId = await page.locator('iframe[data-video-id]').getAttribute('data-video-id');
    await expect.poll(async () => (await standInPlayers(page)).at(-1)?.videoId).toBe(videoId);
    await playTo(page, 100);
    await endVideo(page);
    await page.getByRole('button', { name: /^Completed:/ }).waitFor();
    await page.getByText('Course complete!').waitFor();
    await shoot(page, 'player-course-complete');
  });

  it('downloads a certificate that names the student and the course, and anyone can confirm it', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page
        .getByRole('button', { name: /^Download certificate/ })
        .first()
        .click(),
    ]);
    const text = await pdfText(await readFile((await download.path()) ?? ''));
    expect(text).toContain('Sam Student');
    expect(text).toContain(journey.courseTitle);
    const id = /\/certificate\/([\w-]{22})/.exec(text)?.[1];
    expect(id).toBeDefined();

    const visitor = await browser.newContext();
    const verification = await visitor.newPage();
    await verification.goto(`${platform.urls.shell}/certificate/${id}`);
    await verification.getByText('This certificate is valid').waitFor();
    await verification.getByText('Sam Student').waitFor();
    await verification.getByText(journey.courseTitle).first().waitFor();
    await shoot(verification, 'certificate-verification');
    await visitor.close();
  });
});
