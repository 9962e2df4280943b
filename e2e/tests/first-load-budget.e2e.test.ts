import { PORTAL_NAMES } from '@courseport/contracts/platform';
/**
 * The storefront's first-load budget (issue 8, docs/performance.md): JS bytes are deterministic,
 * so this is a test; times are not, so they live in `pnpm bench:web`. The set of files is what
 * Chromium really fetches; their size is what the static server sends.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { describeScripts, firstLoadScripts, kb, sharedFilesOf } from '../support/first-load';
import { type Platform, startTestPlatform } from '../support/platform';

/** Storefront first load, JS gzipped, including the shell and every shared library. */
const JS_BUDGET_BYTES = 250 * 1024;

let platform: Platform;
let browser: Browser;
let courseId: string;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  const { courses } = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
  courseId = courses[0]._id;
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const PAGES = [
  { name: 'Home', route: () => '/', ready: 'Learn from the best' },
  { name: 'Course list', route: () => '/course-list', ready: 'Showing' },
  { name: 'Course details', route: () => `/course/${courseId}`, ready: '5 days at this price!' },
];

describe('storefront first load', () => {
  for (const { name, route, ready } of PAGES) {
    it(`${name}: at most ${JS_BUDGET_BYTES / 1024} KB of JS gzipped, each file and each shared library once`, async () => {
      const scripts = await firstLoadScripts(browser, platform, route(), ready);
      const total = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
      const report = `${name} loads ${kb(total)} of JS (budget ${kb(JS_BUDGET_BYTES)}):\n${describeScripts(scripts)}`;
      console.info(report);

      expect(total, report).toBeLessThanOrEqual(JS_BUDGET_BYTES);

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
    });
  }
});
