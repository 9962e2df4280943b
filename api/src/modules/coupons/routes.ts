import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { adminEmailsRepository } from '../admin-emails/repository.js';
import { adminEmailsService } from '../admin-emails/service.js';
import { applyCouponSchema, couponListQuery, couponPatchSchema, newCouponSchema } from './schemas.js';
import { couponsService } from './service.js';

/**
 * `/api/educator/coupons` (an educator's own; an admin may read) and `/api/user/apply-coupon`.
 * Per-route authentication only, for the reason given in `courseLifecycleRoutes`.
 */
export function couponRoutes({ store, clock, auth }: AppDeps): Router {
  const router = new Router();
  const coupons = couponsService(store, clock);
  const adminEmails = adminEmailsService(adminEmailsRepository(store), clock);
  const signedIn = authenticate(auth.verifier, { required: true });

  router.post('/educator/coupons', signedIn, async (ctx) => {
    const caller = callerOf(ctx.state);
    await coupons.assertEducator(caller.userId);
    const input = parseInput(newCouponSchema, ctx.request.body);
    ctx.status = 201;
    ctx.body = { success: true, message: 'Coupon created', coupon: await coupons.create(caller, input) };
  });

  router.get('/educator/coupons', signedIn, async (ctx) => {
    const caller = callerOf(ctx.state);
    const { courseId } = parseInput(couponListQuery, ctx.query);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, coupons: await coupons.list(caller, await adminEmails.isAdmin(caller), courseId) };
  });

  router.patch('/educator/coupons/:id', signedIn, async (ctx) => {
    const own = await coupons.owned(callerOf(ctx.state), ctx.params.id ?? '');
    const { active } = parseInput(couponPatchSchema, ctx.request.body);
    const coupon = await coupons.setActive(own, active);
    ctx.body = { success: true, message: active ? 'Coupon activated' : 'Coupon deactivated', coupon };
  });

  // A read whose input is in the body (not one of the caller's writes), limited so codes cannot be guessed at speed.
  router.post(
    '/user/apply-coupon',
    authenticate(auth.verifier, { required: true, readOnly: true }),
    rateLimit({ windowMs: 60_000, max: 30, keys: (ctx) => [`apply-coupon:${ctx.state.auth?.userId}`] }),
    async (ctx) => {
      const { courseId, code } = parseInput(applyCouponSchema, ctx.request.body);
      ctx.set('Cache-Control', 'private, no-store');
      ctx.body = { success: true, pricing: await coupons.quote(courseId, code) };
    },
  );

  return router;
}
