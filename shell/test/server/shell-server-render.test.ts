import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShellServer } from '../../server/shell-server.mjs';

// The shell's server with a server render (a stand-in render module): the page's markup goes into
// the root element with the data it rendered with, once; without a render, the page is today's.

let dist: string;
let api: Server;
const shells: Server[] = [];

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

let apiUrl: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'courseport-shell-render-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Courseport</title><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(dist, 'renders.cjs'),
    `exports.renderApp = async ({ url }) => ({
      stream: require('node:stream').Readable.from(['<main>Rendered ', url, '</main>']),
      state: { queries: [{ queryKey: ['catalog', { search: '' }] }] },
    });`,
  );
  await writeFile(path.join(dist, 'throws.cjs'), `exports.renderApp = async () => { throw new Error('broken'); };`);
  api = createServer((req, res) => {
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    if (req.url === '/api/config') return json(200, { success: true, authMode: 'local', currency: 'Rs' });
    json(200, { success: true, courses: [], total: 0 });
  });
  apiUrl = await listen(api);
});

afterAll(async () => {
  for (const server of [...shells, api]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await rm(dist, { recursive: true, force: true });
});

async function shellWith(renderModule: string | null) {
  const shell = createShellServer({
    root: dist,
    runtimeConfig: () => ({ apiBaseUrl: '', remotes: { storefront: 'http://127.0.0.1:9/remoteEntry.js' } }),
    apiTarget: () => apiUrl,
    publicOrigin: () => 'https://courseport.example',
    manifests: { get: async () => null } as never,
    renderModule,
    renderDeadlineMs: 1_000,
  });
  shells.push(shell);
  return listen(shell);
}

describe("the shell's server with a server render", () => {
  it('puts the rendered page in the root element, with its data once and no preload of that data', async () => {
    const base = await shellWith(path.join(dist, 'renders.cjs'));
    for (const encoding of ['identity', 'gzip']) {
      const res = await fetch(`${base}/course-list?x=1`, { headers: { 'Accept-Encoding': encoding } });
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toContain('<div id="root"><main>Rendered /course-list?x=1</main></div>');
      expect(html.match(/id="server-state"/g)).toHaveLength(1);
      const state = JSON.parse(
        /<script type="application\/json" id="server-state">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
      );
      expect(state).toEqual({
        publicConfig: { success: true, authMode: 'local', currency: 'Rs' },
        queries: { queries: [{ queryKey: ['catalog', { search: '' }] }] },
      });
      // The head comes first, with its metadata; the page's data is not fetched again by the browser.
      expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('<main>'));
      expect(html).not.toContain('as="fetch"');
      expect(html).toMatch(/<\/html>$/);
    }
  });

  it("sends today's client-rendered page when the render throws", async () => {
    const base = await shellWith(path.join(dist, 'throws.cjs'));
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('server-state');
    expect(html).toContain(
      '<link rel="preload" as="fetch" href="/api/course/all?sort=rating&amp;limit=8" crossorigin="anonymous">',
    );
    // A filtered course list starts with another call than the route's prefetch: nothing is preloaded.
    const filtered = await (await fetch(`${base}/course-list?category=web-development&sort=rating`)).text();
    expect(filtered).toContain('<div id="root"></div>');
    expect(filtered).not.toContain('href="/api/course/all');
    expect(await (await fetch(`${base}/course-list`)).text()).toContain(
      '<link rel="preload" as="fetch" href="/api/course/all" crossorigin="anonymous">',
    );
  });

  it('leaves the signed-in areas client-rendered', async () => {
    const base = await shellWith(path.join(dist, 'renders.cjs'));
    const html = await (await fetch(`${base}/my-enrollments`)).text();
    expect(html).toContain('<div id="root"></div>');
  });
});
