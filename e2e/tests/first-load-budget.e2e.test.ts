import { PORTAL_NAMES } from '@courseport/contracts/platform';
/**
 * The first-load budgets (issue 8, docs/performance.md): JS bytes are deterministic, so this is a
 * test; times are not, so they live in `pnpm bench:web`. The set of files is what Chromium really
 * fetches; their size is what the static server sends. The storefront's pages as a visitor; every
 * portal's signed-in pages (#34) as the demo user who uses them, a returning user: signed in once,
 * then each cold load (empty cache) starts with the session cookie the previous one left.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import {
  type CarriedSession,
  describeScripts,
  firstLoadScripts,
  kb,
  type LoadedScript,
  type Ready,
  sharedFilesOf,
} from '../support/first-load';
import { type Platform, startTestPlatform } from '../support/platform';
import { apiToken, DEMO, signedInContext } from '../support/session';

/** Storefront first load, JS gzipped, including the shell and every shared library. */
const JS_BUDGET_BYTES = 250 * 1024;

type User = keyof typeof DEMO;

let platform: Platform;
let browser: Browser;
let courseId: string;
/** A course the demo student is enrolled in: the player's. */
let enrolledCourseId: string;
/** Each demo user's session, signed in once through the shell's dialog and carried from load to load. */
const sessions: Partial<Record<User, CarriedSession>> = {};

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  const { courses } = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
  courseId = courses[0]._id;

  const { enrolledCourses } = await fetch(`${platform.urls.api}/api/user/enrolled-courses`, {
    headers: { Authorization: `Bearer ${await apiToken(platform.urls.api, DEMO.student)}` },
  }).then((r) => r.json());
  enrolledCourseId = enrolledCourses[0]._id;

  for (const user of ['student', 'educator', 'admin'] as const) {
    const context = await signedInContext(browser, platform.urls.shell, DEMO[user]);
    sessions[user] = { state: await context.storageState() };
    await context.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const STOREFRONT_PAGES = [
  { name: 'Home', route: () => '/', ready: 'Learn from the best' },
  { name: 'Course list', route: () => '/course-list', ready: 'Showing' },
  { name: 'Course details', route: () => `/course/${courseId}`, ready: '5 days at this price!' },
];

/**
 * The signed-in pages' budgets: a ratchet. #34's goal is the storefront's 250 KB for every one of
 * them, which they do not meet yet; until they do, each page's ceiling is its size when last
 * measured rounded up by about 4 KB, so that none can grow while the work is done. Set on 28 Nov
 * 2026 (main at c87236c: 456.1, 596.2, 531.8, 659.4, 531.8, 531.8 and 464.2 KB); lowered when antd
 * came per component (#34: 389.6, 452.7, 511.1, 638.7, 511.1, 511.1 and 449.7 KB), and again with one
 * federation runtime in the browser and the educator's pages as chunks (368.1, 431.2, 375.7, 515.8,
 * 382.2, 345.2 and 429.6 KB), and with My Enrollments and the account menu without antd (162.5, 416.6,
 * 374.9, 505.3, 381.4, 334.6 and 428.8 KB: My Enrollments is within the 250 KB goal), and with the
 * player without antd and hls.js only for a hosted lesson played (188.7 KB), the admin's first tab without antd
 * (167.1 KB) and the educator's frame, dashboard, My Courses and Videos without antd (167.4, 168.1 and 170.6 KB):
 * all within the goal; and Add Course without antd or Tiptap until used, in the frame without antd (218.3 KB).
 * Every signed-in page is now within the 250 KB goal: the ceilings are the goal itself, as the storefront's. #34 lowered them,
 * page by page, to 250 KB (JS_BUDGET_BYTES). `ready`: the page's own content (drawn from its
 * data), so that the load counted is the page's whole first load.
 */
const SIGNED_IN_PAGES: Array<{ name: string; user: User; route: () => string; ready: Ready; ceilingKb: number }> = [
  {
    name: 'My Enrollments',
    user: 'student',
    route: () => '/my-enrollments',
    ready: { css: '.ln-course-title' },
    ceilingKb: 250,
  },
  {
    name: 'Player',
    user: 'student',
    route: () => `/player/${enrolledCourseId}`,
    ready: { css: '.ln-player-media' },
    ceilingKb: 250,
  },
  {
    name: 'Educator dashboard',
    user: 'educator',
    route: () => '/educator',
    ready: { css: '.ed-stat-value' },
    ceilingKb: 250,
  },
  {
    name: 'Add Course',
    user: 'educator',
    route: () => '/educator/add-course',
    ready: { css: '.ed-add-form' },
    // #34: the form without antd, the description's editor and the dialogs on use: 322.3 KB, of which
    // 104 KB are the educator frame's antd (core, Avatar, Tooltip, Themed); the page's own parts ~218.
    ceilingKb: 250,
  },
  {
    name: 'My Courses',
    user: 'educator',
    route: () => '/educator/my-courses',
    ready: { css: '.ed-course-title' },
    ceilingKb: 250,
  },
  {
    name: 'Videos',
    user: 'educator',
    route: () => '/educator/videos',
    ready: { css: '.ed-vid-card, .ed-page .cp-empty' },
    ceilingKb: 250,
  },
  {
    // #36: the Analytics page's totals (the chart library, uPlot, is its own chunk, after them).
    name: 'Analytics',
    user: 'educator',
    route: () => '/educator/analytics',
    ready: { css: '.ed-an-total-value, .ed-analytics .cp-empty' },
    ceilingKb: 250,
  },
  {
    name: 'Admin dashboard',
    user: 'admin',
    route: () => '/admin',
    ready: { css: 'section[aria-label="Educator requests"] .cp-admin-request-row, .cp-admin-empty' },
    ceilingKb: 250,
  },
];

/** The page's JS within `budget`, each file fetched once, and no portal's own copy of a shared library. */
function expectWithinBudget(name: string, scripts: LoadedScript[], budget: number) {
  const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  const report = `${name} loads ${kb(total)} of JS (budget ${kb(budget)}):\n${describeScripts(scripts)}`;
  console.info(report);

  expect(total, report).toBeLessThanOrEqual(budget);

  const urls = scripts.map((s) => s.url);
  expect(
    urls.filter((url, i) => urls.indexOf(url) !== i),
    'fetched twice',
  ).toEqual([]);

  // The shell provides every shared library; a portal's own copy is never fetched.
  for (const portal of PORTAL_NAMES) {
    const copies = sharedFilesOf(portal);
    const fetched = scripts.filter((s) => s.app === portal && copies.has(s.file));
    expect(
      fetched.map((s) => `${s.file}: ${copies.get(s.file)?.join(', ')}`),
      `${portal}'s copies`,
    ).toEqual([]);
  }
}

describe('storefront first load', () => {
  for (const { name, route, ready } of STOREFRONT_PAGES) {
    it(`${name}: at most ${JS_BUDGET_BYTES / 1024} KB of JS gzipped, each file and each shared library once`, async () => {
      const scripts = await firstLoadScripts(browser, platform, route(), ready);
      expectWithinBudget(name, scripts, JS_BUDGET_BYTES);
    });
  }
});

describe('signed-in first load (#34: ceilings that only go down, to 250 KB)', () => {
  for (const { name, user, route, ready, ceilingKb } of SIGNED_IN_PAGES) {
    it(`${name} (${user}): at most ${ceilingKb} KB of JS gzipped, each file and each shared library once`, async () => {
      const scripts = await firstLoadScripts(browser, platform, route(), ready, sessions[user]);
      expectWithinBudget(`${name} (signed in as the demo ${user})`, scripts, ceilingKb * 1024);
    });
  }
});
