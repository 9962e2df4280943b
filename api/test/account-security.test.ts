import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_MAIL_SENT } from '../src/modules/auth/routes.js';
import { INVALID_RESET_LINK, WRONG_CURRENT_PASSWORD } from '../src/modules/auth/service.js';
import { delaySeconds } from '../src/modules/auth/sign-in-throttle.js';
import type { MailDoc } from '../src/modules/mail/repository.js';
import type { Store } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, PASSWORD, postJson, verifiedAccount } from './support/identity.js';
import { linkIn, startSmtpServer } from './support/smtp.js';

/** A clock the test moves forward. */
function movableClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms: number) => (offset += ms) };
}

const cookieOf = (res: { headers: Headers }) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

async function signIn(api: TestApi, email: string, password = PASSWORD, from?: string) {
  const res = await postJson(api, '/api/auth/sign-in', { email, password }, from ? { 'X-Forwarded-For': from } : {});
  return { ...res, token: res.body.token as string, cookie: cookieOf(res) };
}

const refresh = (api: TestApi, cookie: string) => postJson(api, '/api/auth/refresh', {}, { Cookie: cookie });
const userData = (api: TestApi, token: string) => api.json('/api/user/data', { headers: bearer(token) });

describe('sign-in throttling', () => {
  let api: TestApi;
  beforeAll(async () => {
    // One trusted proxy: the client address is the last X-Forwarded-For entry.
    api = await startTestApi({ config: { trustProxy: 1 } });
    await verifiedAccount(api, 'victim@example.com');
  });
  afterAll(() => api.close());

  it('slows a guesser down with doubling delays, counting failures only', () => {
    expect([5, 6, 7, 8, 9, 15, 30].map((n) => delaySeconds(n, 5, 900))).toEqual([0, 1, 2, 4, 8, 512, 900]);
  });

  it("a stranger's wrong guesses never lock the owner out from another address", async () => {
    const guesses = [];
    for (let i = 0; i < 7; i++) {
      guesses.push(await signIn(api, 'victim@example.com', `guess-${i}`, '203.0.113.66'));
    }
    expect(guesses.slice(0, 6).map((g) => g.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(guesses[6]?.status).toBe(429);
    expect(guesses[6]?.body.message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(Number(guesses[6]?.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner, elsewhere, signs in at once; the client cannot pick its address with a left-most entry.
    const owner = await signIn(api, 'victim@example.com', PASSWORD, '198.51.100.7');
    expect(owner.status).toBe(200);
    const spoofed = await signIn(api, 'victim@example.com', PASSWORD, '198.51.100.7, 203.0.113.66');
    expect(spoofed.status).toBe(429);
  });

  it('successes do not count', async () => {
    await verifiedAccount(api, 'busy@example.com');
    for (let i = 0; i < 12; i++)
      expect((await signIn(api, 'busy@example.com', PASSWORD, '192.0.2.1')).status).toBe(200);
    expect((await signIn(api, 'busy@example.com', 'wrong', '192.0.2.1')).status).toBe(401);
  });
});

describe('session cookies', () => {
  const clock = movableClock();
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ clock });
  });
  afterAll(() => api.close());

  it('rotate on every refresh; a racing tab may reuse the last one briefly', async () => {
    await verifiedAccount(api, 'rotate@example.com');
    const first = await signIn(api, 'rotate@example.com');
    const second = await refresh(api, first.cookie);
    expect(second.status).toBe(200);
    const rotated = cookieOf(second);
    expect(rotated).not.toBe(first.cookie);
    const racing = await refresh(api, first.cookie);
    expect(racing.status).toBe(200);
    expect(racing.headers.get('set-cookie')).toBeNull();
    expect((await refresh(api, rotated)).status).toBe(200);
  });

  it('sign out everywhere ends every session of the account', async () => {
    await verifiedAccount(api, 'everywhere@example.com');
    const laptop = await signIn(api, 'everywhere@example.com');
    const phone = await signIn(api, 'everywhere@example.com');
    const res = await postJson(api, '/api/auth/sign-out-everywhere', {}, bearer(phone.token));
    expect(res).toMatchObject({ status: 200, body: { success: true, message: 'Signed out on every device.' } });
    expect(res.headers.get('set-cookie')).toMatch(/cp_session=;/);
    for (const device of [laptop, phone]) {
      expect((await refresh(api, device.cookie)).status).toBe(401);
      expect((await userData(api, device.token)).status).toBe(401);
    }
    expect((await postJson(api, '/api/auth/sign-out-everywhere', {})).status).toBe(401);
  });

  it('changing the password needs the current one and signs out every other session', async () => {
    await verifiedAccount(api, 'changer@example.com');
    const here = await signIn(api, 'changer@example.com');
    const there = await signIn(api, 'changer@example.com');
    const wrong = await postJson(
      api,
      '/api/auth/change-password',
      { currentPassword: 'not it', newPassword: 'a brand new password' },
      bearer(here.token),
    );
    expect(wrong).toMatchObject({ status: 400, body: { success: false, message: WRONG_CURRENT_PASSWORD } });
    const short = await postJson(
      api,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'short' },
      bearer(here.token),
    );
    expect(short.status).toBe(400);
    expect((await signIn(api, 'changer@example.com')).status).toBe(200);

    const ok = await postJson(
      api,
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'a brand new password' },
      bearer(here.token),
    );
    expect(ok).toMatchObject({ status: 200, body: { success: true } });
    expect((await refresh(api, there.cookie)).status).toBe(401);
    expect((await userData(api, there.token)).status).toBe(401);
    expect((await refresh(api, here.cookie)).status).toBe(200);
    expect((await signIn(api, 'changer@example.com')).status).toBe(401);
    expect((await signIn(api, 'changer@example.com', 'a brand new password')).status).toBe(200);
    const notice = (await api.deps.mailer.outbox(50)).find((m) => m.to === 'changer@example.com');
    expect(notice?.kind).toBe('password-changed');
  });
  it('a replayed old cookie ends the whole session, for the thief and the owner', async () => {
    await verifiedAccount(api, 'stolen@example.com');
    const { cookie: stolen } = await signIn(api, 'stolen@example.com');
    const owner = await refresh(api, stolen);
    const ownerCookie = cookieOf(owner);
    // Last in this block: tokens signed after the clock moves are from the future for the verifier.
    clock.advance(60_000);

    const replay = await refresh(api, stolen);
    expect(replay).toMatchObject({ status: 401, body: { message: 'Your session has ended. Please sign in again.' } });
    expect((await refresh(api, ownerCookie)).status).toBe(401);
    expect((await userData(api, owner.body.token as string)).status).toBe(401);
    const session = await api.deps.store
      .collection('sessions')
      .findOne({ _id: ownerCookie.split('=')[1]?.split('.')[0] });
    expect(session).toMatchObject({ revokedReason: 'refresh-token-reuse' });
  });
});

describe('cross-site requests', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('an empty form post from another site cannot sign anyone out (every auth POST must be JSON)', async () => {
    await verifiedAccount(api, 'csrf@example.com');
    const { cookie } = await signIn(api, 'csrf@example.com');
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', null]) {
      const res = await api.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { Cookie: cookie, Origin: 'https://evil.example', ...(type ? { 'Content-Type': type } : {}) },
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toMatchObject({ success: false });
    }
    expect((await refresh(api, cookie)).status).toBe(200);
  });
});

describe('password reset by mail (SMTP)', () => {
  const clock = movableClock();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let api: TestApi;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    api = await startTestApi({ clock, config: { mail: { smtpUrl: smtp.url, from: 'Courseport <no-reply@test>' } } });
  });
  afterAll(async () => {
    await api.close();
    await smtp.close();
  });

  it('mails a single-use link that sets a new password and ends every old session', async () => {
    await verifiedAccount(api, 'forgetful@example.com');
    const old = await signIn(api, 'forgetful@example.com');

    const asked = await postJson(api, '/api/auth/forgot-password', { email: 'Forgetful@Example.com' });
    expect(asked).toMatchObject({ status: 202, body: { success: true, message: RESET_MAIL_SENT } });
    const mail = await smtp.waitFor((m) => m.to.includes('forgetful@example.com'));
    expect(mail.subject).toBe('Reset your Courseport password');
    const link = new URL(linkIn(mail.text));
    expect(link.origin + link.pathname).toBe('http://localhost:3000/reset-password');
    const token = link.searchParams.get('token');

    const reset = await postJson(api, '/api/auth/reset-password', { token, password: 'my new password' });
    expect(reset).toMatchObject({ status: 200, body: { success: true, message: 'Your password has been reset.' } });
    expect(cookieOf(reset)).toMatch(/^cp_session=sess_/);
    expect((await userData(api, reset.body.token as string)).status).not.toBe(401);

    expect((await refresh(api, old.cookie)).status).toBe(401);
    expect((await userData(api, old.token)).status).toBe(401);
    expect((await signIn(api, 'forgetful@example.com')).status).toBe(401);
    expect((await signIn(api, 'forgetful@example.com', 'my new password')).status).toBe(200);

    const again = await postJson(api, '/api/auth/reset-password', { token, password: 'another password' });
    expect(again).toMatchObject({ status: 400, body: { success: false, message: INVALID_RESET_LINK } });
    // Sent mails keep no link or text in the store.
    const stored = await api.deps.store.collection<MailDoc>('outbox').find({ to: 'forgetful@example.com' });
    expect(stored.map((m) => [m.status, m.text, m.link])).toEqual([['sent', undefined, undefined]]);
  });

  it('the link expires after an hour', async () => {
    await verifiedAccount(api, 'slow@example.com');
    await postJson(api, '/api/auth/forgot-password', { email: 'slow@example.com' });
    const mail = await smtp.waitFor((m) => m.to.includes('slow@example.com'));
    clock.advance(61 * 60_000);
    const token = new URL(linkIn(mail.text)).searchParams.get('token');
    const late = await postJson(api, '/api/auth/reset-password', { token, password: 'my new password' });
    expect(late).toMatchObject({ status: 400, body: { message: INVALID_RESET_LINK } });
  });

  it('answers the same for an unknown e-mail, and sends nothing', async () => {
    const asked = await postJson(api, '/api/auth/forgot-password', { email: 'ghost@example.com' });
    expect(asked).toMatchObject({ status: 202, body: { success: true, message: RESET_MAIL_SENT } });
    expect(await api.deps.store.collection('outbox').countDocuments({ to: 'ghost@example.com' })).toBe(0);
  });

  it('a mail the server refuses is retried until it is delivered', async () => {
    await verifiedAccount(api, 'retry@example.com');
    smtp.failNext(1);
    await postJson(api, '/api/auth/forgot-password', { email: 'retry@example.com' });
    await api.deps.mailer.settle();
    const outbox = api.deps.store.collection<MailDoc>('outbox');
    expect(await outbox.findOne({ to: 'retry@example.com' })).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(60_000);
    expect(await api.deps.mailer.deliverDue()).toBe(1);
    expect((await smtp.waitFor((m) => m.to.includes('retry@example.com'))).subject).toBe(
      'Reset your Courseport password',
    );
    expect(await outbox.findOne({ to: 'retry@example.com' })).toMatchObject({ status: 'sent' });
  });

  it('sign-up mails the confirmation link over SMTP, and the development outbox is not served', async () => {
    await postJson(api, '/api/auth/sign-up', { name: 'Mailed', email: 'mailed@example.com', password: PASSWORD });
    const mail = await smtp.waitFor((m) => m.to.includes('mailed@example.com'));
    expect(linkIn(mail.text)).toMatch(/^http:\/\/localhost:3000\/confirm-email\?token=/);
    expect((await api.json('/api/auth/dev-outbox')).status).toBe(404);
  });
});

describe('the development outbox', () => {
  it('is served in demo mode to this machine only, never through a proxy for someone else, never in production', async () => {
    const demo = await startTestApi({ config: { trustProxy: 1 } });
    const production = await startTestApi({ config: { mode: 'production' } });
    const untrusted = await startTestApi({ config: { trustProxy: 0 } });
    try {
      expect((await demo.json('/api/auth/dev-outbox')).status).toBe(200);
      const forwarded = await demo.json('/api/auth/dev-outbox', { headers: { 'X-Forwarded-For': '203.0.113.5' } });
      expect(forwarded).toMatchObject({ status: 404, body: { success: false } });
      expect((await demo.json('/api/auth/dev-outbox', { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status).toBe(
        200,
      );
      expect(
        (await untrusted.json('/api/auth/dev-outbox', { headers: { 'X-Forwarded-For': '127.0.0.1' } })).status,
      ).toBe(404);
      expect((await production.json('/api/auth/dev-outbox')).status).toBe(404);
    } finally {
      await Promise.all([demo.close(), production.close(), untrusted.close()]);
    }
  });
});

describe('behind a TLS-terminating proxy', () => {
  it("sends the session cookie with the app's pages (path /, httpOnly, SameSite=Lax) and clears one of the earlier /api/auth path (#34)", async () => {
    const api = await startTestApi();
    try {
      await verifiedAccount(api, 'path@example.com');
      const signedIn = await postJson(api, '/api/auth/sign-in', { email: 'path@example.com', password: PASSWORD });
      const session = signedIn.headers.getSetCookie().filter((cookie) => cookie.startsWith('cp_session='));
      // A sign-in from a browser without a session cookie sets the one cookie.
      expect(session).toHaveLength(1);
      expect(session[0]).toMatch(/; path=\/;/i);
      expect(session[0]).toMatch(/httponly/i);
      expect(session[0]).toMatch(/samesite=lax/i);
      // A browser still holding the earlier path's cookie: the renewal moves it to the new path and
      // clears the old one (sent first, its replaced secret would otherwise read as a replay).
      const cookie = session[0]?.split(';')[0] ?? '';
      const renewed = await postJson(api, '/api/auth/refresh', {}, { Cookie: cookie });
      expect(renewed.status).toBe(200);
      const [rotated, legacy, ...rest] = renewed.headers.getSetCookie();
      expect(rest).toEqual([]);
      expect(rotated).toMatch(/^cp_session=sess_[^;]+; path=\/;/i);
      expect(legacy).toMatch(/^cp_session=; path=\/api\/auth;/i);
      expect(legacy).toMatch(/expires=Thu, 01 Jan 1970/);
      // Sign-out clears both.
      const out = await postJson(api, '/api/auth/sign-out', {}, { Cookie: rotated?.split(';')[0] ?? '' });
      expect(
        out.headers
          .getSetCookie()
          .map((c) => /path=([^;]+)/i.exec(c)?.[1])
          .sort(),
      ).toEqual(['/', '/api/auth']);
    } finally {
      await api.close();
    }
  });

  it('sets a Secure session cookie instead of failing when the last hop is plain HTTP', async () => {
    const api = await startTestApi({
      config: { publicApiUrl: 'https://courseport.example', publicAppUrl: 'https://courseport.example', trustProxy: 1 },
    });
    try {
      await verifiedAccount(api, 'tls@example.com');
      const res = await postJson(api, '/api/auth/sign-in', { email: 'tls@example.com', password: PASSWORD });
      expect(res.status).toBe(200);
      expect((res.headers.get('set-cookie') ?? '').toLowerCase()).toContain('secure');
    } finally {
      await api.close();
    }
  });
});

describe('ended sessions across restarts and API processes', () => {
  /** A second app on the same store, as a restarted process or another replica would be. */
  const sameStore = (store: Store): Store => Object.assign(Object.create(store) as Store, { close: async () => {} });

  it('a restarted API still refuses the tokens of sessions that ended before it started', async () => {
    const before = await startTestApi();
    await verifiedAccount(before, 'restart@example.com');
    const ended = await signIn(before, 'restart@example.com');
    const kept = await signIn(before, 'restart@example.com');
    expect((await postJson(before, '/api/auth/sign-out', {}, { Cookie: ended.cookie })).status).toBe(200);
    const after = await startTestApi({ store: sameStore(before.deps.store) });
    try {
      expect(await userData(after, ended.token)).toMatchObject({
        status: 401,
        body: { message: 'Your session has ended. Please sign in again.' },
      });
      expect((await userData(after, kept.token)).status).not.toBe(401);
    } finally {
      await after.close();
      await before.close();
    }
  });

  it('a sign-out on one API process is refused on another within a second', async () => {
    const a = await startTestApi();
    const b = await startTestApi({ store: sameStore(a.deps.store) });
    try {
      await verifiedAccount(a, 'replicas@example.com');
      const session = await signIn(a, 'replicas@example.com');
      expect((await userData(b, session.token)).status).not.toBe(401);
      const signedOutAt = Date.now();
      expect((await postJson(a, '/api/auth/sign-out-everywhere', {}, bearer(session.token))).status).toBe(200);
      let status = 0;
      while (Date.now() - signedOutAt < 3_000) {
        status = (await userData(b, session.token)).status;
        if (status === 401) break;
      }
      expect(status).toBe(401);
      expect(Date.now() - signedOutAt).toBeLessThan(1_500);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
