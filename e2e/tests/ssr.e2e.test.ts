/**
 * The storefront's pages come rendered from the shell's server (which loads the storefront's
 * server build by URL): their text is in the HTML, as curl and a crawler see it, and shows with
 * JavaScript off; in the browser, React takes the markup over without a warning, without asking
 * the API again for the data the page came with, and without moving anything. Without the
 * storefront's server build (not published, or throwing), the pages are client-rendered as before.
 */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discountedPrice, formatPrice, htmlToText } from '@courseport/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticServer, listen } from '../../shell/server/static-server.mjs';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { layoutShift, openServerRendered, trackLayoutShifts } from '../support/server-rendered';

const STOREFRONT_DIST = fileURLToPath(new URL('../../storefront-mfe/dist', import.meta.url));
const HERO_TEXT = 'Empower your future with courses designed to';

interface Card {
  _id: string;
  courseTitle: string;
}

let platform: Platform;
let browser: Browser;
let shell: string;
let courses: Card[];
/** Home's featured courses (by rating, then students) and the course list's answer for `searchWord()`. */
let featured: Card[];
let matching: Card[];
let course: { _id: string; courseTitle: string; coursePrice: number; discount: number; courseDescription: string };

beforeAll(async () => {
  platform = await startTestPlatform();
  shell = platform.urls.shell;
  browser = await launchChromium();
  ({ courses } = await fetch(`${shell}/api/course/all`).then((r) => r.json()));
  ({ courses: featured } = await fetch(`${shell}/api/course/all?sort=rating&limit=8`).then((r) => r.json()));
  ({ courses: matching } = await fetch(`${shell}/api/course/all?search=${encodeURIComponent(searchWord())}`).then((r) =>
    r.json(),
  ));
  ({ courseData: course } = await fetch(`${shell}/api/course/${first()._id}`).then((r) => r.json()));
});
/** The newest course of the demo catalog. */
function first(): Card {
  const course = courses[0];
  if (!course) throw new Error('The demo catalog has no course');
  return course;
}

afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** The page as curl gets it: the status and the text of its root element. */
async function served(pathname: string) {
  // The first render of a page loads the storefront's server build: the deadline may pass then.
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(shell + pathname);
    const html = await res.text();
    const root = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="server-state">/.exec(html);
    if (root || attempt === 5) return { status: res.status, html, text: decode(root?.[1] ?? '') };
  }
}

const searchWord = () => first().courseTitle.split(/\s+/)[0] ?? '';

describe('the HTML of the storefront pages', () => {
  it('has the hero and the featured courses on Home', async () => {
    const page = await served('/');
    expect(page.status).toBe(200);
    expect(page.text).toContain(HERO_TEXT);
    expect(featured.length).toBeGreaterThan(0);
    for (const c of featured) expect(page.text).toContain(c.courseTitle);
  });

  it('has the courses matching a search on the course list', async () => {
    const word = searchWord();
    const page = await served(`/course-list/${encodeURIComponent(word)}`);
    expect(page.status).toBe(200);
    // What the API's search answers (whole words and prefixes, ranked: #21).
    expect(matching.length).toBeGreaterThan(0);
    for (const c of matching) expect(page.text).toContain(c.courseTitle);
    const found = new Set(matching.map((c) => c._id));
    for (const c of courses.filter((c) => !found.has(c._id))) expect(page.text).not.toContain(c.courseTitle);
  });

  it("has the course's title, price and description on its page", async () => {
    const page = await served(`/course/${course._id}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(course.courseTitle);
    expect(page.text).toContain(`Rs ${formatPrice(discountedPrice(course.coursePrice, course.discount))}`);
    const description = htmlToText(course.courseDescription).replace(/\s+/g, ' ').slice(0, 60);
    expect(page.text).toContain(description);
    // The data the page rendered with is embedded once, for the browser.
    expect(page.html.match(/id="server-state"/g)).toHaveLength(1);
  });
});

/** A page as a phone shows it with JavaScript off. */
async function withoutJavaScript<T>(pathname: string, check: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    // A try or more, as in `served`: a busy machine can miss the render's deadline.
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.goto(shell + pathname);
      if ((await page.locator('#server-state').count()) === 1) break;
    }
    return await check(page);
  } finally {
    await context.close();
  }
}

describe('with JavaScript off', () => {
  it('shows Home, a search and a course page', { timeout: 90_000 }, async () => {
    await withoutJavaScript('/', async (page) => {
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(HERO_TEXT);
      expect(
        await page
          .getByText(featured[0]?.courseTitle ?? '?')
          .first()
          .isVisible(),
      ).toBe(true);
      await shoot(page, 'ssr-home-no-js');
    });
    await withoutJavaScript(`/course-list/${encodeURIComponent(searchWord())}`, async (page) => {
      expect(
        await page
          .getByText(matching[0]?.courseTitle ?? '?')
          .first()
          .isVisible(),
      ).toBe(true);
      await shoot(page, 'ssr-course-list-no-js');
    });
    await withoutJavaScript(`/course/${course._id}`, async (page) => {
      expect(await page.getByRole('heading', { level: 1, name: course.courseTitle }).isVisible()).toBe(true);
      await shoot(page, 'ssr-course-no-js');
    });
  });
});

interface Hydration {
  /** console messages of the page (React reports a hydration mismatch there) */
  messages: string[];
  /** the API calls the page made for the data it came with */
  dataCalls: string[];
  /** the cumulative layout shift until the page was interactive */
  cls: number;
  page: Page;
  close: () => Promise<void>;
}

/** Opens a server-rendered page and waits until React has taken it over (the navigation bar shows the visitor's state). */
async function hydrated(
  pathname: string,
  apiData: RegExp,
  viewport = { width: 412, height: 823 },
  { portalDelayMs = 0 } = {},
): Promise<Hydration> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (portalDelayMs > 0) {
    // A slow portal: its entry and chunks arrive after the shell has started (and would hydrate).
    await page.route(`${platform.urls.storefront}/**`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, portalDelayMs));
      await route.continue();
    });
  }
  const messages: string[] = [];
  const dataCalls: string[] = [];
  page.on('console', (message) => {
    // A visitor's session check answers 401 (signed out): the page's own business, not hydration's.
    if (message.text().includes('status of 401')) return;
    if (['error', 'warning'].includes(message.type())) messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  page.on('request', (request) => {
    if (apiData.test(new URL(request.url()).pathname + new URL(request.url()).search)) dataCalls.push(request.url());
  });
  await trackLayoutShifts(page);
  const rendered = await openServerRendered(page, shell + pathname, () => {
    messages.length = 0;
    dataCalls.length = 0;
  });
  expect(rendered).toBe(true);
  await page.getByRole('button', { name: 'Create Account' }).waitFor();
  const cls = await layoutShift(page);
  return { messages, dataCalls, cls, page, close: () => context.close() };
}

describe('in the browser', () => {
  const pages = () => [
    { name: 'home', path: '/', data: /^\/api\/course\/all/ },
    {
      name: 'course-list',
      path: `/course-list/${encodeURIComponent(searchWord())}`,
      // The list itself, not the filters' counts (`&limit=1&facets=1`: asked after hydration, by design).
      data: /^\/api\/course\/all(?!.*facets=1)/,
    },
    // The course itself, not its reviews (`/api/course/:id/reviews`: fetched in the browser only,
    // after hydration, by design).
    { name: 'course', path: `/course/${course._id}`, data: new RegExp(`^/api/course/${course._id}(?:\\?|$)`) },
  ];

  it('hydrates each page without a warning, a second request for its data, or a layout shift', {
    timeout: 120_000,
  }, async () => {
    for (const { name, path: pathname, data } of pages()) {
      for (const viewport of [
        { width: 412, height: 823 },
        { width: 1280, height: 900 },
      ]) {
        const result = await hydrated(pathname, data, viewport);
        try {
          expect(result.messages, `${pathname} at ${viewport.width}px`).toEqual([]);
          expect(result.dataCalls, `${pathname} at ${viewport.width}px`).toEqual([]);
          expect(result.cls, `${pathname} at ${viewport.width}px`).toBe(0);
          if (viewport.width === 1280) await shoot(result.page, `ssr-${name}-hydrated`);
        } finally {
          await result.close();
        }
      }
    }
  });

  it("hydrates each page without a warning when the storefront's code arrives after the shell is ready", {
    timeout: 120_000,
  }, async () => {
    for (const { path: pathname, data } of pages()) {
      const result = await hydrated(pathname, data, undefined, { portalDelayMs: 1_500 });
      try {
        // Hydrated: React has taken over the page's heading (it keeps its fiber on the element).
        await result.page.waitForFunction(() => {
          const heading = document.querySelector('main h1');
          return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
        });
        expect(result.messages, pathname).toEqual([]);
        expect(result.dataCalls, pathname).toEqual([]);
      } finally {
        await result.close();
      }
    }
  });

  it('is the app once hydrated: a search from the hero goes to the course list', async () => {
    const result = await hydrated('/', /^\/api\/course\/all/);
    try {
      const { page } = result;
      const box = page.getByRole('combobox', { name: 'Search for courses' }).first();
      await box.fill(searchWord());
      await box.press('Enter');
      await page.waitForURL(`**/course-list/${encodeURIComponent(searchWord())}`);
      await page.getByRole('heading', { name: 'Course List' }).waitFor();
      await page
        .getByText(matching[0]?.courseTitle ?? '?')
        .first()
        .waitFor();
    } finally {
      await result.close();
    }
  });
});

describe("without the storefront's server build", () => {
  let folder: string;
  let host: Server;
  let original: string;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'courseport-storefront-'));
    await cp(STOREFRONT_DIST, folder, { recursive: true });
    host = createStaticServer({ root: folder, corsOrigins: [shell] });
    const port = await listen(host, 0, '127.0.0.1', 'storefront release');
    original = platform.urls.storefront;
    platform.setPortalUrl('storefront', `http://localhost:${port}`);
  });
  afterAll(async () => {
    platform.setPortalUrl('storefront', original);
    host?.closeAllConnections();
    await new Promise((resolve) => host?.close(resolve));
    await rm(folder, { recursive: true, force: true });
  });

  /** The page is client-rendered, and works: the course's title shows. */
  async function worksClientRendered() {
    const res = await fetch(`${shell}/course/${course._id}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('id="server-state"');
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(`${shell}/course/${course._id}`);
      await page.getByRole('heading', { level: 1, name: course.courseTitle }).waitFor();
    } finally {
      await context.close();
    }
  }

  it('serves the pages client-rendered when the server build is not published', async () => {
    await rm(path.join(folder, 'server'), { recursive: true, force: true });
    await worksClientRendered();
  });

  it('serves the pages client-rendered when the server build throws', async () => {
    await cp(path.join(STOREFRONT_DIST, 'server'), path.join(folder, 'server'), { recursive: true });
    await writeFile(
      path.join(folder, 'server/remoteEntry.js'),
      'throw new Error("the storefront server build is broken");\n',
    );
    await worksClientRendered();
  });
});
