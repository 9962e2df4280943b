import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalIssuer } from '../src/auth/local-issuer.js';
import { CHECK_INBOX } from '../src/modules/auth/routes.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, PASSWORD, postJson, signUp } from './support/identity.js';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const otherKey = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('local accounts', () => {
  it('signs up with a normalised e-mail and a hashed password, and signs nobody in', async () => {
    const res = await postJson(api, '/api/auth/sign-up', {
      name: ' Grace ',
      email: '  Grace@Example.COM ',
      password: PASSWORD,
    });
    expect(res).toMatchObject({ status: 202, body: { success: true, message: CHECK_INBOX } });
    expect(res.body.token).toBeUndefined();
    expect(res.headers.get('set-cookie')).toBeNull();
    const stored = await api.deps.store.collection('accounts').findOne({ email: 'grace@example.com' });
    expect(stored).toMatchObject({ name: 'Grace', emailVerified: false });
    expect(stored?.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(stored)).not.toContain(PASSWORD);
  });

  it('answers a sign-up for an existing e-mail exactly like a new one, and mails its owner instead', async () => {
    await signUp(api, 'dup@example.com');
    const fresh = await postJson(api, '/api/auth/sign-up', {
      name: 'X',
      email: 'new-one@example.com',
      password: PASSWORD,
    });
    const dup = await postJson(api, '/api/auth/sign-up', { name: 'X', email: 'DUP@example.com', password: PASSWORD });
    expect(dup.status).toBe(fresh.status);
    expect(dup.body).toEqual(fresh.body);
    expect([...dup.headers.keys()].sort()).toEqual([...fresh.headers.keys()].sort());
    // The existing account is untouched: its password still works, the intruder's does not replace it.
    expect(await api.deps.store.collection('accounts').countDocuments({ email: 'dup@example.com' })).toBe(1);
    const mails = await api.deps.mailer.outbox(50);
    const note = mails.find((m) => m.to === 'dup@example.com' && m.kind === 'sign-up-existing');
    expect(note?.text).toContain('already has one');
    expect(note?.link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
  });

  it('refuses bad input with 400', async () => {
    const badEmail = await postJson(api, '/api/auth/sign-up', { name: 'X', email: 'not-an-email', password: PASSWORD });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.message).toMatch(/^Email /);
    const shortPassword = await postJson(api, '/api/auth/sign-up', {
      name: 'X',
      email: 'x@example.com',
      password: 'short',
    });
    expect(shortPassword.body.message).toBe('Password must be at least 8 characters');
    const injected = await postJson(api, '/api/auth/sign-in', { email: { $gt: '' }, password: PASSWORD });
    expect(injected.status).toBe(400);
  });

  it('answers wrong credentials with one generic 401', async () => {
    await signUp(api, 'known@example.com');
    const wrongPassword = await postJson(api, '/api/auth/sign-in', {
      email: 'known@example.com',
      password: 'wrong password',
    });
    const unknownEmail = await postJson(api, '/api/auth/sign-in', { email: 'nobody@example.com', password: PASSWORD });
    expect(wrongPassword).toMatchObject({
      status: 401,
      body: { success: false, message: 'Invalid email or password' },
    });
    expect(unknownEmail).toMatchObject({ status: 401, body: { success: false, message: 'Invalid email or password' } });
    const ok = await postJson(api, '/api/auth/sign-in', { email: 'KNOWN@example.com', password: PASSWORD });
    expect(ok.status).toBe(200);
  });

  it('refreshes from the session cookie, and sign-out revokes the session and its tokens', async () => {
    const { token, cookie } = await signUp(api, 'session@example.com');
    const cookieHeader = cookie.split(';')[0] ?? '';
    const refreshed = await api.json('/api/auth/refresh', {
      method: 'POST',
      headers: { Cookie: cookieHeader, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.token).toEqual(expect.any(String));
    const rotated = (refreshed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(rotated).toMatch(/^cp_session=sess_/);
    expect(rotated).not.toBe(cookieHeader);
    expect((await postJson(api, '/api/auth/refresh', {})).status).toBe(401);

    await postJson(api, '/api/user/create', {}, bearer(token));
    expect((await api.json('/api/user/data', { headers: bearer(token) })).status).toBe(200);

    const out = await postJson(api, '/api/auth/sign-out', {}, { Cookie: rotated });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/cp_session=;/);
    expect((await postJson(api, '/api/auth/refresh', {}, { Cookie: rotated })).status).toBe(401);
    const afterSignOut = await api.json('/api/user/data', { headers: bearer(token) });
    expect(afterSignOut).toMatchObject({
      status: 401,
      body: { message: 'Your session has ended. Please sign in again.' },
    });
  });

  it('confirms an e-mail with the button of the page the mailed link opens, which signs its owner in once', async () => {
    await postJson(api, '/api/auth/sign-up', { name: 'Confirm', email: 'confirm@example.com', password: PASSWORD });
    const { body } = await api.json('/api/auth/dev-outbox');
    const mail = (body.messages as Array<{ to: string; link: string }>).find((m) => m.to === 'confirm@example.com');
    expect(mail?.link).toMatch(/^http:\/\/localhost:3000\/confirm-email\?token=[A-Za-z0-9_-]{20,}$/);
    const token = new URL(mail?.link ?? '').searchParams.get('token') ?? '';
    const unconfirmed = { email: 'confirm@example.com', emailVerified: false };

    // A link mailed before the confirm page existed (or a scanner opening one) only opens the page.
    const old = await api.request(`/api/auth/verify-email?token=${token}`, { redirect: 'manual' });
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`http://localhost:3000/confirm-email?token=${token}`);
    expect(old.headers.get('set-cookie')).toBeNull();
    expect(await api.deps.store.collection('accounts').findOne({ email: 'confirm@example.com' })).toMatchObject(
      unconfirmed,
    );

    const confirmed = await postJson(api, '/api/auth/verify-email', { token });
    expect(confirmed).toMatchObject({
      status: 200,
      body: { success: true, message: 'Your email address is confirmed.', user: { emailVerified: true } },
    });
    const cookie = (confirmed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const refreshed = await postJson(api, '/api/auth/refresh', {}, { Cookie: cookie });
    expect(refreshed.body.user).toMatchObject({ email: 'confirm@example.com', emailVerified: true });

    const again = await postJson(api, '/api/auth/verify-email', { token });
    expect(again).toMatchObject({
      status: 400,
      body: { success: false, message: 'This confirmation link is invalid or has expired.' },
    });
    expect(again.headers.get('set-cookie')).toBeNull();
  });
});

describe('bearer token verification', () => {
  const call = (headers: Record<string, string>) => api.json('/api/user/data', { headers });

  it('refuses a missing, malformed or garbage token with 401', async () => {
    expect(await call({})).toMatchObject({
      status: 401,
      body: { success: false, message: 'Please sign in to continue' },
    });
    expect((await call({ Authorization: 'Basic abc' })).status).toBe(401);
    expect((await call({ Authorization: 'Bearer not.a.jwt' })).body).toEqual({
      success: false,
      message: 'Invalid session token',
    });
  });

  /** A token from another app instance that shares this suite's signing key. */
  async function tokenFrom(overrides: Parameters<typeof startTestApi>[0]) {
    const other = await startTestApi(overrides);
    try {
      await other.deps.auth.local?.createAccount({
        name: 'O',
        email: 'o@example.com',
        password: PASSWORD,
        emailVerified: true,
      });
      const { body } = await postJson(other, '/api/auth/sign-in', { email: 'o@example.com', password: PASSWORD });
      return body.token as string;
    } finally {
      await other.close();
    }
  }

  it('refuses an expired token', async () => {
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const token = await tokenFrom({ clock: { now: () => hourAgo } });
    expect(await call(bearer(token))).toMatchObject({
      status: 401,
      body: { success: false, message: 'Your session has expired. Please sign in again.' },
    });
  });

  it('refuses a token issued for another authorized party', async () => {
    const token = await tokenFrom({ config: { publicAppUrl: 'http://evil.example' } });
    expect(await call(bearer(token))).toMatchObject({ status: 401, body: { message: 'Invalid session token' } });
  });

  it('refuses a token signed by another key', async () => {
    const foreign = createLocalIssuer(otherKey(), 'evil').sign(
      {
        sub: 'user_x',
        sid: 'sess_x',
        azp: 'http://localhost:3000',
        email: 'x@example.com',
        email_verified: true,
        name: 'X',
      },
      new Date(),
    );
    expect(await call({ Authorization: `Bearer ${foreign.token}` })).toMatchObject({
      status: 401,
      body: { message: 'Invalid session token' },
    });
  });
});

describe('Clerk mode', () => {
  it('verifies Clerk-issued tokens with the configured PEM key, and mounts no local accounts', async () => {
    const clerkKey = otherKey();
    const clerk = createLocalIssuer(clerkKey, 'https://clerk.example.accounts.dev');
    const { createPublicKey } = await import('node:crypto');
    const jwtKey = createPublicKey(clerkKey).export({ type: 'spki', format: 'pem' }).toString();
    const clerkApi = await startTestApi({
      config: { auth: { mode: 'clerk', publishableKey: 'pk_test_abc', secretKey: 'sk_test_abc', jwtKey } },
    });
    try {
      const config = await clerkApi.json('/api/config');
      expect(config.body).toMatchObject({
        success: true,
        authMode: 'clerk',
        clerkPublishableKey: 'pk_test_abc',
        paymentMode: 'local',
        currency: 'Rs',
      });
      expect((await postJson(clerkApi, '/api/auth/sign-in', { email: 'a@b.co', password: PASSWORD })).status).toBe(404);

      const { token } = clerk.sign(
        {
          sub: 'user_2abcClerk',
          sid: 'sess_clerk',
          azp: 'http://localhost:3000',
          email: 'clerk.user@example.com',
          email_verified: true,
          name: 'Clerk User',
        },
        new Date(),
      );
      expect((await clerkApi.json('/api/user/data', { headers: bearer(token) })).body).toEqual({
        success: false,
        message: 'User not found',
      });
      const created = await postJson(clerkApi, '/api/user/create', {}, bearer(token));
      expect(created.body.user).toMatchObject({
        _id: 'user_2abcClerk',
        email: 'clerk.user@example.com',
        name: 'Clerk User',
      });
      // A token from the local issuer's key means nothing to a Clerk deployment.
      const local = createLocalIssuer(otherKey(), 'local').sign(
        {
          sub: 'user_x',
          sid: 's',
          azp: 'http://localhost:3000',
          email: 'x@example.com',
          email_verified: true,
          name: 'X',
        },
        new Date(),
      );
      expect((await clerkApi.json('/api/user/data', { headers: bearer(local.token) })).status).toBe(401);
    } finally {
      await clerkApi.close();
    }
  });
});
