/**
 * A distributed guesser cannot lock the owner out (#30): wrong passwords from rotating addresses
 * keep the e-mail's delay running for untrusted clients, but a browser holding the account's signed
 * device cookie, or an address the account signed in from before, is held only to its own counts.
 * On both stores (the counts live in the store).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS, type RateLimitDoc } from '../src/limits/index.js';
import { signInThrottle } from '../src/modules/auth/sign-in-throttle.js';
import { startTestApi, type TestApi } from './support/http.js';
import { PASSWORD, postJson } from './support/identity.js';
import { bothStores } from './support/stores.js';

const TOO_MANY = /^Too many attempts\. Please try again in \d+ seconds\.$/;

for (const adapter of bothStores('lockout')) {
  describe.skipIf(!adapter.enabled)(`sign-in lockout under a distributed guesser (${adapter.name})`, () => {
    let api: TestApi;
    beforeAll(async () => {
      // One trusted proxy: the client address is the last X-Forwarded-For entry.
      api = await startTestApi({ store: await adapter.open(), config: { trustProxy: 1 } });
      for (const email of ['owner@example.com', 'other@example.com']) {
        await api.deps.auth.local?.createAccount({ name: 'Owner', email, password: PASSWORD, emailVerified: true });
      }
    });
    afterAll(() => api.close());

    const signIn = async (email: string, password: string, from: string, device?: string) => {
      const res = await postJson(
        api,
        '/api/auth/sign-in',
        { email, password },
        { 'X-Forwarded-For': from, ...(device ? { Cookie: device } : {}) },
      );
      const deviceCookie = res.headers
        .getSetCookie()
        .find((c) => c.startsWith('cp_device='))
        ?.split(';')[0];
      return { status: res.status, message: res.body.message as string, deviceCookie, headers: res.headers };
    };

    it('lets the owner in from a trusted device or address while strangers keep guessing', async () => {
      const laptop = await signIn('owner@example.com', PASSWORD, '198.51.100.7');
      expect(laptop.status).toBe(200);
      expect(laptop.deviceCookie).toMatch(/^cp_device=[\w-]+\.[\w-]+\.[\w-]+$/);
      const setCookie = laptop.headers.getSetCookie().find((c) => c.startsWith('cp_device=')) ?? '';
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const otherDevice = (await signIn('other@example.com', PASSWORD, '198.51.100.8')).deviceCookie;

      // 17 wrong passwords, each from a new address.
      for (let i = 1; i <= 17; i++) {
        const guess = await signIn('owner@example.com', `guess-${i}`, `203.0.113.${i}`);
        expect([401, 429]).toContain(guess.status);
      }
      // The rest of a minute of such guessing, without waiting out its delays here: the e-mail's
      // delay reaches its 30 s.
      const throttle = signInThrottle(api.deps.store.collection<RateLimitDoc>(RATE_LIMITS));
      for (let i = 0; i < 6; i++) await throttle.failed('owner@example.com', `203.0.113.${100 + i}`);

      // An untrusted client is still held by the e-mail's delay, with the same message as before.
      const stranger = await signIn('owner@example.com', PASSWORD, '192.0.2.99');
      expect(stranger.status).toBe(429);
      expect(stranger.message).toMatch(TOO_MANY);
      expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
      // Another account's device cookie, or a forged one, trusts nothing.
      expect((await signIn('owner@example.com', PASSWORD, '192.0.2.98', otherDevice)).status).toBe(429);
      const forged = laptop.deviceCookie?.replace(/\.[\w-]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      expect((await signIn('owner@example.com', PASSWORD, '192.0.2.97', forged)).status).toBe(429);

      // The owner's browser, from anywhere, and the owner's known address get in, every time.
      for (let i = 0; i < 3; i++) {
        expect((await signIn('owner@example.com', PASSWORD, `192.0.2.${10 + i}`, laptop.deviceCookie)).status).toBe(
          200,
        );
        expect((await signIn('owner@example.com', PASSWORD, '198.51.100.7')).status).toBe(200);
      }
    });

    it("a trusted device's own wrong passwords slow it down, and only it", async () => {
      const phone = await signIn('other@example.com', PASSWORD, '198.51.100.20');
      expect(phone.status).toBe(200);
      const statuses = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await signIn('other@example.com', `typo-${i}`, '192.0.2.200', phone.deviceCookie)).status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
      // The e-mail is not held for everyone else by it: a new client signs in at once.
      expect((await signIn('other@example.com', PASSWORD, '192.0.2.201')).status).toBe(200);
    });
  });
}
