import type { Context, Middleware } from 'koa';
import { HttpError } from './errors.js';

export interface RateLimitOptions {
  windowMs: number;
  max: number;
  /** Buckets the request counts against (e.g. the IP and the e-mail); any one over max refuses it. */
  keys: (ctx: Context) => string[];
  now?: () => number;
}

/** Fixed-window, in-memory rate limiting: 429 with Retry-After when a bucket is full. */
export function rateLimit({ windowMs, max, keys, now = Date.now }: RateLimitOptions): Middleware {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;

  return async (ctx, next) => {
    const t = now();
    if (t >= nextSweep) {
      for (const [key, bucket] of buckets) if (bucket.resetAt <= t) buckets.delete(key);
      nextSweep = t + windowMs;
    }
    for (const key of keys(ctx)) {
      let bucket = buckets.get(key);
      if (!bucket || bucket.resetAt <= t) {
        bucket = { count: 0, resetAt: t + windowMs };
        buckets.set(key, bucket);
      }
      bucket.count += 1;
      if (bucket.count > max) {
        const seconds = Math.max(1, Math.ceil((bucket.resetAt - t) / 1000));
        throw new HttpError(429, `Too many attempts. Please try again in ${seconds} seconds.`, {
          'Retry-After': String(seconds),
        });
      }
    }
    return next();
  };
}

/** Admin mutations, per admin and route: generous for a person, a wall for a script with a stolen session. */
export function adminMutationLimit(): Middleware {
  return rateLimit({ windowMs: 60_000, max: 60, keys: (ctx) => [`admin:${ctx.path}:${ctx.state.auth?.userId}`] });
}
