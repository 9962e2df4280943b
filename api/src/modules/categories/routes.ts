import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { adminMutationLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { categoryInputSchema } from './schemas.js';
import type { CategoriesService } from './service.js';

export interface CategoryServices {
  categories: CategoriesService;
  requireAdmin: Middleware;
}

/** `GET /api/categories` (public) and the admin's `POST/PATCH/DELETE /api/admin/categories[/:slug]` (#21). */
export function categoryRoutes(
  { auth, logger }: AppDeps,
  { categories, requireAdmin: adminOnly }: CategoryServices,
): Router {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const slugOf = (ctx: Context) => (ctx.params as { slug?: string }).slug ?? '';
  const limit = adminMutationLimit();

  router.get('/categories', async (ctx) => {
    cacheFor(ctx, cache.catalog);
    ctx.body = { success: true, categories: await categories.list() };
  });

  router.post('/admin/categories', signedIn, adminOnly, limit, async (ctx) => {
    const { name } = parseInput(categoryInputSchema, ctx.request.body);
    const category = await categories.create(name);
    logger.info({ admin: callerOf(ctx.state).userId, category: category.slug }, 'category created');
    ctx.status = 201;
    ctx.body = { success: true, message: 'Category created', category };
  });

  router.patch('/admin/categories/:slug', signedIn, adminOnly, limit, async (ctx) => {
    const { name } = parseInput(categoryInputSchema, ctx.request.body);
    const category = await categories.rename(slugOf(ctx), name);
    logger.info({ admin: callerOf(ctx.state).userId, category: category.slug }, 'category renamed');
    ctx.body = { success: true, message: 'Category renamed', category };
  });

  router.delete('/admin/categories/:slug', signedIn, adminOnly, limit, async (ctx) => {
    await categories.remove(slugOf(ctx));
    logger.info({ admin: callerOf(ctx.state).userId, category: slugOf(ctx) }, 'category deleted');
    ctx.body = { success: true, message: 'Category deleted' };
  });

  return router;
}
