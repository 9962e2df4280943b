import { HttpError } from '../../http/errors.js';
import { type RateLimitDoc, StoreRateLimiter } from '../../limits/index.js';
import type { Collection } from '../../store/index.js';

/**
 * Failed sign-ins slow down further tries with delays that double with each failure past a free
 * allowance, counted three ways: per e-mail and address together (a guesser at one account),
 * per address (one machine trying many accounts) and per e-mail (many machines, one account).
 * Only failures count and a success clears its own pair, so a stranger can make someone wait at
 * most `maxDelaySeconds` of the e-mail dimension, never lock them out. The counts are in the store,
 * so every API process sees the same ones and a restart forgets none.
 *
 * Many machines guessing one account keep the e-mail's delay running for as long as they like, so
 * (#30, OWASP's device cookies) a trusted client is not held by it: a browser presenting the
 * account's signed device cookie counts only its own failures (`device`), and an address the
 * account signed in from before only its pair and address. Everyone else is held as before.
 */
const DIMENSIONS = [
  { name: 'pair', free: 5, maxDelaySeconds: 15 * 60, key: (email: string, ip: string) => `${email}|${ip}` },
  { name: 'address', free: 30, maxDelaySeconds: 15 * 60, key: (_email: string, ip: string) => ip },
  { name: 'email', free: 10, maxDelaySeconds: 30, key: (email: string) => email },
  { name: 'device', free: 5, maxDelaySeconds: 15 * 60, key: (_email: string, _ip: string, device = '') => device },
] as const;

/** How a sign-in's client is trusted: by the account's device cookie (its id), or by its address. */
export type SignInTrust = { device: string } | { address: true } | null;

/** An address stays trusted for an account this long after its last successful sign-in. */
const TRUSTED_ADDRESS_DAYS = 90;

/** Failures are remembered this long after the first one of a run. */
const FAILURE_WINDOW_SECONDS = 60 * 60;

export function delaySeconds(failures: number, free: number, max: number): number {
  return failures <= free ? 0 : Math.min(max, 2 ** (failures - free - 1));
}

export function signInThrottle(collection: Collection<RateLimitDoc>) {
  const all = DIMENSIONS.map((d) => ({
    ...d,
    failures: new StoreRateLimiter({
      collection,
      keyPrefix: `sign-in-failures-${d.name}`,
      points: Number.MAX_SAFE_INTEGER,
      duration: FAILURE_WINDOW_SECONDS,
    }),
    delay: new StoreRateLimiter({ collection, keyPrefix: `sign-in-delay-${d.name}`, points: 1, duration: 1 }),
  }));
  const named = (...names: string[]) => all.filter((d) => names.includes(d.name));
  const untrusted = named('pair', 'address', 'email');
  const byAddress = named('pair', 'address');
  const byDevice = named('device');
  const dimensionsFor = (trust: SignInTrust) => (trust === null ? untrusted : 'device' in trust ? byDevice : byAddress);
  const deviceOf = (trust: SignInTrust) => (trust && 'device' in trust ? trust.device : undefined);
  const trustedAddresses = new StoreRateLimiter({
    collection,
    keyPrefix: 'sign-in-trusted-address',
    points: Number.MAX_SAFE_INTEGER,
    duration: TRUSTED_ADDRESS_DAYS * 86_400,
  });

  return {
    /** Whether the account (by its e-mail) signed in successfully from this address before. */
    async trustsAddress(email: string, ip: string): Promise<boolean> {
      return (await trustedAddresses.get(`${email}|${ip}`)) !== null;
    },

    /** 429 with Retry-After while any of the caller's delays runs; the refused try does not count. */
    async check(email: string, ip: string, trust: SignInTrust = null): Promise<void> {
      let waitMs = 0;
      for (const d of dimensionsFor(trust)) {
        const res = await d.delay.get(d.key(email, ip, deviceOf(trust)));
        if (res && res.consumedPoints > 1) waitMs = Math.max(waitMs, res.msBeforeNext);
      }
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw new HttpError(429, `Too many attempts. Please try again in ${seconds} seconds.`, {
          'Retry-After': String(seconds),
        });
      }
    },

    async failed(email: string, ip: string, trust: SignInTrust = null): Promise<void> {
      for (const d of dimensionsFor(trust)) {
        const key = d.key(email, ip, deviceOf(trust));
        const { consumedPoints } = await d.failures.penalty(key, 1);
        const seconds = delaySeconds(consumedPoints, d.free, d.maxDelaySeconds);
        if (seconds > 0) await d.delay.block(key, seconds);
      }
    },

    /** Clears the caller's own counts (pair, and device if any) and trusts the address from now on. */
    async succeeded(email: string, ip: string, trust: SignInTrust = null): Promise<void> {
      for (const d of [...named('pair'), ...(deviceOf(trust) ? byDevice : [])]) {
        const key = d.key(email, ip, deviceOf(trust));
        await d.failures.delete(key);
        await d.delay.delete(key);
      }
      await trustedAddresses.set(`${email}|${ip}`, 1, TRUSTED_ADDRESS_DAYS * 86_400);
    },
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
