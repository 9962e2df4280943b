import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '../support/axe';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, signedInContext } from '../support/session';

/**
 * Issue #33: video the platform hosts. An educator uploads a clip (made by ffmpeg here: a test
 * pattern and a tone), adds English captions, waits for "Ready", builds a course whose preview and
 * paid lessons play it, and publishes it. A student buys it and plays the paid lesson (its time
 * advances), turns captions on and reads the transcript; a playlist URL copied out of that session
 * is refused once it expires while the player, which renews its links, plays on. A visitor plays
 * the free preview, signed out, and the demo course's hosted preview. Each step is one test, in order.
 */

const run = promisify(execFile);
// A real 1×1 PNG: the API checks the bytes, not the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const CLIP = 'hosted-e2e.mp4';
const CLIP_SECONDS = 30;
const TITLE = 'Hosted video: Test Patterns Explained';
const PRICE = 300;
/** Signed stream URLs live this long here (VIDEO_URL_TTL_S), so expiry is seen within the journey. */
const TTL_S = 8;
const CAPTIONS = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:04.000',
  'Welcome to the test pattern.',
  '',
  '00:00:04.000 --> 00:00:09.000',
  'Listen to the tone at four hundred and forty hertz.',
  '',
  '00:00:09.000 --> 00:00:30.000',
  'That is all for this lesson.',
  '',
].join('\n');

let platform: Platform;
let browser: Browser;
let educator: BrowserContext;
let student: BrowserContext;
let visitor: BrowserContext;
let teach: Page;
let learn: Page;
let work: string;
let clip: Buffer;
const journey = { courseId: '', playlists: [] as string[] };

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'courseport-e2e-video-'));
  const clipFile = path.join(work, CLIP);
  [platform, browser] = await Promise.all([
    startTestPlatform({
      apiEnv: { VIDEO_URL_TTL_S: String(TTL_S), VIDEO_TRANSCODE_PRESET: 'ultrafast', VIDEO_JOB_POLL_MS: '250' },
    }),
    launchChromium(),
    run('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=854x480:r=25:d=${CLIP_SECONDS}`,
      '-f',
      'lavfi',
      '-i',
      `sine=f=440:d=${CLIP_SECONDS}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      clipFile,
    ]),
  ]);
  clip = await readFile(clipFile);
  [educator, student, visitor] = await Promise.all([
    signedInContext(browser, platform.urls.shell, DEMO.educator),
    signedInContext(browser, platform.urls.shell, DEMO.student),
    browser.newContext({ viewport: { width: 1280, height: 900 } }),
  ]);
  [teach, learn] = await Promise.all([educator.newPage(), student.newPage()]);
  await Promise.all([
    teach.setViewportSize({ width: 1280, height: 900 }),
    learn.setViewportSize({ width: 1280, height: 900 }),
  ]);
  learn.on('request', (request) => {
    if (/\/api\/stream\/[^/]+\/master\.m3u8$/.test(request.url())) journey.playlists.push(request.url());
  });
});
afterAll(async () => {
  await Promise.all([educator?.close(), student?.close(), visitor?.close()]);
  await browser?.close();
  await platform?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** The seconds the page's (only) video has played. */
const playedSeconds = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

/** Waits until the page's video has played past `seconds`, without an error shown. */
async function expectPlayingPast(page: Page, seconds: number): Promise<void> {
  await expect.poll(() => playedSeconds(page), { timeout: 60_000, interval: 250 }).toBeGreaterThan(seconds);
}

/** Opens every closed chapter of the course structure on the page (once it is shown). */
async function openChapters(page: Page): Promise<void> {
  await page.locator('.cp-chapter').first().waitFor();
  const toggles = page.locator('.cp-chapter:not(.cp-chapter-open) .cp-chapter-toggle');
  for (let i = await toggles.count(); i > 0; i--) await toggles.first().click();
}

async function addHostedLesson(title: string, free: boolean): Promise<void> {
  await teach.getByRole('button', { name: '+ Add Lecture' }).first().click();
  const modal = teach.getByRole('dialog', { name: 'Add Lecture' });
  await modal.getByRole('group', { name: 'Lesson type' }).getByText('Video', { exact: true }).click();
  await modal.getByLabel('Lecture Title').fill(title);
  await modal.getByText('Hosted video', { exact: true }).click();
  const select = modal.getByLabel('Your video');
  const option = select.locator('option', { hasText: CLIP });
  await option.waitFor({ state: 'attached' });
  await select.selectOption((await option.getAttribute('value')) ?? '');
  // The duration comes from the video (30 s: 1 minute), and is not typed.
  await expect.poll(() => modal.getByLabel('Duration (minutes)').inputValue()).toBe('1');
  if (free) await modal.getByText('Is Preview Free?').click();
  if (!free) {
    await expectAccessible(teach, 'the lesson dialog with a hosted video');
    await shoot(teach, 'video-lesson-dialog');
  }
  await modal.getByRole('button', { name: 'Add', exact: true }).click();
  await modal.waitFor({ state: 'hidden' });
}

describe('hosted video: upload, captions, protected playback, previews', { timeout: 180_000 }, () => {
  it('the educator uploads a clip, which is transcoded to ready, and adds English captions', async () => {
    await teach.goto(`${platform.urls.shell}/educator/videos`);
    await teach.getByRole('heading', { name: 'Upload a video' }).waitFor();
    expect(await teach.title()).toMatch(/Videos/);
    await teach.locator('input[type="file"][accept="video/*"]').setInputFiles({
      name: CLIP,
      mimeType: 'video/mp4',
      buffer: clip,
    });
    // Uploaded over tus, checked by ffprobe, queued, transcoded by the API's worker.
    const card = teach.getByRole('listitem').filter({ hasText: CLIP });
    await card.getByText('Ready', { exact: true }).waitFor({ timeout: 120_000 });
    await card.getByText('0:30').waitFor();
    await expectAccessible(teach, 'the Videos page');
    await shoot(teach, 'video-library');

    await teach.getByRole('button', { name: `Captions: ${CLIP}` }).click();
    const dialog = teach.getByRole('dialog', { name: `Captions: ${CLIP}` });
    await dialog.getByLabel('Language').selectOption('en');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'english.vtt', mimeType: 'text/vtt', buffer: Buffer.from(CAPTIONS) });
    await dialog.getByRole('button', { name: 'Add captions' }).click();
    await dialog.getByRole('button', { name: 'Delete the English captions' }).waitFor();
    await expectAccessible(teach, 'the captions dialog');
    await shoot(teach, 'video-captions');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await card.getByText('English').waitFor();
  });

  it('the educator builds a course whose preview and paid lessons play the clip, and publishes it', async () => {
    await teach.goto(`${platform.urls.shell}/educator/add-course`);
    await teach.getByLabel('Course Title').fill(TITLE);
    // The description's editor loads when its box is used (#34), then has the focus.
    await teach.getByRole('textbox', { name: 'Course Description' }).click();
    await teach.locator('.ProseMirror:focus').waitFor();
    await teach.keyboard.type('What every part of a test pattern is for, with captions.');
    await teach.getByLabel('Course Price').fill(String(PRICE));
    await teach.getByLabel('Discount %').fill('0');
    await teach
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: PNG });
    await teach.getByRole('button', { name: '+ Add Chapter' }).click();
    await teach.getByLabel('Enter Chapter Name:').fill('Patterns');
    await teach.getByRole('button', { name: 'OK' }).click();
    await teach.locator('.ed-chapter-title', { hasText: 'Patterns' }).waitFor();
    await addHostedLesson('Preview clip', true);
    await addHostedLesson('Paid clip', false);

    await teach.getByRole('button', { name: 'ADD', exact: true }).click();
    await teach.getByRole('heading', { level: 2 }).waitFor();
    const href = (await teach.getByRole('link', { name: 'View course page' }).getAttribute('href')) ?? '';
    journey.courseId = href.split('/').pop() ?? '';
    expect(journey.courseId).toMatch(/^[a-f0-9]{24}$/);
  });

  it('the course page lists the caption languages; the student buys the course', async () => {
    await learn.goto(`${platform.urls.shell}/course/${journey.courseId}`);
    await learn.getByText('Captions: English').first().waitFor();
    await learn.getByRole('button', { name: 'Enroll Now' }).click();
    await learn.waitForURL(/\/checkout\/cs_local_/);
    await learn.getByRole('button', { name: `Pay Rs ${PRICE}.00` }).click();
    await learn.waitForURL(`${platform.urls.shell}/my-enrollments`, { timeout: 20_000 });
  });

  it('the student plays the paid lesson, turns English captions on and follows the transcript', async () => {
    await learn.goto(`${platform.urls.shell}/player/${journey.courseId}`);
    await learn.getByText('Course Structure').waitFor();
    await openChapters(learn);
    await learn.getByRole('button', { name: 'Watch Paid clip' }).click();
    await learn.locator('.ln-now-title', { hasText: 'Paid clip' }).waitFor();
    await expectPlayingPast(learn, 1);
    expect(journey.playlists.length).toBeGreaterThan(0);

    await learn.getByLabel('Captions', { exact: true }).selectOption({ label: 'English' });
    await expect
      .poll(() =>
        learn
          .locator('video')
          .evaluate((video: HTMLVideoElement) =>
            Array.from(video.textTracks).map((track) => `${track.language}:${track.mode}`),
          ),
      )
      .toContain('en:showing');
    const transcript = learn.getByRole('region', { name: 'Transcript (English)' });
    await transcript.getByText('Listen to the tone at four hundred and forty hertz.').waitFor();
    // A cue is a button that seeks there.
    await transcript.getByRole('button', { name: /That is all for this lesson/ }).click();
    await expect.poll(() => playedSeconds(learn)).toBeGreaterThanOrEqual(9);
    await expectAccessible(learn, 'the player with a hosted lesson');
    await shoot(learn, 'video-player');
  });

  it('a playlist URL copied out of the session is refused once it expires; the player plays on', async () => {
    const copied = journey.playlists[0] ?? '';
    expect(copied).toMatch(/\/api\/stream\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\/master\.m3u8$/);
    // Refused within TTL_S of being signed (the player renews its own links at half of it).
    await expect
      .poll(async () => (await fetch(copied)).status, { timeout: (TTL_S + 10) * 1000, interval: 500 })
      .toBe(403);
    const refused = await fetch(copied);
    expect(await refused.json()).toEqual({ success: false, message: 'This video link has expired' });
    // Its segments too: the token is in the path, so every file under it is refused.
    expect((await fetch(copied.replace('master.m3u8', '240p/index.m3u8'))).status).toBe(403);

    const before = await playedSeconds(learn);
    await learn.locator('video').evaluate((video: HTMLVideoElement) => {
      video.currentTime = 20;
      return video.play();
    });
    await expectPlayingPast(learn, Math.max(before, 20) + 1);
    expect(await learn.getByText('The link to this video has expired or is no longer valid.').count()).toBe(0);
  });

  it('a visitor plays the free preview, signed out, and the demo course has hosted previews too', async () => {
    const page = await visitor.newPage();
    await page.goto(`${platform.urls.shell}/course/${journey.courseId}`);
    await openChapters(page);
    await page.getByRole('button', { name: 'Preview Preview clip' }).click();
    await expectPlayingPast(page, 1);
    await expectAccessible(page, 'the course page playing a hosted preview');
    await shoot(page, 'video-course-preview');

    // `pnpm start`'s demo: a course with a hosted free preview (made by ffmpeg at seed).
    const { courses } = (await fetch(`${platform.urls.api}/api/course/all?limit=100`).then((r) => r.json())) as {
      courses: Array<{ _id: string }>;
    };
    let demo: { courseId: string; title: string } | undefined;
    for (const { _id } of courses) {
      if (_id === journey.courseId) continue;
      const { courseData } = (await fetch(`${platform.urls.api}/api/course/${_id}`).then((r) => r.json())) as {
        courseData: {
          courseContent: Array<{
            chapterContent: Array<{ lectureTitle: string; hostedVideoId?: string; isPreviewFree: boolean }>;
          }>;
        };
      };
      const lecture = courseData.courseContent
        .flatMap((c) => c.chapterContent)
        .find((l) => l.hostedVideoId && l.isPreviewFree);
      if (lecture) demo = { courseId: _id, title: lecture.lectureTitle };
      if (demo) break;
    }
    expect(demo, 'a demo course with a hosted free preview').toBeDefined();
    await page.goto(`${platform.urls.shell}/course/${demo?.courseId}`);
    await openChapters(page);
    await page.getByRole('button', { name: `Preview ${demo?.title}` }).click();
    await expectPlayingPast(page, 1);
    await page.close();
  });
});
