import { ANALYTICS_DEFAULT_RANGE_DAYS, ANALYTICS_MAX_RANGE_DAYS } from '@courseport/contracts/analytics';
import Router from '@koa/router';
import type { Context } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { badRequest } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { csvText } from '../ledger/index.js';
import { analyticsQuery, lessonReachParams, RANGE_BACKWARDS, RANGE_TOO_LONG } from './schemas.js';
import type { AnalyticsService } from './service.js';

const DAY_MS = 86_400_000;

export interface AnalyticsServices {
  analytics: AnalyticsService;
  assertEducator: (userId: string) => Promise<unknown>;
}

/** `GET /api/educator/analytics` (and `.csv`), `GET /api/educator/analytics/courses/:courseId/lessons` (and `.csv`). */
export function analyticsRoutes({ auth }: AppDeps, { analytics, assertEducator }: AnalyticsServices) {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const educatorOnly = async (ctx: Context, next: () => Promise<unknown>) => {
    await assertEducator(callerOf(ctx.state).userId);
    return next();
  };

  /** The checked range: both dates or the last 30 days; from ≤ to; at most 731 days. */
  function rangeOf(ctx: Context) {
    const query = parseInput(analyticsQuery, ctx.query);
    const fallback = analytics.defaultRange(ANALYTICS_DEFAULT_RANGE_DAYS);
    const to = query.to ?? (query.from ? undefined : fallback.to);
    const from = query.from ?? (query.to ? undefined : fallback.from);
    if (!from || !to) throw badRequest('Give both dates (from and to), or neither for the last 30 days');
    if (from > to) throw badRequest(RANGE_BACKWARDS);
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;
    if (days > ANALYTICS_MAX_RANGE_DAYS) throw badRequest(RANGE_TOO_LONG);
    return { from, to, courseId: query.courseId };
  }

  /** Rows as CSV (each cell escaped as the statements' are: no formula injection). */
  const csvOf = (rows: Array<Array<string | number>>) =>
    `${rows.map((row) => row.map((cell) => csvText(String(cell))).join(',')).join('\r\n')}\r\n`;

  const attachment = (ctx: Context, name: string, text: string) => {
    cacheFor(ctx, cache.privateNone);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.body = text;
  };

  router.get('/educator/analytics', signedIn, educatorOnly, async (ctx) => {
    const range = rangeOf(ctx);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, analytics: await analytics.analytics(callerOf(ctx.state).userId, range) };
  });

  router.get('/educator/analytics.csv', signedIn, educatorOnly, async (ctx) => {
    const range = rangeOf(ctx);
    const result = await analytics.analytics(callerOf(ctx.state).userId, range);
    const rows = result.days.map((d) => [
      d.day,
      d.enrollments,
      d.sales,
      (d.grossPaise / 100).toFixed(2),
      (d.netPaise / 100).toFixed(2),
      d.refunds,
      (d.refundedPaise / 100).toFixed(2),
    ]);
    const text = csvOf([
      ['Day', 'Enrollments', 'Sales', 'Gross (INR)', 'Net (INR)', 'Refunds', 'Refunded (INR)'],
      ...rows,
    ]);
    attachment(ctx, `analytics-${range.from}-${range.to}.csv`, text);
  });

  router.get('/educator/analytics/courses/:courseId/lessons', signedIn, educatorOnly, async (ctx) => {
    const { courseId } = parseInput(lessonReachParams, ctx.params);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, reach: await analytics.lessonReach(callerOf(ctx.state).userId, courseId) };
  });

  router.get('/educator/analytics/courses/:courseId/lessons.csv', signedIn, educatorOnly, async (ctx) => {
    const { courseId } = parseInput(lessonReachParams, ctx.params);
    const reach = await analytics.lessonReach(callerOf(ctx.state).userId, courseId);
    const text = csvOf([
      ['Order', 'Chapter', 'Lesson', 'Kind', 'Started', 'Finished', 'Left here'],
      ...reach.lessons.map((l) => [l.order, l.chapterTitle, l.title, l.kind, l.started, l.finished, l.leftHere]),
    ]);
    attachment(ctx, `lessons-${courseId}.csv`, text);
  });

  return router;
}
