import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shellContentSecurityPolicy } from '../../shell/server/content-security-policy.mjs';
import { launchChromium } from '../support/browser.js';

/**
 * The shell's Content-Security-Policy as Chromium applies it (#30): of www.youtube.com, only the
 * IFrame API script and the player script it loads may run, not whatever else that host serves.
 * No platform is started: a page with the shell's policy, and www.youtube.com answered locally.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe("the shell's script policy in Chromium", () => {
  it("runs YouTube's IFrame API and its player script, and nothing else from www.youtube.com", async () => {
    const page = await browser.newPage();
    const policy = shellContentSecurityPolicy({ api: '', remotes: [] });
    await page.route('https://courseport.test/', (route) =>
      route.fulfill({
        headers: { 'Content-Type': 'text/html', 'Content-Security-Policy': policy },
        body: '<!doctype html><html lang="en"><title>CSP</title></html>',
      }),
    );
    const served: string[] = [];
    await page.route('https://www.youtube.com/**', (route) => {
      const pathname = new URL(route.request().url()).pathname;
      served.push(pathname);
      return route.fulfill({
        headers: { 'Content-Type': 'text/javascript' },
        body: `window.ran = (window.ran || []).concat(${JSON.stringify(pathname)});`,
      });
    });
    await page.goto('https://courseport.test/');
    const load = (src: string) =>
      page.evaluate(
        (url) =>
          new Promise<string>((resolve) => {
            const script = document.createElement('script');
            script.src = url;
            script.onload = () => resolve('ran');
            script.onerror = () => resolve('refused');
            document.head.append(script);
          }),
        src,
      );
    const results: Record<string, string> = {};
    for (const src of [
      'https://www.youtube.com/iframe_api',
      'https://www.youtube.com/s/player/0123abcd/www-widgetapi.vflset/www-widgetapi.js',
      'https://www.youtube.com/attacker.js',
      'https://www.youtube.com/iframe_api_other',
      'https://www.youtube.com/s/other.js',
    ])
      results[src] = await load(src);
    expect(results).toEqual({
      'https://www.youtube.com/iframe_api': 'ran',
      'https://www.youtube.com/s/player/0123abcd/www-widgetapi.vflset/www-widgetapi.js': 'ran',
      'https://www.youtube.com/attacker.js': 'refused',
      'https://www.youtube.com/iframe_api_other': 'refused',
      'https://www.youtube.com/s/other.js': 'refused',
    });
    // Refused by the policy before any request was made.
    expect(served).toEqual(['/iframe_api', '/s/player/0123abcd/www-widgetapi.vflset/www-widgetapi.js']);
    expect(await page.evaluate(() => (window as unknown as { ran: string[] }).ran)).toEqual(served);
    await page.close();
  });
});
