import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import getRawBody from 'raw-body';
import type Stripe from 'stripe';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { badRequest, notFound } from '../../http/errors.js';
import { rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { ADMIN_CONNECT_PAGE_SIZE, adminAccountsQuery } from './schemas.js';
import type { ConnectService } from './service.js';

export const CONNECT_WEBHOOK_PATH = '/api/stripe/connect-webhook';

export interface ConnectServices {
  connect: ConnectService;
  /** 404 for no such user, 403 for one who is not an educator (the users module's check). */
  assertEducator: (userId: string) => Promise<unknown>;
  requireAdmin: Middleware;
}

/** The educator's Connect onboarding and account; Stripe's Connect webhook. */
export function connectRoutes(
  { auth, config, payments }: AppDeps,
  { connect, assertEducator, requireAdmin: adminOnly }: ConnectServices,
) {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const educatorOnly = async (ctx: Context, next: () => Promise<unknown>) => {
    await assertEducator(callerOf(ctx.state).userId);
    return next();
  };

  // Each call asks Stripe for an account link (and the first one for an account): limited per educator.
  router.post(
    '/educator/payouts/connect',
    signedIn,
    educatorOnly,
    rateLimit({ windowMs: 60_000, max: 10, keys: (ctx) => [`connect:${ctx.state.auth?.userId}`] }),
    async (ctx) => {
      const caller = callerOf(ctx.state);
      const link = await connect.start(caller.userId, caller.email);
      cacheFor(ctx, cache.privateNone);
      ctx.body = { success: true, ...link };
    },
  );

  // `?refresh=1` (the return from onboarding) asks Stripe for the state now instead of waiting for its webhook.
  router.get(
    '/educator/payouts/account',
    signedIn,
    educatorOnly,
    rateLimit((ctx) => ({
      windowMs: 60_000,
      max: ctx.query.refresh === '1' ? 20 : 600,
      keys: (c) => [`connect-account:${c.query.refresh === '1' ? 'refresh:' : ''}${c.state.auth?.userId}`],
    })),
    async (ctx) => {
      const userId = callerOf(ctx.state).userId;
      const account = ctx.query.refresh === '1' ? await connect.refresh(userId) : await connect.account(userId);
      cacheFor(ctx, cache.privateNone);
      ctx.body = { success: true, account };
    },
  );

  // #36: the admin's view of every educator's Connect state (a bounded page; empty in local mode).
  router.get('/admin/connect-accounts', signedIn, adminOnly, async (ctx) => {
    const { cursor, limit } = parseInput(adminAccountsQuery, ctx.query);
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, ...(await connect.adminPage(cursor, limit ?? ADMIN_CONNECT_PAGE_SIZE)) };
  });

  // Connected accounts' events (account.updated, payout.*) and the platform's transfer.* events.
  // Stripe's signature covers the exact bytes, so this route reads its own raw body.
  router.post('/stripe/connect-webhook', async (ctx) => {
    if (!payments.stripe || config.payments.mode !== 'stripe') throw notFound();
    const { webhookSecret, connectWebhookSecret } = config.payments;
    const raw = await getRawBody(ctx.req, { limit: '512kb' });
    const signature = ctx.get('Stripe-Signature');
    let event: Stripe.Event | undefined;
    for (const secret of new Set([connectWebhookSecret ?? webhookSecret, webhookSecret])) {
      try {
        event = payments.stripe.webhooks.constructEvent(raw, signature, secret);
        break;
      } catch {
        // the other endpoint's secret, or not Stripe's signature at all
      }
    }
    if (!event) throw badRequest('Invalid webhook signature');
    const outcome = await connect.handle(event);
    ctx.body = { success: true, received: true, outcome };
  });

  return router;
}
