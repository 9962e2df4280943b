import { FEATURED_PATH, PORTAL_NAMES } from '@courseport/contracts/platform';
/**
 * One origin: the browser calls the API at `/api` on the app's own origin, which the
 * shell's server forwards. So the session cookie is first-party on whatever host name the app is
 * opened with: a student at http://127.0.0.1:<port> stays signed in across a reload and comes back
 * from the checkout signed in and enrolled, as at http://localhost:<port>.
 * The pages render in the browser here (the server render is off): these are the browser's calls.
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser';
import { type Platform, startTestPlatform } from '../support/platform';
import { shoot } from '../support/screenshots';
import { DEMO, signInThroughUi } from '../support/session';

let platform: Platform;
let browser: Browser;

beforeAll(async () => {
  [platform, browser] = await Promise.all([startTestPlatform({ serverRender: false }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await platform?.stop();
});

type Card = { _id: string; courseTitle: string };
const courseNamed = async (title: string): Promise<Card> => {
  const { courses } = await fetch(`${platform.urls.api}/api/course/all`).then((r) => r.json());
  return (courses as Card[]).find((c) => c.courseTitle === title) as Card;
};

const isApiPath = (url: URL) => /^\/(api|checkout)(\/|$)/.test(url.pathname);

/** Every request the page makes, to check afterwards where the API's calls went. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  return requests;
}

/** Home's preload hint for its featured courses (`FEATURED_PATH`, `&` written as `&amp;`), from `origin`. */
const featuredPreload = (origin: string) =>
  new RegExp(
    `<link rel="preload" as="fetch" href="${(origin + FEATURED_PATH).replace(/[.?]/g, '\\$&').replace('&', '&(?:amp;)?')}" crossorigin="anonymous">`,
  );

describe('one origin: the app serves the API at /api', () => {
  it("names no API origin: the runtime config's base URL is the page's own, the policy connects to 'self'", async () => {
    const config = await fetch(`${platform.urls.shell}/runtime-config.json`).then((r) => r.json());
    expect(config.apiBaseUrl).toBe('');
    const page = await fetch(`${platform.urls.shell}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src ')) ?? '';
    expect(connect.split(' ').slice(1)).toEqual(["'self'", ...PORTAL_NAMES.map((p) => platform.urls[p])]);
    const html = await page.text();
    expect(html).toMatch(featuredPreload(''));
    expect(html).toContain('<link rel="preload" as="fetch" href="/api/config" crossorigin="anonymous">');
    expect(html).not.toContain(platform.urls.api);

    const health = await fetch(`${platform.urls.shell}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ success: true });
  });

  it('Home fetches the catalog once (the preload is reused) and makes no preflight', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto(`${platform.urls.shell}/`);
    await page.getByText('Learn from the best').waitFor();
    await page.waitForLoadState('networkidle');
    const api = requests.map((r) => new URL(r.url())).filter(isApiPath);
    expect(api.filter((u) => u.pathname === '/api/course/all').length, 'catalog requests').toBe(1);
    expect(api.filter((u) => u.pathname === '/api/config').length, 'config requests').toBe(1);
    expect(api.filter((u) => u.origin !== platform.urls.shell).map(String)).toEqual([]);
    expect(requests.filter((r) => r.method() === 'OPTIONS').map((r) => r.url())).toEqual([]);
    await context.close();
  });

  describe.each([
    ['127.0.0.1', 'Advanced Java: Concurrency and Streams', 'one-origin-127.0.0.1-enrolled'],
    ['localhost', 'Python for Data Analysis', null],
  ])('at http://%s:<shell port>', (host, title, screenshot) => {
    it('the demo student stays signed in across a reload, pays at the local checkout and comes back enrolled', {
      timeout: 120_000,
    }, async () => {
      const app = `http://${host}:${new URL(platform.urls.shell).port}`;
      const course = await courseNamed(title as string);
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const requests = recordRequests(page);
      const accountMenu = page.getByRole('button', { name: /^Account menu for / });

      await page.goto(`${app}/`);
      await signInThroughUi(page, DEMO.student);
      await page.reload();
      await accountMenu.waitFor();

      await page.goto(`${app}/course/${course._id}`);
      await accountMenu.waitFor();
      await page.getByRole('button', { name: 'Enroll Now' }).click();

      // The local gateway's hosted page, on the app's origin.
      await page.waitForURL(/\/checkout\/cs_local_/);
      expect(new URL(page.url()).origin).toBe(app);
      await page.getByText(title).first().waitFor();
      await page.getByRole('button', { name: /^Pay Rs / }).click();

      await page.waitForURL(/\/loading\/my-enrollments\?purchaseId=/);
      expect(new URL(page.url()).origin).toBe(app);
      await page.getByText('Payment verified successfully!').first().waitFor();
      await page.waitForURL(`${app}/my-enrollments`, { timeout: 10_000 });
      await accountMenu.waitFor();
      await page.getByRole('row').filter({ hasText: title }).getByRole('button', { name: 'On Going' }).waitFor();
      if (screenshot) await shoot(page, screenshot);

      // Every call to the API went to the page's own origin, and none needed a preflight.
      const calls = requests.filter((r) => ['fetch', 'xhr', 'document'].includes(r.resourceType()));
      const elsewhere = calls.map((r) => new URL(r.url())).filter((u) => isApiPath(u) && u.origin !== app);
      expect(elsewhere.map(String)).toEqual([]);
      expect(requests.filter((r) => r.method() === 'OPTIONS').map((r) => r.url())).toEqual([]);
      await context.close();
    });
  });
});

describe('a separate API origin, by configuration', () => {
  let separate: Platform;
  beforeAll(async () => {
    separate = await startTestPlatform({ separateApiOrigin: true, serverRender: false });
  });
  afterAll(async () => {
    await separate?.stop();
  });

  it('names the API origin in the runtime config, the policy and the hints, and Home calls it there', async () => {
    const api = separate.urls.api;
    const config = await fetch(`${separate.urls.shell}/runtime-config.json`).then((r) => r.json());
    expect(config.apiBaseUrl).toBe(api);
    const res = await fetch(`${separate.urls.shell}/`);
    expect(res.headers.get('content-security-policy')).toContain(`connect-src 'self' ${api}`);
    const html = await res.text();
    expect(html).toContain(`<link rel="preconnect" href="${api}" crossorigin>`);
    expect(html).toMatch(featuredPreload(api));

    const context = await browser.newContext();
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto(`${separate.urls.shell}/`);
    await page.getByText('Learn from the best').waitFor();
    await page.waitForLoadState('networkidle');
    const catalog = requests.map((r) => new URL(r.url())).filter((u) => u.pathname === '/api/course/all');
    expect(catalog.map((u) => u.origin)).toEqual([api]);
    await context.close();
  });
});
