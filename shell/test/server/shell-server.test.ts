import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellServer } from '../../server/shell-server.mjs';

const ORIGIN = 'https://courseport.example';
const THUMBNAIL = 'https://courseport.example/api/media/t1/640.jpeg';

let dist: string;
let api: Server;
let shell: Server;
let base: string;
/** The API paths the shell's server asked for. */
const asked: string[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'courseport-shell-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Courseport</title><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1.0"><script defer src="/static/js/index.js"></script></head><body></body></html>',
  );
  api = createServer((req, res) => {
    asked.push(req.url ?? '');
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/api/config') return json(200, { success: true, currency: 'Rs' });
    if (req.url === '/api/course/slow') return setTimeout(() => json(404, { success: false }), 1_000);
    if (req.url === '/api/course/broken') return json(500, { success: false });
    if (req.url?.startsWith('/api/course/all?'))
      return json(200, { success: true, courses: [{ _id: 'c1' }], total: 1 });
    if (req.url !== '/api/course/c1') return json(404, { success: false, message: 'Course not found' });
    json(200, {
      success: true,
      courseData: {
        _id: 'c1',
        courseTitle: 'Java $& "Basics" </title>',
        courseDescription: '<p>Learn Java.</p>',
        courseThumbnail: THUMBNAIL,
        coursePrice: 100,
        discount: 0,
        educator: { name: 'Ada' },
        averageRating: 0,
        ratingCount: 0,
      },
    });
  });
  const apiUrl = await listen(api);
  shell = createShellServer({
    root: dist,
    runtimeConfig: () => ({ apiBaseUrl: '', remotes: { storefront: 'http://127.0.0.1:9/remoteEntry.js' } }),
    apiTarget: () => apiUrl,
    publicOrigin: () => ORIGIN,
    manifests: { get: async () => null } as never,
  });
  base = await listen(shell);
});

afterAll(async () => {
  for (const server of [shell, api]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await rm(dist, { recursive: true, force: true });
});

const page = async (pathname: string, headers: Record<string, string> = {}) => {
  const res = await fetch(base + pathname, { headers });
  return { status: res.status, html: await res.text() };
};

describe("the shell's server writes each page's metadata", () => {
  it('replaces the built title, and asks the API once for a course page: image hint, metadata and JSON-LD from one answer', async () => {
    asked.length = 0;
    const { status, html } = await page('/course/c1');
    expect(status).toBe(200);
    expect(asked.filter((url) => url.startsWith('/api/course/'))).toEqual(['/api/course/c1']);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Java $&amp; "Basics" &lt;/title> · Courseport</title>');
    expect(html).toContain(`<link rel="preload" as="image" href="${THUMBNAIL}" fetchpriority="high">`);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/course/c1">`);
    expect(html).toContain('<meta property="og:title" content="Java $&#38; &#34;Basics&#34; &#60;/title&#62;">');
    expect(html).toContain('"priceCurrency":"INR"');
    expect(html).toContain('<html lang="en">');
    // The hints come after the viewport (a phone's preload scanner evaluates `imagesizes` with it) and before the scripts.
    const viewport = html.indexOf('<meta name="viewport"');
    expect(viewport).toBeGreaterThan(html.indexOf('<meta charset="utf-8">'));
    expect(html.indexOf('<link rel="preload" as="image"')).toBeGreaterThan(viewport);
    expect(html.indexOf('<script type="application/json" id="runtime-config">')).toBeGreaterThan(viewport);
    expect(html.indexOf('<script defer')).toBeGreaterThan(html.indexOf('<link rel="preload" as="image"'));
  });

  it('answers 404 for a course the API does not have, and 200 when the API fails or is slow', async () => {
    const missing = await page('/course/nope');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('<title>Course not found · Courseport</title>');
    expect(missing.html).not.toContain('as="image"');
    expect((await page('/course/broken')).status).toBe(200);
    const started = Date.now();
    const slow = await page('/course/slow');
    expect(slow.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(900);
    expect(slow.html).toContain('<title>Course · Courseport</title>');
  });

  it('names the public origin it is configured with, whatever Host or X-Forwarded-Host the request has', async () => {
    const { html } = await page('/', { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' });
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/">`);
    expect(html).not.toContain('evil.example');
    expect(asked.some((url) => url.startsWith('/api/course/all'))).toBe(false);
    const robots = await fetch(`${base}/robots.txt`, { headers: { 'X-Forwarded-Host': 'evil.example' } });
    expect(robots.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await robots.text()).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('serves the sitemap, and keeps the signed-in pages out of the index', async () => {
    const sitemap = await fetch(`${base}/sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await sitemap.text()).toContain(`<url><loc>${ORIGIN}/course-list</loc></url>`);
    const { status, html } = await page('/my-enrollments');
    expect(status).toBe(200);
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<title>My Enrollments · Courseport</title>');
    expect((await page('/no/such/page')).html).toContain('<title>Page not found · Courseport</title>');
  });
});
