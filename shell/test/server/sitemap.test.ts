import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSitemap, fetchPublishedCourses, robotsTxt, sitemapXml } from '../../server/sitemap.mjs';

const ORIGIN = 'https://courseport.example';

let api: Server | undefined;
afterEach(async () => {
  api?.closeAllConnections();
  await new Promise((resolve) => api?.close(resolve) ?? resolve(null));
  api = undefined;
});

/** A fake catalog of `count` courses, paged as the API pages it; records the queries asked. */
async function fakeCatalog(count: number, state = { up: true }) {
  const asked: string[] = [];
  const ids = Array.from({ length: count }, (_, i) => `c${i}`);
  api = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    asked.push(url.search);
    if (!state.up) return res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"success":false}');
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const limit = Number(url.searchParams.get('limit') ?? 48);
    const courses = ids.slice(offset, offset + limit).map((_id) => ({ _id, courseTitle: _id }));
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ success: true, courses, total: count }));
  });
  await new Promise<void>((resolve) => api?.listen(0, '127.0.0.1', resolve));
  return { base: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, asked };
}

describe('robots.txt', () => {
  it('allows all but the signed-in areas, the one-person pages and the checkout, and names the sitemap', () => {
    const text = robotsTxt(ORIGIN);
    expect(text).toMatch(/^User-agent: \*\nAllow: \/\n/);
    for (const prefix of [
      '/my-enrollments',
      '/player/',
      '/loading/',
      '/purchase-history',
      '/wishlist',
      '/educator',
      '/admin',
      '/reset-password',
      '/checkout',
    ]) {
      expect(text).toContain(`\nDisallow: ${prefix}\n`);
    }
    expect(text).not.toMatch(/Disallow: \/(course|api)/);
    expect(text).toContain(`\nSitemap: ${ORIGIN}/sitemap.xml\n`);
  });
});

describe('sitemap.xml', () => {
  it('lists the home page, the course list and every course, escaped, with lastmod when the API gives one', () => {
    const xml = sitemapXml(ORIGIN, [
      { _id: 'c1', updatedAt: '2025-03-04T05:06:07Z' },
      { _id: 'a&b<c>' },
      { _id: 'c3', updatedAt: 'not a date' },
    ]);
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        `<url><loc>${ORIGIN}/</loc></url>`,
        `<url><loc>${ORIGIN}/course-list</loc></url>`,
        `<url><loc>${ORIGIN}/course/c1</loc><lastmod>2025-03-04T05:06:07.000Z</lastmod></url>`,
        `<url><loc>${ORIGIN}/course/a%26b%3Cc%3E</loc></url>`,
        `<url><loc>${ORIGIN}/course/c3</loc></url>`,
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('reads every page of the catalog, at the largest page size the API allows', async () => {
    const { base, asked } = await fakeCatalog(250);
    const courses = await fetchPublishedCourses(base);
    expect(courses?.map((c) => c._id)).toEqual(Array.from({ length: 250 }, (_, i) => `c${i}`));
    expect(asked).toEqual(['?offset=0&limit=100', '?offset=100&limit=100', '?offset=200&limit=100']);
  });

  it('is built once for a few minutes, and the last good one is served while the API does not answer', async () => {
    const state = { up: false };
    const { base, asked } = await fakeCatalog(3, state);
    let time = 0;
    const sitemap = createSitemap({ apiTarget: () => base, origin: () => ORIGIN, now: () => time });
    expect(await sitemap.get()).toBeNull();
    state.up = true;
    const [first, second] = await Promise.all([sitemap.get(), sitemap.get()]);
    expect(first).toContain(`<loc>${ORIGIN}/course/c2</loc>`);
    expect(second).toBe(first);
    const calls = asked.length;
    time += 60_000;
    expect(await sitemap.get()).toBe(first);
    expect(asked.length).toBe(calls);
    state.up = false;
    time += 10 * 60_000;
    expect(await sitemap.get()).toBe(first);
  });
});
