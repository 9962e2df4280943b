import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import getRawBody from 'raw-body';
import { z } from 'zod';
import { authenticate, callerOf, confirmedEmail } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { badRequest, notFound } from '../../http/errors.js';
import { adminMutationLimit, rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { localCheckouts } from '../../payments/index.js';
import { couponCode } from '../coupons/index.js';
import { checkoutMessage, checkoutPage } from './checkout-page.js';
import type { PurchasesService } from './service.js';

export interface PurchaseServices {
  purchases: PurchasesService;
  requireAdmin: Middleware;
}

const purchaseSchema = z.object({
  courseId: z.string().min(1, 'is required').max(64),
  /** Optional: the server prices the checkout with it (see coupons/service.ts). */
  couponCode: couponCode.optional(),
});
const verifySchema = z.object({ purchaseId: z.string().min(1, 'is required').max(64) });
const adminPurchasesSchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** `/api/user/purchase` and `/api/user/verify-payment`, plus the Stripe webhook. */
export function purchaseRoutes(
  deps: AppDeps,
  { purchases: service, requireAdmin: adminOnly }: PurchaseServices,
): Router {
  const { config, auth, payments } = deps;
  const router = new Router();
  const defaultOrigin = new URL(config.publicAppUrl).origin;
  // The checkout returns to the origin the buyer is on when it is one of ours, never to any other.
  const appOriginOf = (ctx: Context) => {
    const origin = ctx.get('Origin');
    return config.allowedOrigins.find((allowed) => allowed === origin) ?? defaultOrigin;
  };
  const signedIn = authenticate(auth.verifier, { required: true });

  router.post(
    '/user/purchase',
    signedIn,
    confirmedEmail(config),
    rateLimit({ windowMs: 60_000, max: 20, keys: (ctx) => [`user:${ctx.state.auth?.userId}`] }),
    async (ctx) => {
      const { courseId, couponCode: code } = parseInput(purchaseSchema, ctx.request.body);
      const caller = callerOf(ctx.state);
      const sessionUrl = await service.purchase(caller.userId, caller.email, courseId, appOriginOf(ctx), code);
      ctx.body = { success: true, session_url: sessionUrl };
    },
  );

  router.get('/user/purchases', signedIn, async (ctx) => {
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, purchases: await service.history(callerOf(ctx.state).userId) };
  });

  router.get('/admin/purchases', signedIn, adminOnly, async (ctx) => {
    const { offset, limit } = parseInput(adminPurchasesSchema, ctx.query);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, ...(await service.all(offset, limit)) };
  });

  router.post('/admin/refund-purchase', signedIn, adminOnly, adminMutationLimit(), async (ctx) => {
    const { purchaseId } = parseInput(verifySchema, ctx.request.body);
    await service.refund(purchaseId);
    ctx.body = { success: true, message: 'Purchase refunded' };
  });

  router.post('/user/verify-payment', signedIn, async (ctx) => {
    const { purchaseId } = parseInput(verifySchema, ctx.request.body);
    await service.verify(callerOf(ctx.state).userId, purchaseId);
    ctx.body = { success: true, message: 'Payment verified successfully!' };
  });

  // Stripe's signature covers the exact bytes, so this route reads its own raw body.
  router.post('/stripe/webhook', async (ctx) => {
    if (!payments.stripe || config.payments.mode !== 'stripe') throw notFound();
    const raw = await getRawBody(ctx.req, { limit: '512kb' });
    let event: ReturnType<typeof payments.stripe.webhooks.constructEvent>;
    try {
      event = payments.stripe.webhooks.constructEvent(raw, ctx.get('Stripe-Signature'), config.payments.webhookSecret);
    } catch {
      throw badRequest('Invalid webhook signature');
    }
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      const session = event.data.object;
      const purchaseId = session.metadata?.purchaseId ?? session.client_reference_id;
      const paymentIntent = session.payment_intent;
      const paymentId = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
      if (purchaseId && session.payment_status !== 'unpaid') await service.fulfil(purchaseId, paymentId);
    } else if (event.type === 'checkout.session.expired') {
      const session = event.data.object;
      const purchaseId = session.metadata?.purchaseId ?? session.client_reference_id;
      if (purchaseId) await service.expire(purchaseId);
    } else if (event.type === 'charge.refunded') {
      // Refunded in Stripe's dashboard (or by our own refund call): the enrollment goes. Partial refunds keep it.
      const charge = event.data.object;
      const paymentIntent = charge.payment_intent;
      const paymentId = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
      if (paymentId && charge.refunded) await service.refundedByGateway(paymentId);
    }
    ctx.body = { success: true, received: true };
  });

  return router;
}

/** The local gateway's hosted checkout page (outside /api: it is a page, not JSON). */
export function checkoutRoutes({ store, clock, config }: AppDeps): Router {
  const router = new Router({ prefix: '/checkout' });
  const sessions = localCheckouts(store);
  // Pay and Cancel redirect back to the app, on whichever of its allowed origins the buyer is.
  const appOrigins = [...new Set([new URL(config.publicAppUrl).origin, ...config.allowedOrigins])].join(' ');

  const page = (ctx: Context, status: number, html: string) => {
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    cacheFor(ctx, cache.none);
    // The API's own headers are for JSON; a page also keeps its opener and its address to itself.
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Referrer-Policy', 'no-referrer');
    ctx.set(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${appOrigins}; frame-ancestors 'none'; base-uri 'none'`,
    );
    ctx.body = html;
  };

  async function usable(ctx: Context) {
    const session = await sessions.findOne({ _id: String(ctx.params.id ?? '') });
    if (!session) {
      page(ctx, 404, checkoutMessage('Checkout not found', 'This checkout session does not exist.'));
      return null;
    }
    if (session.status === 'complete') {
      page(
        ctx,
        200,
        checkoutMessage('Already paid', 'This checkout has been paid.', {
          href: session.successUrl,
          label: 'Continue',
        }),
      );
      return null;
    }
    if (session.status === 'expired' || session.expiresAt <= clock.now()) {
      page(
        ctx,
        410,
        checkoutMessage('Checkout expired', 'This checkout session has expired. Please start the purchase again.', {
          href: session.cancelUrl,
          label: 'Back to the course',
        }),
      );
      return null;
    }
    return session;
  }

  router.get('/:id', async (ctx) => {
    const session = await usable(ctx);
    if (session) page(ctx, 200, checkoutPage(session));
  });

  router.post('/:id/pay', async (ctx) => {
    const session = await usable(ctx);
    if (!session) return;
    const paid = await sessions.findOneAndUpdate(
      { _id: session._id, status: 'open', expiresAt: { $gt: clock.now() } },
      { $set: { status: 'complete' } },
    );
    if (!paid) return void (await usable(ctx));
    ctx.status = 303;
    ctx.redirect(session.successUrl);
  });

  // Like Stripe's Cancel: back to the course, the session stays open until it expires.
  router.post('/:id/cancel', async (ctx) => {
    const session = await usable(ctx);
    if (!session) return;
    ctx.status = 303;
    ctx.redirect(session.cancelUrl);
  });

  return router;
}
