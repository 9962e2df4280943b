import Router from '@koa/router';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AuthContext } from '../../auth/verify.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { parseInput } from '../../http/validate.js';
import { applyCouponSchema, couponListQuery, couponPatchSchema, newCouponSchema } from './schemas.js';
import type { CouponsService } from './service.js';

export interface CouponServices {
  coupons: CouponsService;
  isAdmin: (caller: AuthContext) => Promise<boolean>;
}

/**
 * `/api/educator/coupons` (an educator's own; an admin may read) and `/api/user/apply-coupon`.
 * Per-route authentication only, for the reason given in `courseLifecycleRoutes`.
 */
export function couponRoutes({ auth }: AppDeps, { coupons, isAdmin }: CouponServices): Router {
  const router = new Router();
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
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, coupons: await coupons.list(caller, await isAdmin(caller), courseId) };
  });

  router.patch('/educator/coupons/:id', signedIn, async (ctx) => {
    const own = await coupons.owned(callerOf(ctx.state), ctx.params.id ?? '');
    const { active } = parseInput(couponPatchSchema, ctx.request.body);
    const coupon = await coupons.setActive(own, active);
    ctx.body = { success: true, message: active ? 'Coupon activated' : 'Coupon deactivated', coupon };
  });

  // Only reads, but counted like a write (120 a minute per user), so codes cannot be guessed at speed.
  router.post('/user/apply-coupon', signedIn, async (ctx) => {
    const { courseId, code } = parseInput(applyCouponSchema, ctx.request.body);
    cacheFor(ctx, cache.privateNone);
    ctx.body = { success: true, pricing: await coupons.quote(courseId, code) };
  });

  return router;
}
