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
/** The session renewals the stand-in API was asked for. */
const refreshes: Array<Record<string, string | undefined>> = [];
const SAM = {
  id: 'user_1',
  email: 'sam@example.com',
  fullName: 'Sam Student',
  imageUrl: 'https://img.example/sam.png',
};

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'courseport-shell-render-'));
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Courseport</title><script defer src="/static/js/index.js"></script></head><body><div id="root"></div></body></html>',
  );
  await writeFile(
    path.join(dist, 'renders.cjs'),
    `exports.renderApp = async ({ url, user }) => ({
      stream: require('node:stream').Readable.from(['<main>Rendered ', url, user ? ' for ' + user.identity.fullName + (user.token === 'token-of-sam' ? ' (token)' : '') : '', '</main>']),
      state: { queries: [{ queryKey: ['catalog', { search: '' }] }] },
      styles: user ? '<style data-css-hash="x">.ant-table{}</style>' : '',
      title: user ? 'Named by the page · Courseport' : 'Not used for a public page',
      ...(user ? { session: { identity: user.identity, user: { _id: user.identity.id, roles: ['student'] } } } : {}),
    });`,
  );
  await writeFile(path.join(dist, 'throws.cjs'), `exports.renderApp = async () => { throw new Error('broken'); };`);
  api = createServer((req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
    if (req.url === '/api/config') return json(200, { success: true, authMode: 'local', currency: 'Rs' });
    if (req.url === '/api/auth/refresh') {
      refreshes.push({
        method: req.method,
        cookie: req.headers.cookie,
        type: req.headers['content-type'],
        forwardedFor: String(req.headers['x-forwarded-for']),
      });
      if (req.headers.cookie === 'cp_session=sess_1.good') {
        return json(
          200,
          { success: true, token: 'token-of-sam', expiresAt: new Date(Date.now() + 300_000).toISOString(), user: SAM },
          { 'Set-Cookie': 'cp_session=sess_1.rotated; Path=/; HttpOnly; SameSite=Lax' },
        );
      }
      return json(
        401,
        { success: false, message: 'You are signed out' },
        { 'Set-Cookie': 'cp_session=; Path=/; Max-Age=0' },
      );
    }
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
    runtimeConfig: () => ({
      apiBaseUrl: '',
      remotes: {
        storefront: 'http://127.0.0.1:9/remoteEntry.js',
        learner: 'http://127.0.0.1:9/learner/remoteEntry.js',
      },
    }),
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

  it("renders a signed-in page for the session cookie's user, passes the renewed cookie on, and keeps no copy", async () => {
    const base = await shellWith(path.join(dist, 'renders.cjs'));
    refreshes.length = 0;
    const res = await fetch(`${base}/my-enrollments`, {
      headers: { Cookie: 'theme=dark; cp_session=sess_1.good', 'X-Forwarded-For': '203.0.113.9' },
    });
    const html = await res.text();
    expect(res.status).toBe(200);
    // Rendered as Sam, with the session token fetched for the page's data (the render had it)...
    expect(html).toContain('<div id="root"><main>Rendered /my-enrollments for Sam Student (token)</main></div>');
    // ...which is never written into the page: the browser renews its own session.
    expect(html).not.toContain('token-of-sam');
    // The API's renewal, asked as the browser asks it: a JSON POST with only the session cookie,
    // and the user's address (the API trusts this server as its proxy).
    expect(refreshes).toEqual([
      {
        method: 'POST',
        cookie: 'cp_session=sess_1.good',
        type: 'application/json',
        forwardedFor: '203.0.113.9, 127.0.0.1',
      },
    ]);
    expect(res.headers.getSetCookie()).toEqual(['cp_session=sess_1.rotated; Path=/; HttpOnly; SameSite=Lax']);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toContain('Cookie');
    // antd's CSS of the page in the head; the browser starts as the user it was rendered for.
    expect(html.indexOf('<style data-css-hash="x">')).toBeGreaterThan(-1);
    expect(html.indexOf('<style data-css-hash="x">')).toBeLessThan(html.indexOf('</head>'));
    const state = JSON.parse(
      /<script type="application\/json" id="server-state">(.*?)<\/script>/.exec(html)?.[1] ?? 'null',
    );
    expect(state.session).toEqual({ identity: SAM, user: { _id: 'user_1', roles: ['student'] } });
    // The title the page named while rendering (a public page keeps the server's own).
    expect(html).toContain('<title>Named by the page · Courseport</title>');
    expect(await (await fetch(`${base}/course-list?x=1`)).text()).not.toContain('Not used for a public page');
  });

  it("renders a signed-in page in the browser without a session, and passes an ended one's cleared cookie on", async () => {
    const base = await shellWith(path.join(dist, 'renders.cjs'));
    refreshes.length = 0;
    const anonymous = await fetch(`${base}/my-enrollments`);
    const anonymousHtml = await anonymous.text();
    expect(anonymousHtml).toContain('<div id="root"></div>');
    expect(anonymousHtml).not.toContain('server-state');
    expect(anonymous.headers.getSetCookie()).toEqual([]);
    // No cookie, no renewal; and a public page never renews (nor renders anyone's).
    await (await fetch(`${base}/course-list`, { headers: { Cookie: 'cp_session=sess_1.good' } })).text();
    expect(refreshes).toEqual([]);

    const ended = await fetch(`${base}/my-enrollments`, { headers: { Cookie: 'cp_session=sess_1.stolen' } });
    expect(await ended.text()).toContain('<div id="root"></div>');
    expect(ended.headers.getSetCookie()).toEqual(['cp_session=; Path=/; Max-Age=0']);
    expect(ended.headers.get('cache-control')).toBe('private, no-store');
    expect(refreshes).toHaveLength(1);
  });

  it('leaves a signed-in page to the browser when the deployment has no server render', async () => {
    const base = await shellWith(null);
    refreshes.length = 0;
    const res = await fetch(`${base}/my-enrollments`, { headers: { Cookie: 'cp_session=sess_1.good' } });
    expect(await res.text()).toContain('<div id="root"></div>');
    // Nothing to render with the session: the browser renews it itself.
    expect(refreshes).toEqual([]);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
