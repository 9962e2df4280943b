import { DISCUSSION_DAILY_POSTS } from '@courseport/contracts/discussions';
import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import type { Limits } from '../limits/index.js';
import { HttpError } from './errors.js';

declare module 'koa' {
  interface DefaultContext {
    /** The counts behind every limit, shared by all API processes on one store (set by `createApp`). */
    limits: Limits;
  }
}

export interface RateLimitOptions {
  windowMs: number;
  max: number;
  /** Buckets the request counts against (e.g. the IP and the e-mail); any one over max refuses it. */
  keys: (ctx: Context) => string[];
  /** A request answered with an error (4xx, 5xx or thrown) gives its place back: only successes count. */
  countSuccessesOnly?: boolean;
  /** The refusal's message, given the seconds until the caller may try again. */
  message?: (seconds: number) => string;
}

const tooManyAttempts = (seconds: number) => `Too many attempts. Please try again in ${seconds} seconds.`;

/**
 * Fixed-window rate limiting on the app's shared counters (`ctx.limits`, see BatchedCounters): 429
 * with Retry-After when a bucket is full. `options` may depend on the app (per-app test limits).
 */
export function rateLimit(options: RateLimitOptions | ((ctx: Context) => RateLimitOptions)): Middleware {
  return async (ctx, next) => {
    const {
      windowMs,
      max,
      keys,
      countSuccessesOnly = false,
      message = tooManyAttempts,
    } = typeof options === 'function' ? options(ctx) : options;
    const { counters } = ctx.limits;
    const counted: string[] = [];
    for (const key of keys(ctx)) {
      const { count, msLeft } = counters.add(key, windowMs, max);
      counted.push(key);
      if (count > max) {
        const seconds = Math.max(1, Math.ceil(msLeft / 1000));
        throw new HttpError(429, message(seconds), { 'Retry-After': String(seconds) });
      }
    }
    if (!countSuccessesOnly) return next();
    const giveBack = () => {
      for (const key of counted) counters.add(key, windowMs, max, -1);
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
  /** Quiz attempts a student submits, whatever the quiz (#32): a script cannot grind a quiz's key out. */
  quizAttempts: Allowance;
  /** Bytes of thumbnails an educator may have stored in all. */
  uploadBytes: number;
  // #35 (discussions, notes): posts and votes in the lessons' Q&A, and lesson notes.
  /** Questions and answers a person posts (edits too). */
  discussionPosts: Allowance;
  /** Questions and answers a person posts in a day (successes only): the daily quota. */
  discussionDaily: Allowance;
  /** Upvotes given and taken back. */
  discussionVotes: Allowance;
  /** Lesson notes written, edited or deleted. */
  notes: Allowance;
}

/** The limits production runs with. */
export const USER_LIMITS: Readonly<UserLimits> = Object.freeze({
  writes: { windowMs: 60_000, max: 120 },
  totalWrites: { windowMs: 60_000, max: 600 },
  courses: { windowMs: 60 * 60_000, max: 20 },
  ratings: { windowMs: 60_000, max: 30 },
  quizAttempts: { windowMs: 60_000, max: 20 },
  uploadBytes: 50 * 1024 * 1024,
  // #35
  discussionPosts: { windowMs: 60_000, max: 10 },
  discussionDaily: { windowMs: 24 * 60 * 60_000, max: DISCUSSION_DAILY_POSTS },
  discussionVotes: { windowMs: 60_000, max: 60 },
  notes: { windowMs: 60_000, max: 60 },
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

type PerUser =
  | 'writes'
  | 'totalWrites'
  | 'courses'
  | 'ratings'
  | 'quizAttempts'
  | 'discussionPosts'
  | 'discussionDaily'
  | 'discussionVotes'
  | 'notes';

const tooManyRequests = (seconds: number) => `Too many requests. Please try again in ${seconds} seconds.`;
const PER_USER_MESSAGES: Record<PerUser, (seconds: number) => string> = {
  writes: tooManyRequests,
  totalWrites: tooManyRequests,
  courses: (seconds) =>
    `You have reached the limit of new courses for this hour. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
  ratings: (seconds) => `Too many ratings. Please try again in ${seconds} seconds.`,
  quizAttempts: (seconds) => `Too many quiz attempts. Please try again in ${seconds} seconds.`,
  // #35
  discussionPosts: (seconds) => `You are posting too fast. Please try again in ${seconds} seconds.`,
  discussionDaily: (seconds) =>
    `You have reached today's limit of questions and answers. Please try again in ${Math.ceil(seconds / 3600)} hours.`,
  discussionVotes: (seconds) => `Too many votes. Please try again in ${seconds} seconds.`,
  notes: tooManyRequests,
};

/** The route a request matched (its pattern, so ids in the path do not make new buckets). */
const routeOf = (ctx: Context) => {
  const route = (ctx as { _matchedRoute?: unknown })._matchedRoute;
  return typeof route === 'string' ? `${ctx.method} ${route}` : `${ctx.method} ${ctx.path}`;
};

/** One of the signed-in user's allowances (after `authenticate`), with the limits of the app serving it. */
export function perUserLimit(name: PerUser): Middleware {
  return rateLimit((ctx) => ({
    ...userLimits(ctx)[name],
    keys: (c) => [
      name === 'writes' ? `${name}:${c.state.auth?.userId}:${routeOf(c)}` : `${name}:${c.state.auth?.userId}`,
    ],
    countSuccessesOnly: name === 'courses' || name === 'discussionDaily',
    message: PER_USER_MESSAGES[name],
  }));
}

/**
 * Admin mutations, per admin and route: generous for a person, a wall for a script with a stolen
 * session. Calls with the release token (#22) have no user: they share one allowance.
 */
export function adminMutationLimit(): Middleware {
  return rateLimit({
    windowMs: 60_000,
    max: 60,
    keys: (ctx) => [`admin:${ctx.path}:${ctx.state.auth?.userId ?? 'release-token'}`],
  });
}
