import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import { HttpError } from './errors.js';

export interface RateLimitOptions {
  windowMs: number;
  max: number;
  /** Buckets the request counts against (e.g. the IP and the e-mail); any one over max refuses it. */
  keys: (ctx: Context) => string[];
  now?: () => number;
  /** A request answered with an error (4xx, 5xx or thrown) gives its place back: only successes count. */
  countSuccessesOnly?: boolean;
  /** The refusal's message, given the seconds until the caller may try again. */
  message?: (seconds: number) => string;
}

const tooManyAttempts = (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`;

/** Fixed-window, in-memory rate limiting: 429 with Retry-After when a bucket is full. */
export function rateLimit({
  windowMs,
  max,
  keys,
  now = Date.now,
  countSuccessesOnly = false,
  message = tooManyAttempts,
}: RateLimitOptions): Middleware {
  const buckets = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;

  return async (ctx, next) => {
    const t = now();
    if (t >= nextSweep) {
      for (const [key, bucket] of buckets) if (bucket.resetAt <= t) buckets.delete(key);
      nextSweep = t + windowMs;
    }
    const counted: Array<{ count: number }> = [];
    for (const key of keys(ctx)) {
      let bucket = buckets.get(key);
      if (!bucket || bucket.resetAt <= t) {
        bucket = { count: 0, resetAt: t + windowMs };
        buckets.set(key, bucket);
      }
      bucket.count += 1;
      counted.push(bucket);
      if (bucket.count > max) {
        const seconds = Math.max(1, Math.ceil((bucket.resetAt - t) / 1000));
        throw new HttpError(429, message(seconds), { 'Retry-After': String(seconds) });
      }
    }
    if (!countSuccessesOnly) return next();
    // A bucket that a new window has replaced in the meantime is no longer in the map: no harm done.
    const giveBack = () => {
      for (const bucket of counted) bucket.count -= 1;
    };
    try {
      await next();
    } catch (error) {
      giveBack();
      throw error;
    }
    if (ctx.status >= 400) giveBack();
  };
}

/** A time window and the most a user may do in it. */
export interface Allowance {
  windowMs: number;
  max: number;
}

/** What one signed-in user may do: generous for a person, a wall for a script. */
export interface UserLimits {
  /**
   * Authenticated writes (any method but GET, HEAD and OPTIONS) to one route, counted by
   * `authenticate`. Per route, so that a flood of one kind of write (progress updates from ten
   * open tabs) does not also refuse the user's next purchase or payment check.
   */
  writes: Allowance;
  /** All of a user's authenticated writes together, whatever the route. */
  totalWrites: Allowance;
  /** Courses an educator adds (uploads that are refused do not count). */
  courses: Allowance;
  /** Ratings a student gives. */
  ratings: Allowance;
  /** Bytes of thumbnails an educator may have stored in all. */
  uploadBytes: number;
}

/** The limits production runs with. */
export const USER_LIMITS: Readonly<UserLimits> = Object.freeze({
  writes: { windowMs: 60_000, max: 120 },
  totalWrites: { windowMs: 60_000, max: 600 },
  courses: { windowMs: 60 * 60_000, max: 20 },
  ratings: { windowMs: 60_000, max: 30 },
  uploadBytes: 50 * 1024 * 1024,
});

const limitsOfApp = new WeakMap<Koa, Partial<UserLimits>>();

/**
 * Other limits for one app, for tests that make more requests as one user than a person would
 * (set before its first request). An app nobody calls this for runs with USER_LIMITS.
 */
export function setUserLimits(app: Koa, limits: Partial<UserLimits>): void {
  limitsOfApp.set(app, limits);
}

/** The limits of the app serving `ctx`. */
export function userLimits(ctx: Context): UserLimits {
  return { ...USER_LIMITS, ...limitsOfApp.get(ctx.app) };
}

type PerUser = 'writes' | 'totalWrites' | 'courses' | 'ratings';

const tooManyRequests = (seconds: number) => `Too many requests. Please try again in ${seconds} seconds.`;
const PER_USER_MESSAGES: Record<PerUser, (seconds: number) => string> = {
  writes: tooManyRequests,
  totalWrites: tooManyRequests,
  courses: (seconds) =>
    `You have reached the limit of new courses for this hour. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
  ratings: (seconds) => `Too many ratings. Please try again in ${seconds} seconds.`,
};

/** The route a request matched (its pattern, so ids in the path do not make new buckets). */
const routeOf = (ctx: Context) => {
  const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof route === 'string' ? `${ctx.method} ${route}` : `${ctx.method} ${ctx.path}`;
};

/**
 * One of the signed-in user's allowances (after `authenticate`), counted per app: each app a test
 * starts has its own buckets and may have its own limits (`setUserLimits`).
 */
export function perUserLimit(name: PerUser): Middleware {
  const limiters = new WeakMap<Koa, Middleware>();
  return (ctx, next) => {
    let limiter = limiters.get(ctx.app);
    if (!limiter) {
      const { windowMs, max } = userLimits(ctx)[name];
      limiter = rateLimit({
        windowMs,
        max,
        keys: (c) => [
          name === 'writes' ? `${name}:${c.state.auth?.userId}:${routeOf(c)}` : `${name}:${c.state.auth?.userId}`,
        ],
        countSuccessesOnly: name === 'courses',
        message: PER_USER_MESSAGES[name],
      });
      limiters.set(ctx.app, limiter);
    }
    return limiter(ctx, next);
  };
}

/** Admin mutations, per admin and route: generous for a person, a wall for a script with a stolen session. */
export function adminMutationLimit(): Middleware {
  return rateLimit({ windowMs: 60_000, max: 60, keys: (ctx) => [`admin:${ctx.path}:${ctx.state.auth?.userId}`] });
}
