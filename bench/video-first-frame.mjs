// Time to first frame of a hosted video (#33), in Chromium under the bench's mobile slow-4G profile
// (bench/lib/web-metrics.mjs: 150 ms RTT, 1.6 Mbps down, CPU ×4). Starts the platform from the
// built dist folders with the demo data (whose Java course has a hosted free preview and a hosted
// paid lesson), then for each run, in a fresh cold context:
//   - Course page: a visitor opens the course, presses the hosted lesson's Preview, and the clock
//     runs from that click to the first frame painted;
//   - Player: the demo student (enrolled) opens the course in the player on an article, then presses
//     Watch on the hosted paid lesson; the clock runs from that click to the first frame.
// First frame = the video's first `requestVideoFrameCallback` (a frame composited), measured in the
// page. Also reports the rendition of the first segment fetched. Prints a table; it never fails on times.
//
// Environment: BENCH_RUNS=5, BENCH_WATERFALL=1 (print each run's requests after the click),
// CHROMIUM_PATH=/usr/bin/chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { applyThrottling, MOBILE_SLOW_4G, mobileContextOptions } from './lib/web-metrics.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DEMO_STUDENT = { email: 'student@courseport.dev', password: 'courseport-demo' };
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'];

/** Runs in the page before its scripts: the time of the last click and of the first video frame. */
function installFirstFrameProbe() {
  const state = { clickAt: undefined, frameAt: undefined };
  Object.defineProperty(window, '__firstFrame', { value: state });
  document.addEventListener('click', () => (state.clickAt = performance.now()), true);
  document.addEventListener(
    'loadstart',
    (event) => {
      const video = event.target;
      if (!(video instanceof HTMLVideoElement) || state.frameAt !== undefined) return;
      video.requestVideoFrameCallback(() => (state.frameAt ??= performance.now()));
    },
    true,
  );
}

/** Opens every closed chapter of the course structure (the lesson's button is inside). */
async function openChapters(page) {
  await page.locator('.cp-chapter').first().waitFor();
  const toggles = page.locator('.cp-chapter:not(.cp-chapter-open) .cp-chapter-toggle');
  for (let i = await toggles.count(); i > 0; i--) await toggles.first().click();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN;
};

/**
 * One cold, throttled run: `open` navigates and clicks; the result is click → first frame (ms) and
 * the first segment's rendition.
 */
async function measure(browser, { storageState, open }) {
  const context = await browser.newContext({ ...mobileContextOptions(), storageState });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await page.addInitScript(installFirstFrameProbe);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await applyThrottling(cdp, MOBILE_SLOW_4G);
    let firstSegment;
    page.on('request', (request) => {
      const match = /\/api\/stream\/[^/]+\/([^/]+)\/seg_\d+\.ts/.exec(request.url());
      if (match && !firstSegment) firstSegment = match[1];
    });
    await open(page);
    await page.waitForFunction(() => window.__firstFrame.frameAt !== undefined, null, { timeout: 120_000 });
    const { clickAt, frameAt } = await page.evaluate(() => window.__firstFrame);
    if (process.env.BENCH_WATERFALL === '1')
      console.log(
        await page.evaluate(
          (click) =>
            performance
              .getEntriesByType('resource')
              .filter((e) => e.responseEnd > click)
              .map(
                (e) =>
                  `${Math.round(e.startTime - click)}–${Math.round(e.responseEnd - click)} ms ${Math.round(e.transferSize / 1024)} KB ${e.name.replace(/^https?:\/\/[^/]+/, '').slice(0, 90)}`,
              )
              .join('\n'),
          clickAt,
        ),
        `\nfirst frame at ${Math.round(frameAt - clickAt)} ms`,
      );
    // The session's refresh cookie rotates when used: the next run starts from this one's.
    return { ms: frameAt - clickAt, rendition: firstSegment ?? '?', storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'courseport-bench-video-'));
  process.env.DATA_DIR = dataDir;
  const { startPlatform, missingBuilds, FREE_PORTS } = await import('../scripts/lib/platform.mjs');
  const missing = missingBuilds();
  if (missing.length) throw new Error(`Not built: ${missing.join(', ')}. Run pnpm build first.`);
  const platform = await startPlatform({ ports: FREE_PORTS, apiOutput: 'ignore' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const api = platform.urls.api;
    const { courses } = await fetch(`${api}/api/course/all?limit=100`).then((r) => r.json());
    let target;
    for (const card of courses) {
      const { courseData } = await fetch(`${api}/api/course/${card._id}`).then((r) => r.json());
      const lectures = (courseData?.courseContent ?? []).flatMap((c) => c.chapterContent);
      const preview = lectures.find((l) => l.hostedVideoId && l.isPreviewFree);
      const paid = lectures.find((l) => l.hostedVideoId && !l.isPreviewFree);
      // The player opens on another lesson (an article): the clock starts at the click on Watch.
      const article = lectures.find((l) => l.lessonKind === 'article');
      if (preview && paid && article) target = { courseId: card._id, preview, paid, article };
      if (target) break;
    }
    if (!target) throw new Error('No demo course with a hosted free preview, a hosted paid lesson and an article');

    // The demo student's session, signed in once through the shell's dialog.
    const login = await browser.newContext();
    const loginPage = await login.newPage();
    await loginPage.goto(platform.urls.shell);
    await loginPage.getByRole('banner').getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = loginPage.getByRole('dialog', { name: 'Sign in to Courseport' });
    await dialog.getByLabel('Email address').fill(DEMO_STUDENT.email);
    await dialog.getByLabel('Password').fill(DEMO_STUDENT.password);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await loginPage.getByRole('button', { name: /^Account menu for / }).waitFor();
    const studentState = await login.storageState();
    await login.close();

    const scenarios = [
      {
        name: 'Course page: free preview (visitor)',
        storageState: undefined,
        open: async (page) => {
          await page.goto(`${platform.urls.shell}/course/${target.courseId}`, { waitUntil: 'networkidle' });
          await openChapters(page);
          await page.getByRole('button', { name: `Preview ${target.preview.lectureTitle}` }).click();
        },
      },
      {
        name: 'Player: paid lesson (enrolled student)',
        storageState: studentState,
        open: async (page) => {
          await page.goto(`${platform.urls.shell}/player/${target.courseId}?lecture=${target.article.lectureId}`, {
            waitUntil: 'networkidle',
          });
          await openChapters(page);
          await page.getByRole('button', { name: `Watch ${target.paid.lectureTitle}` }).click();
        },
      },
    ];

    console.log(`Time to first frame of a hosted video, mobile slow 4G (CPU ×4), ${RUNS} cold runs each.`);
    console.log('| Where | Median | Min | Max | First segment |');
    console.log('|---|---:|---:|---:|---|');
    for (const scenario of scenarios) {
      const results = [];
      let { storageState } = scenario;
      for (let run = 0; run < RUNS; run++) {
        const result = await measure(browser, { ...scenario, storageState });
        if (storageState) storageState = result.storageState;
        results.push(result);
      }
      const ms = results.map((r) => r.ms);
      const renditions = [...new Set(results.map((r) => r.rendition))].join(', ');
      console.log(
        `| ${scenario.name} | ${Math.round(median(ms))} ms | ${Math.round(Math.min(...ms))} ms | ${Math.round(Math.max(...ms))} ms | ${renditions} |`,
      );
    }
  } finally {
    await browser.close();
    await platform.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
