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
 */
const DIMENSIONS = [
  { name: 'pair', free: 5, maxDelaySeconds: 15 * 60, key: (email: string, ip: string) => `${email}|${ip}` },
  { name: 'address', free: 30, maxDelaySeconds: 15 * 60, key: (_email: string, ip: string) => ip },
  { name: 'email', free: 10, maxDelaySeconds: 30, key: (email: string) => email },
] as const;

/** Failures are remembered this long after the first one of a run. */
const FAILURE_WINDOW_SECONDS = 60 * 60;

export function delaySeconds(failures: number, free: number, max: number): number {
  return failures <= free ? 0 : Math.min(max, 2 ** (failures - free - 1));
}

export function signInThrottle(collection: Collection<RateLimitDoc>) {
  const dimensions = DIMENSIONS.map((d) => ({
    ...d,
    failures: new StoreRateLimiter({
      collection,
      keyPrefix: `sign-in-failures-${d.name}`,
      points: Number.MAX_SAFE_INTEGER,
      duration: FAILURE_WINDOW_SECONDS,
    }),
    delay: new StoreRateLimiter({ collection, keyPrefix: `sign-in-delay-${d.name}`, points: 1, duration: 1 }),
  }));

  return {
    /** 429 with Retry-After while any of the caller's delays runs; the refused try does not count. */
    async check(email: string, ip: string): Promise<void> {
      let waitMs = 0;
      for (const d of dimensions) {
        const res = await d.delay.get(d.key(email, ip));
        if (res && res.consumedPoints > 1) waitMs = Math.max(waitMs, res.msBeforeNext);
      }
      if (waitMs > 0) {
        const seconds = Math.max(1, Math.ceil(waitMs / 1000));
        throw new HttpError(429, `Too many attempts. Please try again in ${seconds} seconds.`, {
          'Retry-After': String(seconds),
        });
      }
    },

    async failed(email: string, ip: string): Promise<void> {
      for (const d of dimensions) {
        const key = d.key(email, ip);
        const { consumedPoints } = await d.failures.penalty(key, 1);
        const seconds = delaySeconds(consumedPoints, d.free, d.maxDelaySeconds);
        if (seconds > 0) await d.delay.block(key, seconds);
      }
    },

    async succeeded(email: string, ip: string): Promise<void> {
      const [pair] = dimensions;
      if (!pair) return;
      await pair.failures.delete(pair.key(email, ip));
      await pair.delay.delete(pair.key(email, ip));
    },
  };
}
export type SignInThrottle = ReturnType<typeof signInThrottle>;
