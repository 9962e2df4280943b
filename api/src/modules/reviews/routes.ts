import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { authenticate, callerOf, confirmedEmail } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { sendWithEtag } from '../../http/etag.js';
import { adminMutationLimit, perUserLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { adminPageQuery, hideSchema, pageQuery, ratingSchema, replySchema, reviewInputSchema } from './schemas.js';
import type { ReviewsService } from './service.js';

export interface ReviewServices {
  reviews: ReviewsService;
  /** 404 for no such user, 403 for one who is not an educator (the users module's check). */
  assertEducator: (userId: string) => Promise<unknown>;
  requireAdmin: Middleware;
}

/**
 * Written course reviews: the course page's list (public), the student's own (enrolled only), the
 * educator's replies (their own courses) and the admin console's hiding.
 */
export function reviewRoutes(
  { auth, config }: AppDeps,
  { reviews, assertEducator, requireAdmin: adminOnly }: ReviewServices,
): Router {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const educatorOnly = async (ctx: Context, next: () => Promise<unknown>) => {
    await assertEducator(callerOf(ctx.state).userId);
    return next();
  };
  const courseIdOf = (ctx: Context) => (ctx.params as { courseId?: string }).courseId ?? '';
  const reviewIdOf = (ctx: Context) => (ctx.params as { reviewId?: string }).reviewId ?? '';

  router.get('/course/:id/reviews', async (ctx) => {
    const { page } = parseInput(pageQuery, ctx.query);
    const body = { success: true, reviews: await reviews.coursePage(ctx.params.id ?? '', page) };
    sendWithEtag(ctx, body, cache.catalog);
  });

  router.get('/user/reviews/:courseId', signedIn, async (ctx) => {
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, review: await reviews.mine(callerOf(ctx.state).userId, courseIdOf(ctx)) };
  });

  router.put('/user/reviews/:courseId', signedIn, confirmedEmail(config), perUserLimit('ratings'), async (ctx) => {
    const input = parseInput(reviewInputSchema, ctx.request.body);
    const review = await reviews.save(callerOf(ctx.state).userId, courseIdOf(ctx), input);
    ctx.body = { success: true, message: 'Review saved', review };
  });

  router.delete('/user/reviews/:courseId', signedIn, perUserLimit('ratings'), async (ctx) => {
    await reviews.remove(callerOf(ctx.state).userId, courseIdOf(ctx));
    ctx.body = { success: true, message: 'Review deleted' };
  });

  // A rating without text (the player's stars); mounted here, with the reviews it belongs to.
  router.post('/user/add-rating', signedIn, confirmedEmail(config), perUserLimit('ratings'), async (ctx) => {
    const { courseId, rating } = parseInput(ratingSchema, ctx.request.body);
    await reviews.rate(callerOf(ctx.state).userId, courseId, rating);
    ctx.body = { success: true, message: 'Rating added successfully' };
  });

  router.get('/educator/reviews', signedIn, educatorOnly, async (ctx) => {
    const { page } = parseInput(pageQuery, ctx.query);
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, reviews: await reviews.educatorPage(callerOf(ctx.state).userId, page) };
  });

  router.post('/educator/reviews/:reviewId/reply', signedIn, educatorOnly, async (ctx) => {
    const { text } = parseInput(replySchema, ctx.request.body);
    const review = await reviews.reply(callerOf(ctx.state).userId, reviewIdOf(ctx), text);
    ctx.body = { success: true, message: 'Reply posted', review };
  });

  router.get('/admin/reviews', signedIn, adminOnly, async (ctx) => {
    const { page, status } = parseInput(adminPageQuery, ctx.query);
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, reviews: await reviews.adminPage(status, page) };
  });

  const limit = adminMutationLimit();
  router.post('/admin/reviews/:reviewId/hide', signedIn, adminOnly, limit, async (ctx) => {
    const { reason } = parseInput(hideSchema, ctx.request.body);
    const review = await reviews.hide(callerOf(ctx.state).userId, reviewIdOf(ctx), reason);
    ctx.body = { success: true, message: 'Review hidden', review };
  });

  router.post('/admin/reviews/:reviewId/restore', signedIn, adminOnly, limit, async (ctx) => {
    const review = await reviews.restore(reviewIdOf(ctx));
    ctx.body = { success: true, message: 'Review restored', review };
  });

  return router;
}
