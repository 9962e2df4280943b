import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { badRequest, notFound } from '../../http/errors.js';
import { adminMutationLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { EDUCATOR_NOT_FOUND, educatorIdParam } from '../ledger/index.js';
import { holdSchema, payoutsQuery, recordSchema, runSchema } from './schemas.js';
import type { PayoutsService } from './service.js';

export const PAID_IN_FUTURE = 'The payment date cannot be in the future';

export interface PayoutServices {
  payouts: PayoutsService;
  assertEducator: (userId: string) => Promise<unknown>;
  requireAdmin: Middleware;
}

/** The educator's balance and payouts; the admin's payout runs, records, balances and holds. */
export function payoutRoutes(
  { auth, clock }: AppDeps,
  { payouts, assertEducator, requireAdmin: adminOnly }: PayoutServices,
) {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const educatorOnly = async (ctx: Context, next: () => Promise<unknown>) => {
    await assertEducator(callerOf(ctx.state).userId);
    return next();
  };
  async function namedEducator(ctx: Context): Promise<string> {
    const { id } = parseInput(educatorIdParam, ctx.params);
    await assertEducator(id).catch(() => {
      throw notFound(EDUCATOR_NOT_FOUND);
    });
    return id;
  }

  router.get('/educator/balance', signedIn, educatorOnly, async (ctx) => {
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, balance: await payouts.balance(callerOf(ctx.state).userId) };
  });

  router.get('/educator/payouts', signedIn, educatorOnly, async (ctx) => {
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, payouts: await payouts.mine(callerOf(ctx.state).userId) };
  });

  router.get('/admin/balances', signedIn, adminOnly, async (ctx) => {
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, balances: await payouts.balances() };
  });

  router.get('/admin/payouts', signedIn, adminOnly, async (ctx) => {
    const { runId } = parseInput(payoutsQuery, ctx.query);
    cacheFor(ctx, cache.none);
    const [list, runs] = await Promise.all([payouts.all(runId), payouts.runs()]);
    ctx.body = { success: true, payouts: list, runs };
  });

  const limit = adminMutationLimit();
  router.post('/admin/payouts/run', signedIn, adminOnly, limit, async (ctx) => {
    const { cutoff } = parseInput(runSchema, ctx.request.body);
    const { run, ran } = await payouts.run(cutoff, callerOf(ctx.state).userId);
    ctx.body = {
      success: true,
      message: ran
        ? `Payout run ${run.id}: ${run.payouts} payout(s) written`
        : `Payout run ${run.id} had already finished: nothing more was paid`,
      run,
    };
  });

  router.put('/admin/payouts/:id', signedIn, adminOnly, limit, async (ctx) => {
    const input = parseInput(recordSchema, ctx.request.body);
    if (input.paidAt.getTime() > clock.now().getTime()) throw badRequest(PAID_IN_FUTURE);
    const payout = await payouts.record(String(ctx.params.id ?? ''), input, callerOf(ctx.state).userId);
    ctx.body = { success: true, message: 'Payout recorded as paid', payout };
  });

  router.post('/admin/educators/:id/hold', signedIn, adminOnly, limit, async (ctx) => {
    const { reason } = parseInput(holdSchema, ctx.request.body);
    const educatorId = await namedEducator(ctx);
    const hold = await payouts.hold(educatorId, reason, callerOf(ctx.state).userId);
    ctx.body = { success: true, message: "This educator's payouts are on hold", hold };
  });

  router.delete('/admin/educators/:id/hold', signedIn, adminOnly, limit, async (ctx) => {
    const educatorId = await namedEducator(ctx);
    await payouts.release(educatorId);
    ctx.body = { success: true, message: "This educator's payouts are no longer on hold" };
  });

  return router;
}
