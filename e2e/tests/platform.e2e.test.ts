import { PORTAL_NAMES } from '@courseport/contracts/platform';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { DEMO, signedInContext } from '../support/session';

/** The spec's route table: each route, the portal that owns it, and a text that proves its page rendered. */
type RouteCase = { path: string; portal: string; shows: string; as?: 'educator' };
const ROUTES: RouteCase[] = [
  { path: '/', portal: 'storefront', shows: 'Learn from the best' },
  { path: '/course-list', portal: 'storefront', shows: 'Course List' },
  { path: '/course-list/java%20basics', portal: 'storefront', shows: 'java basics' },
  { path: '/course/c0ffee', portal: 'storefront', shows: 'Course not found' },
  { path: '/certificate/AAAAAAAAAAAAAAAAAAAAAA', portal: 'storefront', shows: 'Certificate not found' },
  { path: '/my-enrollments', portal: 'learner', shows: 'Please sign in to see your enrollments' },
  { path: '/player/42ab', portal: 'learner', shows: 'Please sign in to watch this course' },
  { path: '/loading/my-enrollments', portal: 'learner', shows: 'Purchase ID not found' },
  { path: '/purchase-history', portal: 'learner', shows: 'Please sign in to see your purchase history' },
  { path: '/wishlist', portal: 'learner', shows: 'Please sign in to see your wishlist' },
  { path: '/educator', portal: 'educator', shows: 'Latest Enrollments', as: 'educator' },
  { path: '/educator/add-course', portal: 'educator', shows: 'Course Thumbnail', as: 'educator' },
  {
    path: '/educator/my-courses',
    portal: 'educator',
    shows: 'Manage and track your published courses',
    as: 'educator',
  },
  { path: '/educator/student-enrolled', portal: 'educator', shows: 'Enrolled Students', as: 'educator' },
  { path: '/admin', portal: 'admin', shows: 'Access Denied' },
];

let platform: Platform;
let browser: Browser;
let educator: BrowserContext;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform(), launchChromium()]);
  educator = await signedInContext(browser, platform.urls.shell, DEMO.educator);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

async function openPage(as?: 'educator'): Promise<{ page: Page; errors: string[] }> {
  const page = as ? await educator.newPage() : await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // A resource the Content-Security-Policy blocks is a broken page too.
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('Content Security Policy')) errors.push(message.text());
  });
  return { page, errors };
}

const homeLink = (page: Page) => page.getByRole('link', { name: 'Courseport home' });

describe('the assembled platform', () => {
  it('serves the shell page with a Content-Security-Policy naming its own origin (the API is behind it) and the portals', async () => {
    const res = await fetch(`${platform.urls.shell}/course-list`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(csp).toContain(`connect-src 'self' ${platform.urls.storefront}`);
    expect(csp).not.toContain(platform.urls.api);
    for (const name of PORTAL_NAMES) expect(csp).toContain(platform.urls[name]);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('serves the API, the runtime config (also inline in the page) and every portal entry', async () => {
    const health = await fetch(`${platform.urls.api}/api/health`).then((r) => r.json());
    expect(health).toMatchObject({ success: true, store: { kind: 'embedded', ok: true } });
    const config = await fetch(`${platform.urls.shell}/runtime-config.json`).then((r) => r.json());
    // The browser reaches the API on the app's own origin.
    expect(config.apiBaseUrl).toBe('');
    const html = await fetch(`${platform.urls.shell}/course-list`).then((r) => r.text());
    const inline = /<script type="application\/json" id="runtime-config">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(inline ?? 'null')).toEqual(config);
    for (const name of PORTAL_NAMES) {
      expect(config.remotes[name]).toBe(`${platform.urls[name]}/remoteEntry.js`);
      const res = await fetch(config.remotes[name], { headers: { Origin: platform.urls.shell } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('access-control-allow-origin')).toBe(platform.urls.shell);
    }
  });

  it("names a course page's thumbnail in the page itself, so it loads with the shell's scripts", async () => {
    const { courses } = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
    const { courseData } = await fetch(`${platform.urls.api}/api/course/${courses[0]._id}`).then((r) => r.json());
    const html = await fetch(`${platform.urls.shell}/course/${courses[0]._id}`).then((r) => r.text());
    // The renditions the page's <picture> chooses from, in the best format, at the sizes it draws.
    const hint = /<link rel="preload" as="image"[^>]*>/.exec(html)?.[0] ?? '';
    expect(hint).toContain(`href="${courseData.courseThumbnail}"`);
    expect(hint).toContain(`imagesrcset="${courseData.thumbnail.base}/320.avif 320w, `);
    expect(hint).toContain('type="image/avif" fetchpriority="high"');
    // A course the API does not have is a page that does not exist (seo.e2e.test.ts).
    const missing = await fetch(`${platform.urls.shell}/course/no-such-course`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('as="image"');
  });

  /**
   * Loads `path` on a phone and waits for its LCP image (`selector`, inside its <picture>): the
   * rendition drawn, the candidates and sizes of its first source (the AVIF) and of the page's image hint, and
   * every media URL the page fetched.
   */
  async function phoneImage(
    profile: { viewport: { width: number; height: number }; deviceScaleFactor: number },
    path: string,
    selector: string,
  ) {
    const context = await browser.newContext({ ...profile, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    const media: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/media/')) media.push(request.url());
    });
    await page.goto(platform.urls.shell + path);
    const img = page.locator(selector).first();
    await img.evaluate((element: HTMLImageElement) =>
      element.complete && element.naturalWidth > 0
        ? undefined
        : new Promise((resolve) => element.addEventListener('load', resolve, { once: true })),
    );
    const drawn = await img.evaluate((element: HTMLImageElement) => {
      const source = element.parentElement?.querySelector('source') as HTMLSourceElement;
      const hint = document.querySelector('link[rel="preload"][as="image"]') as HTMLLinkElement | null;
      return {
        currentSrc: element.currentSrc,
        type: source.type,
        srcset: source.srcset,
        sizes: source.sizes,
        hint: hint && { srcset: hint.imageSrcset, sizes: hint.imageSizes, type: hint.type },
      };
    });
    await context.close();
    return { ...drawn, media };
  }

  const PHONES = [
    { phone: 'a 412px phone at 1.75×', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 },
    { phone: 'a 390px phone at 3×', viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 },
  ];

  it.each(PHONES)(
    "gives $phone the course list's first card image once, at 640 w, named by the page's hint",
    async (profile) => {
      const drawn = await phoneImage(profile, '/course-list', '.sf-course-card img');
      // The density cap on phones (COURSE_CARD_THUMBNAIL_SIZES): about 1.5× the card, not 960 w or 1280 w.
      // Chromium draws AVIF: the picture's first source, and the format the hint names.
      expect(drawn.type).toBe('image/avif');
      expect(drawn.currentSrc).toMatch(/\/640\.avif$/);
      // The server's hint names exactly the candidates and sizes of the card's <picture> (and comes after
      // the viewport <meta>, so a phone evaluates its sizes at its own width)…
      expect(drawn.hint).toEqual({ srcset: drawn.srcset, sizes: drawn.sizes, type: 'image/avif' });
      // …so the image the hint fetched is the one drawn: one download, no second candidate.
      const base = drawn.currentSrc.replace(/\/[^/]+$/, '/');
      expect(drawn.media.filter((url) => url.startsWith(base))).toEqual([drawn.currentSrc]);
    },
  );

  it.each(PHONES)("gives $phone a course page's thumbnail once, the rendition its hint named", async (profile) => {
    const { courses } = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
    const drawn = await phoneImage(profile, `/course/${courses[0]._id}`, 'img.sf-media-thumb');
    expect(drawn.hint).toEqual({ srcset: drawn.srcset, sizes: drawn.sizes, type: 'image/avif' });
    const base = drawn.currentSrc.replace(/\/[^/]+$/, '/');
    expect(drawn.media.filter((url) => url.startsWith(base))).toEqual([drawn.currentSrc]);
  });

  it.each(ROUTES)('renders $path from the $portal portal inside the shell', async (route) => {
    const { page, errors } = await openPage(route.as);
    await page.goto(platform.urls.shell + route.path);
    await page.getByText(route.shows, { exact: true }).first().waitFor();
    const navShown = !/^\/(educator|admin)/.test(route.path);
    expect(await homeLink(page).count()).toBe(navShown ? 1 : 0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('answers unknown routes with the shell not-found page, and the status 404', async () => {
    const { page } = await openPage();
    const response = await page.goto(`${platform.urls.shell}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByText('Page not found').waitFor();
    await page.close();
    for (const known of ['/', '/course-list', '/course-list/java', '/reset-password', '/educator/add-course']) {
      expect((await fetch(platform.urls.shell + known)).status).toBe(200);
    }
    expect((await fetch(`${platform.urls.shell}/my-enrollments/extra`)).status).toBe(404);
  });

  it('shares one React, one router and one session store across the shell and portals', async () => {
    const student = await signedInContext(browser, platform.urls.shell, DEMO.student);
    const page = await student.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(req.url());
    });
    await page.goto(`${platform.urls.shell}/course-list`);
    await page.getByText('Course List', { exact: true }).first().waitFor();
    // Client-side navigation into a second portal, through the shell's router.
    await page.evaluate(() => {
      history.pushState({}, '', '/my-enrollments');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    // The learner portal lists the demo student's courses: it read the session the shell signed
    // in (a second store would still be 'loading'), and rendered under the shell's router.
    await page.getByText('Java Programming Masterclass').first().waitFor();
    await page.getByText('JavaScript Essentials').first().waitFor();

    const shared = await page.evaluate(() => {
      const scopes = (
        globalThis as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<
              string,
              Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>
            >;
          };
        }
      ).__FEDERATION__.__SHARE__;
      const providers: Record<string, string[]> = {};
      for (const scope of Object.values(scopes))
        for (const packages of Object.values(scope))
          for (const [name, versions] of Object.entries(packages))
            for (const entry of Object.values(versions)) {
              if (!entry.loaded) continue;
              providers[name] = [...new Set([...(providers[name] ?? []), entry.from])];
            }
      return providers;
    });
    for (const name of ['react', 'react-dom', 'zustand', '@courseport/shared-ui']) {
      expect(shared[name], name).toEqual(['shell']);
    }
    // The portals contribute only their own code, never a copy of a shared library.
    const remoteScripts = scripts.filter((url) => !url.startsWith(platform.urls.shell));
    expect(remoteScripts.length).toBeGreaterThan(0);
    for (const url of remoteScripts) {
      const code = await fetch(url).then((r) => r.text());
      // React's internals and react-dom's devtools hook appear only where a copy of them is bundled.
      expect(code, url).not.toContain('__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE');
      expect(code, url).not.toContain('__REACT_DEVTOOLS_GLOBAL_HOOK__');
      // The router and antd come only through the shared-ui singleton.
      expect(code, url).not.toContain('may be used only in the context of a <Router> component');
      expect(code, url).not.toContain('ant-design');
      // One federation runtime (#34): the shell hands its core to the portals (their own copy's
      // remote-entry bookkeeping appears only where the core is bundled).
      expect(code, url).not.toContain('__GLOBAL_LOADING_REMOTE_ENTRY__');
    }
    const runtimeFrom = await page.evaluate(
      () =>
        (globalThis as unknown as { _FEDERATION_RUNTIME_CORE_FROM?: { name: string } })._FEDERATION_RUNTIME_CORE_FROM,
    );
    expect(runtimeFrom?.name).toBe('shell');
    expect(errors).toEqual([]);
    await student.close();
  });

  it('runs a portal opened on its own, which loads the federation runtime the shell otherwise provides', async () => {
    const { page, errors } = await openPage();
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    await page.goto(`${platform.urls.storefront}/`);
    await page.getByText('Learn from the best').first().waitFor();
    expect(scripts[0]).toBe('/static/js/federation-runtime.js');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a fallback for a portal that is down, keeps the rest working, and recovers on Retry', async () => {
    const { page } = await openPage();
    await platform.stopRemote('storefront');
    try {
      // A fresh visit to a storefront route while the storefront is down.
      await page.goto(`${platform.urls.shell}/course-list`);
      await page.getByText('This section is unavailable').waitFor();
      expect(await homeLink(page).count()).toBe(1);

      // Other portals still work, in the same page.
      await page.evaluate(() => {
        history.pushState({}, '', '/my-enrollments');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByText('Please sign in to see your enrollments').waitFor();
      await page.evaluate(() => {
        history.pushState({}, '', '/admin');
        dispatchEvent(new PopStateEvent('popstate'));
      });
      await page.getByText('Access Denied').waitFor();

      // Back to the storefront: still down, so the fallback again.
      await page.goBack();
      await page.goBack();
      await page.getByText('This section is unavailable').waitFor();
    } finally {
      await platform.startRemote('storefront');
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Course List', { exact: true }).first().waitFor();
    expect(await page.getByText('This section is unavailable').count()).toBe(0);
    await page.close();
  });

  it.each([
    { remote: 'learner' as const, path: '/my-enrollments', shows: 'Please sign in to see your enrollments' },
    {
      remote: 'educator' as const,
      path: '/educator/my-courses',
      shows: 'Manage and track your published courses',
      as: 'educator' as const,
    },
    { remote: 'admin' as const, path: '/admin', shows: 'Access Denied' },
  ])('falls back when the $remote portal is down, and Retry brings it back', async ({ remote, path, shows, as }) => {
    const { page } = await openPage(as);
    await platform.stopRemote(remote);
    try {
      await page.goto(platform.urls.shell + path);
      await page.getByText('This section is unavailable').waitFor();
    } finally {
      await platform.startRemote(remote);
    }
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(shows, { exact: true }).first().waitFor();
    await page.close();
  });
});
