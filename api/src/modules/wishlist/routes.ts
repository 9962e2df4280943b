import Router from '@koa/router';
import type { Context } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import type { WishlistService } from './service.js';

export interface WishlistServices {
  wishlist: WishlistService;
}

/** `GET /api/user/wishlist`, `PUT|DELETE /api/user/wishlist/:courseId` (#21): signed in. */
export function wishlistRoutes({ auth }: AppDeps, { wishlist }: WishlistServices): Router {
  const router = new Router({ prefix: '/user/wishlist' });
  const signedIn = authenticate(auth.verifier, { required: true });
  const courseIdOf = (ctx: Context) => (ctx.params as { courseId?: string }).courseId ?? '';

  router.get('/', signedIn, async (ctx) => {
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, wishlist: await wishlist.list(callerOf(ctx.state).userId) };
  });

  router.put('/:courseId', signedIn, async (ctx) => {
    await wishlist.add(callerOf(ctx.state).userId, courseIdOf(ctx));
    ctx.body = { success: true, message: 'Saved to your wishlist' };
  });

  router.delete('/:courseId', signedIn, async (ctx) => {
    await wishlist.remove(callerOf(ctx.state).userId, courseIdOf(ctx));
    ctx.body = { success: true, message: 'Removed from your wishlist' };
  });

  return router;
}
