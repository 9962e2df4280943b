import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { canaryBucket, createReleases, refusalOf, VISITOR_COOKIE, visitorOf } from '../../server/releases.mjs';
import { createShellServer } from '../../server/shell-server.mjs';
import { createStaticServer } from '../../server/static-server.mjs';

const EMPTY = { apiBaseUrl: '', remotes: {} as Record<string, string> };

const manifest = (version: string, range = '^1.0.0') => ({
  portal: 'storefront',
  version,
  builtAt: '2026-11-28T00:00:00.000Z',
  requires: { '@courseport/shared-ui': range },
});

let releasesDir: string;
let dist: string;
let portal: Server;
let api: Server;
let portalUrl: string;
let apiUrl: string;
/** What the API's `GET /api/releases` answers (null: the API is down). */
let plan: Record<string, unknown> | null;

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = (server: Server) => {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(resolve));
};

async function publish(version: string, release: unknown) {
  const folder = path.join(releasesDir, version);
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'release.json'), JSON.stringify(release));
  await writeFile(path.join(folder, 'remoteEntry.js'), `/* storefront ${version} */`);
}

beforeAll(async () => {
  releasesDir = await mkdtemp(path.join(tmpdir(), 'courseport-versions-'));
  dist = await mkdtemp(path.join(tmpdir(), 'courseport-portal-'));
  await writeFile(path.join(dist, 'remoteEntry.js'), '/* unversioned */');
  await publish('1.0.0', manifest('1.0.0'));
  await publish('1.1.0', manifest('1.1.0'));
  await publish('2.0.0', manifest('2.0.0'));
  await publish('3.0.0', manifest('3.0.0', '^2.0.0'));
  await publish('4.0.0', { ...manifest('4.0.0'), portal: 'learner' });
  portal = createStaticServer({ root: dist, versions: releasesDir });
  portalUrl = await listen(portal);
  api = createServer((req, res) => {
    if (req.url !== '/api/releases' || plan === null) return res.writeHead(503).end();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ success: true, releases: plan }));
  });
  apiUrl = await listen(api);
});

afterAll(async () => {
  await Promise.all([close(portal), close(api)]);
  await Promise.all([releasesDir, dist].map((dir) => rm(dir, { recursive: true, force: true })));
});

beforeEach(() => {
  plan = {};
});

function releasesFor() {
  return createReleases({
    apiTarget: () => apiUrl,
    remotes: () => ({ storefront: `${portalUrl}/remoteEntry.js`, learner: 'http://127.0.0.1:9/remoteEntry.js' }),
    sharedUi: '1.0.0',
    refreshMs: 60_000,
    warn: () => {},
  });
}

describe('refusalOf: the shell loads only builds whose shared-ui range it satisfies', () => {
  it.each([
    [manifest('2.0.0'), null],
    [manifest('2.0.0', '^1.0.0 || ^2.0.0'), null],
    [manifest('2.0.0', '^2.0.0'), 'storefront 2.0.0 needs @courseport/shared-ui ^2.0.0; this shell provides 1.0.0'],
    [manifest('2.0.0', 'not a range'), 'storefront 2.0.0 declares no valid @courseport/shared-ui range'],
    [{ ...manifest('2.0.0'), requires: {} }, 'storefront 2.0.0 declares no valid @courseport/shared-ui range'],
    [manifest('2.0.1'), 'storefront 2.0.0: its release.json describes storefront 2.0.1'],
    ['<html>', 'storefront 2.0.0: its release.json is not a JSON object'],
  ])('%j → %s', (release, reason) => {
    expect(refusalOf({ portal: 'storefront', version: '2.0.0' }, release, '1.0.0')).toBe(reason);
  });
});

describe('canaryBucket', () => {
  it('is stable for a visitor and portal, and spreads visitors evenly', () => {
    expect(canaryBucket('visitor-a', 'storefront')).toBe(canaryBucket('visitor-a', 'storefront'));
    const buckets = Array.from({ length: 10_000 }, (_, i) => canaryBucket(`visitor-${i}`, 'storefront'));
    const inTenPercent = buckets.filter((b) => b < 10).length;
    const inHalf = buckets.filter((b) => b < 50).length;
    expect(inTenPercent).toBeGreaterThan(850);
    expect(inTenPercent).toBeLessThan(1150);
    expect(inHalf).toBeGreaterThan(4700);
    expect(inHalf).toBeLessThan(5300);
  });
});

describe('the release plan, as the shell serves it', () => {
  it('serves the live version from its folder, and the canary to the visitors whose bucket is in it, with the live one as fallback', async () => {
    plan = { storefront: { live: '1.0.0', canary: { version: '2.0.0', percent: 30 }, previous: [] } };
    const releases = releasesFor();
    await releases.ready();
    const base = { apiBaseUrl: '', remotes: { storefront: `${portalUrl}/remoteEntry.js`, learner: 'L' } };
    const live = `${portalUrl}/1.0.0/remoteEntry.js`;
    const canary = `${portalUrl}/2.0.0/remoteEntry.js`;
    for (const visitor of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']) {
      const config = releases.configFor(base, visitor);
      if (canaryBucket(visitor, 'storefront') < 30) {
        expect(config).toEqual({
          apiBaseUrl: '',
          remotes: { storefront: canary, learner: 'L' },
          fallbacks: { storefront: live },
        });
      } else {
        expect(config).toEqual({ apiBaseUrl: '', remotes: { storefront: live, learner: 'L' } });
      }
    }
    expect(releases.hasCanary()).toBe(true);
    releases.close();
  });

  it('refuses a live version whose shared-ui range the shell does not satisfy, keeps the previous live one, and says why', async () => {
    plan = { storefront: { live: '3.0.0', canary: null, previous: ['9.9.9', '1.1.0', '1.0.0'] } };
    const releases = releasesFor();
    await releases.ready();
    expect(releases.configFor(EMPTY, 'x').remotes.storefront).toBe(`${portalUrl}/1.1.0/remoteEntry.js`);
    const status = releases.status().portals.find((p) => p.portal === 'storefront');
    expect(status?.serving).toEqual({ version: '1.1.0', entry: `${portalUrl}/1.1.0/remoteEntry.js` });
    expect(status?.refused).toEqual([
      { version: '3.0.0', reason: 'storefront 3.0.0 needs @courseport/shared-ui ^2.0.0; this shell provides 1.0.0' },
      {
        version: '9.9.9',
        reason: `storefront 9.9.9 is not published: ${portalUrl}/9.9.9/release.json answered 404`,
      },
    ]);
    expect(releases.hasCanary()).toBe(false);
    releases.close();
  });

  it('refuses a canary that is not this portal’s build, and serves nobody from it', async () => {
    plan = { storefront: { live: '1.0.0', canary: { version: '4.0.0', percent: 99 }, previous: [] } };
    const releases = releasesFor();
    await releases.ready();
    expect(releases.configFor({ apiBaseUrl: '', remotes: {} }, 'x')).toEqual({
      apiBaseUrl: '',
      remotes: { storefront: `${portalUrl}/1.0.0/remoteEntry.js` },
    });
    expect(releases.status().portals[0]?.refused).toEqual([
      { version: '4.0.0', reason: 'storefront 4.0.0: its release.json describes learner 4.0.0' },
    ]);
    releases.close();
  });

  it('follows the registry within a refresh, and keeps the last plan while the API is away', async () => {
    plan = { storefront: { live: '1.0.0', canary: null, previous: [] } };
    const releases = releasesFor();
    await releases.ready();
    const entry = () => releases.configFor(EMPTY, 'x').remotes.storefront;
    expect(entry()).toBe(`${portalUrl}/1.0.0/remoteEntry.js`);
    plan = { storefront: { live: '2.0.0', canary: null, previous: ['1.0.0'] } };
    await releases.refresh();
    expect(entry()).toBe(`${portalUrl}/2.0.0/remoteEntry.js`);
    plan = null;
    await releases.refresh();
    expect(entry()).toBe(`${portalUrl}/2.0.0/remoteEntry.js`);
    releases.close();
  });

  it('leaves the runtime config as it is while nothing is released', async () => {
    const releases = releasesFor();
    await releases.ready();
    const config = { apiBaseUrl: '', remotes: { storefront: 'S' } };
    expect(releases.configFor(config, 'x')).toBe(config);
    expect(releases.status().portals[0]).toEqual({
      portal: 'storefront',
      serving: { version: null, entry: `${portalUrl}/remoteEntry.js` },
      canary: null,
      refused: [],
    });
    releases.close();
  });
});

describe('versions on the portal host', () => {
  it('serves a published version at /<version>/, cached as immutable; the unversioned build stays at /', async () => {
    const res = await fetch(`${portalUrl}/2.0.0/remoteEntry.js`);
    expect(await res.text()).toBe('/* storefront 2.0.0 */');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const root = await fetch(`${portalUrl}/remoteEntry.js`);
    expect(await root.text()).toBe('/* unversioned */');
    expect(root.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${portalUrl}/5.0.0/remoteEntry.js`)).status).toBe(404);
    expect((await fetch(`${portalUrl}/2.0.0/..%2F..%2Fsecret.txt`)).status).toBe(403);
  });
});

describe('visitors', () => {
  const request = (cookie?: string) => ({ headers: cookie ? { cookie } : {} }) as IncomingMessage;

  it('keeps the id of a valid cookie, and gives a new visitor a long-lived one', () => {
    expect(visitorOf(request(`a=b; ${VISITOR_COOKIE}=AAAAAAAAAAAAAAAAAAAAAA`), true)).toEqual({
      id: 'AAAAAAAAAAAAAAAAAAAAAA',
      setCookie: null,
    });
    const fresh = visitorOf(request(`${VISITOR_COOKIE}=../../etc`), true);
    expect(fresh.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(fresh.setCookie).toBe(
      `${VISITOR_COOKIE}=${fresh.id}; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly; Secure`,
    );
  });

  it("the shell's page: the visitor's versions inlined, its cookie only while a canary runs, the status for the console", async () => {
    const shellDist = await mkdtemp(path.join(tmpdir(), 'courseport-shell-'));
    await writeFile(
      path.join(shellDist, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Courseport</title><meta name="viewport" content="width=device-width"></head><body><div id="root"></div></body></html>',
    );
    plan = { storefront: { live: '1.0.0', canary: { version: '2.0.0', percent: 50 }, previous: [] } };
    const releases = releasesFor();
    const shell = createShellServer({
      root: shellDist,
      runtimeConfig: () => ({ apiBaseUrl: '', remotes: { storefront: `${portalUrl}/remoteEntry.js` } }),
      apiTarget: () => apiUrl,
      publicOrigin: () => 'http://courseport.test',
      manifests: { get: async () => null } as never,
      releases,
    });
    const shellUrl = await listen(shell);
    try {
      const first = await fetch(`${shellUrl}/course-list`);
      const cookie = first.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(new RegExp(`^${VISITOR_COOKIE}=[A-Za-z0-9_-]{22}; Path=/`));
      expect(first.headers.get('vary')).toBe('Accept-Encoding, Cookie');
      const id = cookie.split(';')[0]?.split('=')[1] ?? '';
      const expected = canaryBucket(id, 'storefront') < 50 ? '2.0.0' : '1.0.0';
      // The same visitor gets the same side on every load.
      for (let i = 0; i < 3; i++) {
        const again = await fetch(`${shellUrl}/course-list`, { headers: { cookie: `${VISITOR_COOKIE}=${id}` } });
        expect(again.headers.get('set-cookie')).toBeNull();
        expect(await again.text()).toContain(`${portalUrl}/${expected}/remoteEntry.js`);
      }
      const status = await (await fetch(`${shellUrl}/release-status.json`)).json();
      expect(status.portals[0].canary).toEqual({
        version: '2.0.0',
        percent: 50,
        entry: `${portalUrl}/2.0.0/remoteEntry.js`,
      });

      plan = { storefront: { live: '2.0.0', canary: null, previous: ['1.0.0'] } };
      await releases.refresh();
      const after = await fetch(`${shellUrl}/course-list`);
      expect(after.headers.get('set-cookie')).toBeNull();
      expect(await after.text()).toContain(`${portalUrl}/2.0.0/remoteEntry.js`);
    } finally {
      await close(shell);
      await rm(shellDist, { recursive: true, force: true });
    }
  });
});
