import {
  type PortalReleasesResponse,
  RELEASE_AUDIT_PAGE_SIZE,
  type ReleaseAuditEntry,
  type ReleaseAuditResponse,
  type ReleasePlanResponse,
} from '@courseport/contracts';
import { PORTAL_NAMES } from '@courseport/contracts/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';

const TOKEN = 'release-token-for-the-tests-0123456789abcdef';
const ADMIN = 'releaser@example.com';
const LIVE_ACTIONS = new Set(['release', 'promote', 'rollback']);

for (const adapter of bothStores('releases')) {
  describe.skipIf(!adapter.enabled)(`portal release registry (${adapter.name})`, () => {
    let api: TestApi;
    let admin: string;
    let student: string;
    let now = new Date();

    const send = (method: string, path: string, body?: unknown, token = admin) => {
      now = new Date(now.getTime() + 10);
      return api.json(path, {
        method,
        headers: { ...bearer(token), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    };
    const release = (portal: string, version: string, canary?: number) =>
      send('POST', `/api/admin/releases/${portal}`, { version, ...(canary === undefined ? {} : { canary }) });
    const plan = async () => {
      const res = await api.json<ReleasePlanResponse>('/api/releases');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return res.body.releases;
    };
    const audit = async (query = '') => {
      const res = await send('GET', `/api/admin/releases/audit${query}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as unknown as ReleaseAuditResponse;
    };
    /** Every audit entry of a portal, newest first, through all the pages. */
    const wholeAudit = async (portal: string) => {
      const first = await audit(`?portal=${portal}`);
      const entries = [...first.entries];
      for (let page = 2; page <= first.pages; page++)
        entries.push(...(await audit(`?portal=${portal}&page=${page}`)).entries);
      return entries;
    };
    /** Each change of the live version starts where the one before it ended. */
    const expectChained = (newestFirst: ReleaseAuditEntry[]) => {
      const live = newestFirst.filter((e) => LIVE_ACTIONS.has(e.action)).reverse();
      for (let i = 1; i < live.length; i++) expect(live[i]?.from, JSON.stringify(live[i])).toBe(live[i - 1]?.to);
    };

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        clock: { now: () => now },
        config: { releaseToken: TOKEN },
      });
      admin = (await userWithProfile(api, ADMIN, { admin: true })).token;
      student = (await userWithProfile(api, 'student@example.com')).token;
    });
    afterAll(() => api?.close());

    it('releases, canaries, promotes, stops a canary and rolls back, and the public plan follows', async () => {
      expect(await plan()).toEqual({});
      const first = await release('storefront', '1.0.0');
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        success: true,
        message: 'storefront 1.0.0 is live',
        release: { portal: 'storefront', live: { version: '1.0.0', by: ADMIN }, canary: null },
      });
      expect(await release('storefront', '1.0.0')).toMatchObject({
        status: 409,
        body: { success: false, message: 'storefront 1.0.0 is already live' },
      });
      expect((await release('storefront', '1.0.0', 10)).status).toBe(409);

      const canary = await release('storefront', '1.1.0', 10);
      expect(canary.body).toMatchObject({
        message: 'storefront 1.1.0 is a 10 % canary',
        release: { live: { version: '1.0.0' }, canary: { version: '1.1.0', percent: 10, by: ADMIN } },
      });
      expect((await release('storefront', '1.1.0', 10)).status).toBe(409);
      expect((await release('storefront', '1.1.0', 25)).body).toMatchObject({ release: { canary: { percent: 25 } } });
      expect((await plan()).storefront).toEqual({
        live: '1.0.0',
        canary: { version: '1.1.0', percent: 25 },
        previous: [],
      });

      const promoted = await send('POST', '/api/admin/releases/storefront/promote');
      expect(promoted.body).toMatchObject({
        message: 'storefront 1.1.0 is live',
        release: { live: { version: '1.1.0' }, canary: null },
      });
      expect(await send('POST', '/api/admin/releases/storefront/promote')).toMatchObject({
        status: 409,
        body: { success: false, message: 'There is no canary to promote' },
      });

      await release('storefront', '2.0.0-rc.1', 50);
      const stopped = await send('DELETE', '/api/admin/releases/storefront/canary');
      expect(stopped.body).toMatchObject({
        message: "storefront's canary 2.0.0-rc.1 is stopped",
        release: { live: { version: '1.1.0' }, canary: null },
      });
      expect(await send('DELETE', '/api/admin/releases/storefront/canary')).toMatchObject({
        status: 409,
        body: { message: 'There is no canary to stop' },
      });

      // A release goes live at once and ends a running canary.
      await release('storefront', '2.0.0-rc.2', 5);
      expect((await release('storefront', '2.0.0')).body).toMatchObject({ release: { canary: null } });
      expect((await plan()).storefront).toEqual({ live: '2.0.0', canary: null, previous: ['1.1.0', '1.0.0'] });

      const back = await send('POST', '/api/admin/releases/storefront/rollback', { version: '1.0.0' });
      expect(back.body).toMatchObject({
        message: 'storefront rolled back to 1.0.0',
        release: { live: { version: '1.0.0' } },
      });
      expect((await plan()).storefront).toEqual({ live: '1.0.0', canary: null, previous: ['2.0.0', '1.1.0'] });
      expect(await send('POST', '/api/admin/releases/storefront/rollback', { version: '1.0.0' })).toMatchObject({
        status: 409,
        body: { message: 'storefront 1.0.0 is already live' },
      });
      expect(await send('POST', '/api/admin/releases/storefront/rollback', { version: '9.9.9' })).toMatchObject({
        status: 404,
        body: { success: false, message: 'storefront 9.9.9 was never released' },
      });
      // Any earlier version, a canary that never went live too; the canary is stopped by a rollback.
      await release('storefront', '3.0.0', 1);
      const toRc = await send('POST', '/api/admin/releases/storefront/rollback', { version: '2.0.0-rc.1' });
      expect(toRc.body).toMatchObject({ release: { live: { version: '2.0.0-rc.1' }, canary: null } });
      expect((await plan()).storefront?.previous).toEqual(['1.0.0', '2.0.0', '1.1.0']);

      const { body } = await send('GET', '/api/admin/releases');
      const portals = (body as unknown as PortalReleasesResponse).portals;
      expect(portals.map((p) => p.portal)).toEqual(PORTAL_NAMES);
      const storefront = portals.find((p) => p.portal === 'storefront');
      expect(storefront?.versions.map((v) => [v.version, v.wasLive])).toEqual([
        ['3.0.0', false],
        ['2.0.0', true],
        ['2.0.0-rc.2', false],
        ['2.0.0-rc.1', true],
        ['1.1.0', true],
        ['1.0.0', true],
      ]);
      expect(storefront?.versions.every((v) => !Number.isNaN(Date.parse(v.firstReleasedAt)))).toBe(true);
      expect(portals.find((p) => p.portal !== 'storefront')).toMatchObject({ live: null, canary: null, versions: [] });
    });

    it('audits who changed what, when, from what to what, newest first and a page at a time', async () => {
      const portal = 'learner';
      const before = (await audit()).entries.length;
      for (let i = 0; i < RELEASE_AUDIT_PAGE_SIZE + 4; i++)
        expect((await release(portal, `1.0.${i}`)).status).toBe(200);
      await release(portal, '2.0.0', 30);

      const first = await audit(`?portal=${portal}`);
      expect(first).toMatchObject({ page: 1, pages: 2 });
      expect(first.entries).toHaveLength(RELEASE_AUDIT_PAGE_SIZE);
      expect(first.entries[0]).toEqual({
        id: expect.any(String),
        portal,
        action: 'canary',
        from: null,
        to: '2.0.0',
        percent: 30,
        by: ADMIN,
        at: expect.any(String),
      });
      expect(first.entries[1]).toMatchObject({ action: 'release', from: '1.0.22', to: '1.0.23', percent: null });
      const entries = await wholeAudit(portal);
      expect(entries).toHaveLength(RELEASE_AUDIT_PAGE_SIZE + 5);
      expect(entries.at(-1)).toMatchObject({ action: 'release', from: null, to: '1.0.0' });
      const times = entries.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expectChained(entries);
      expect((await audit(`?portal=${portal}&page=3`)).entries).toEqual([]);

      const all = await audit();
      expect(all.entries[0]).toMatchObject({ portal, action: 'canary' });
      expect(all.pages).toBe(Math.ceil((before + entries.length) / RELEASE_AUDIT_PAGE_SIZE));

      for (const query of ['?page=0', '?page=abc', '?page=-1', '?portal=learner&portal=admin'])
        expect((await send('GET', `/api/admin/releases/audit${query}`)).status, query).toBe(400);
      expect(await send('GET', '/api/admin/releases/audit?portal=nope')).toMatchObject({
        status: 404,
        body: { success: false, message: 'Unknown portal: nope' },
      });
    });

    it('refuses bad versions and percents with a 400, unknown portals with a 404, and changes nothing', async () => {
      const auditBefore = await audit();
      const badVersions = [
        'abc',
        '1.0',
        '../x',
        '1.0.0/../x',
        'v1.0.0',
        '01.0.0',
        '',
        ' 1.0.0',
        `1.0.0-${'a'.repeat(59)}`,
        100,
        null,
      ];
      for (const version of badVersions) {
        const res = await send('POST', '/api/admin/releases/admin', { version });
        expect(res.status, String(version)).toBe(400);
        expect(res.body.message).toMatch(/^Version /);
        expect((await send('POST', '/api/admin/releases/admin/rollback', { version })).status).toBe(400);
      }
      for (const canary of [0, 100, 12.5, -1, '10', null, 1e308]) {
        const res = await send('POST', '/api/admin/releases/admin', { version: '1.0.0', canary });
        expect(res.status, String(canary)).toBe(400);
        expect(res.body.message).toMatch(/^Canary must be a whole percent from 1 to 99/);
      }
      expect((await send('POST', '/api/admin/releases/admin', {})).status).toBe(400);
      expect((await send('POST', '/api/admin/releases/admin', { version: `1.0.0-${'a'.repeat(58)}` })).status).toBe(
        200,
      );

      for (const [method, path] of [
        ['POST', '/api/admin/releases/nope'],
        ['POST', '/api/admin/releases/nope/promote'],
        ['POST', '/api/admin/releases/nope/rollback'],
        ['DELETE', '/api/admin/releases/nope/canary'],
      ] as const) {
        expect(await send(method, path, { version: '1.0.0' })).toMatchObject({
          status: 404,
          body: { success: false, message: 'Unknown portal: nope' },
        });
      }
      expect((await audit()).entries.length).toBe(Math.min(RELEASE_AUDIT_PAGE_SIZE, auditBefore.entries.length + 1));
      expect((await send('GET', '/api/admin/releases')).status).toBe(200);
    });

    it('takes the release token instead of an admin, and refuses any other token', async () => {
      const res = await send('POST', '/api/admin/releases/educator', { version: '0.1.0' }, TOKEN);
      expect(res.body).toMatchObject({ success: true, release: { live: { version: '0.1.0', by: 'release token' } } });
      expect((await audit('?portal=educator')).entries[0]).toMatchObject({ to: '0.1.0', by: 'release token' });
      expect((await send('GET', '/api/admin/releases', undefined, TOKEN)).status).toBe(200);
      expect((await send('GET', '/api/admin/releases/audit', undefined, TOKEN)).status).toBe(200);

      for (const wrong of [`${TOKEN.slice(0, -1)}x`, TOKEN.slice(0, -1), `${TOKEN}x`, 'short']) {
        const refused = await send('POST', '/api/admin/releases/educator', { version: '0.2.0' }, wrong);
        expect(refused, wrong).toMatchObject({ status: 401, body: { success: false, message: expect.any(String) } });
      }
      expect((await send('POST', '/api/admin/releases/educator', { version: '0.2.0' }, student)).status).toBe(403);
      expect((await api.json('/api/admin/releases')).status).toBe(401);
      expect((await plan()).educator?.live).toBe('0.1.0');

      const noToken = await startTestApi({ config: { releaseToken: undefined } });
      try {
        const refused = await noToken.json('/api/admin/releases/educator', {
          method: 'POST',
          headers: { ...bearer(TOKEN), 'Content-Type': 'application/json' },
          body: JSON.stringify({ version: '0.2.0' }),
        });
        expect(refused.status).toBe(401);
      } finally {
        await noToken.close();
      }
    });

    it('loses no update when admins change a portal at once', async () => {
      const portal = 'admin';
      for (const version of ['5.0.0', '5.1.0', '5.2.0']) expect((await release(portal, version)).status).toBe(200);
      expect((await release(portal, '6.0.0', 20)).status).toBe(200);
      const before = await wholeAudit(portal);

      const calls = [
        () => release(portal, '7.0.0'),
        () => send('POST', `/api/admin/releases/${portal}/rollback`, { version: '5.0.0' }),
        () => send('POST', `/api/admin/releases/${portal}/promote`),
        () => release(portal, '7.1.0'),
        () => send('POST', `/api/admin/releases/${portal}/rollback`, { version: '5.1.0' }),
        () => release(portal, '7.2.0'),
        () => send('POST', `/api/admin/releases/${portal}/rollback`, { version: '5.2.0' }),
        () => send('POST', `/api/admin/releases/${portal}/promote`, undefined, TOKEN),
        () => release(portal, '7.3.0'),
        () => send('POST', `/api/admin/releases/${portal}/rollback`, { version: '5.0.0' }, TOKEN),
        () => release(portal, '7.4.0'),
        () => send('POST', `/api/admin/releases/${portal}/rollback`, { version: '5.1.0' }),
      ];
      const answers = await Promise.all(calls.map((call) => call()));
      for (const a of answers) expect([200, 409], JSON.stringify(a.body)).toContain(a.status);
      const succeeded = answers.filter((a) => a.status === 200).length;
      expect(succeeded).toBeGreaterThan(0);

      const after = await wholeAudit(portal);
      expect(after.length - before.length).toBe(succeeded);
      expectChained(after);
      const lastLive = after.find((e) => LIVE_ACTIONS.has(e.action));
      expect((await plan())[portal]?.live).toBe(lastLive?.to);
      const { body } = await send('GET', '/api/admin/releases');
      const state = (body as unknown as PortalReleasesResponse).portals.find((p) => p.portal === portal);
      expect(state?.live?.version).toBe(lastLive?.to);
      // The canary was promoted at most once, and is gone once anything went live.
      expect(
        after.filter((e, i) => i < after.length - before.length && e.action === 'promote').length,
      ).toBeLessThanOrEqual(1);
      expect(state?.canary).toBeNull();
    });
  });
}
