import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { notFound } from '../../http/errors.js';
import { adminMutationLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import {
  adjustmentSchema,
  educatorFeeSchema,
  educatorIdParam,
  ledgerQuery,
  monthParam,
  platformFeeSchema,
} from './schemas.js';
import { type LedgerService, publicEntry } from './service.js';
import { statementCsv } from './statement.js';
import { statementPdf } from './statement-pdf.js';

export const EDUCATOR_NOT_FOUND = 'Educator not found';

export interface LedgerServices {
  ledger: LedgerService;
  /** 404 for no such user, 403 for one who is not an educator (the users module's check). */
  assertEducator: (userId: string) => Promise<unknown>;
  requireAdmin: Middleware;
}

/** The educator's own ledger and statements; the admin's fee settings and adjustments. */
export function ledgerRoutes({ auth }: AppDeps, { ledger, assertEducator, requireAdmin: adminOnly }: LedgerServices) {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const educatorOnly = async (ctx: Context, next: () => Promise<unknown>) => {
    await assertEducator(callerOf(ctx.state).userId);
    return next();
  };
  /** The educator an admin route names: 404 unless they exist and are an educator. */
  async function namedEducator(ctx: Context): Promise<string> {
    const { id } = parseInput(educatorIdParam, ctx.params);
    await assertEducator(id).catch(() => {
      throw notFound(EDUCATOR_NOT_FOUND);
    });
    return id;
  }

  router.get('/educator/ledger', signedIn, educatorOnly, async (ctx) => {
    const { cursor, limit } = parseInput(ledgerQuery, ctx.query);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, ...(await ledger.page(callerOf(ctx.state).userId, cursor, limit)) };
  });

  /** The caller's entries of the month (`YYYY-MM`, UTC) and their courses' titles. */
  async function statementOf(ctx: Context) {
    const { month } = parseInput(monthParam, ctx.params);
    const from = new Date(`${month}-01T00:00:00.000Z`);
    const to = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
    const entries = await ledger.between(callerOf(ctx.state).userId, from, to);
    const titles = await ledger.courseTitles(entries.flatMap((e) => (e.courseId ? [e.courseId] : [])));
    cacheFor(ctx, cache.privateNone);
    ctx.set('X-Content-Type-Options', 'nosniff');
    return { month, entries, titles };
  }

  router.get('/educator/statements/:month.csv', signedIn, educatorOnly, async (ctx) => {
    const { month, entries, titles } = await statementOf(ctx);
    ctx.set('Content-Disposition', `attachment; filename="courseport-statement-${month}.csv"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = statementCsv(month, entries, titles);
  });

  router.get('/educator/statements/:month.pdf', signedIn, educatorOnly, async (ctx) => {
    const { month, entries, titles } = await statementOf(ctx);
    ctx.set('Content-Disposition', `attachment; filename="courseport-statement-${month}.pdf"`);
    ctx.type = 'application/pdf';
    ctx.body = Buffer.from(await statementPdf(month, entries, titles));
  });

  router.get('/admin/platform-fee', signedIn, adminOnly, async (ctx) => {
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, fee: await ledger.platformFee() };
  });

  const limit = adminMutationLimit();
  router.put('/admin/platform-fee', signedIn, adminOnly, limit, async (ctx) => {
    const { percent } = parseInput(platformFeeSchema, ctx.request.body);
    const fee = await ledger.setPlatformFee(percent, callerOf(ctx.state).userId);
    ctx.body = { success: true, message: `The platform fee is now ${fee.percent}% for new sales`, fee };
  });

  router.put('/admin/educators/:id/fee', signedIn, adminOnly, limit, async (ctx) => {
    const { percent } = parseInput(educatorFeeSchema, ctx.request.body);
    const educatorId = await namedEducator(ctx);
    await ledger.setEducatorFee(educatorId, percent, callerOf(ctx.state).userId);
    ctx.body = {
      success: true,
      message:
        percent === null ? "This educator now pays the platform's fee" : `This educator's fee is now ${percent}%`,
      feePercent: await ledger.feePercent(educatorId),
    };
  });

  router.post('/admin/educators/:id/adjustments', signedIn, adminOnly, limit, async (ctx) => {
    const input = parseInput(adjustmentSchema, ctx.request.body);
    const educatorId = await namedEducator(ctx);
    const { entry, written } = await ledger.adjust(educatorId, input, callerOf(ctx.state).userId);
    ctx.status = written ? 201 : 200;
    ctx.body = {
      success: true,
      message: written ? 'Adjustment recorded' : 'Adjustment already recorded',
      entry: publicEntry(entry),
    };
  });

  return router;
}
