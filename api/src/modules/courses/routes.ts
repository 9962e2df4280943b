import Router from '@koa/router';
import { z } from 'zod';
import { authenticate } from '../../auth/middleware.js';
import type { AuthContext } from '../../auth/verify.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { sendPrepared, sendWithEtag } from '../../http/etag.js';
import { parseInput } from '../../http/validate.js';
import { catalogQuerySchema } from './discovery.js';
import { type CatalogCache, SUGGEST_MAX_AGE_S } from './service.js';

export interface CourseServices {
  catalog: CatalogCache;
  isAdmin: (caller: AuthContext) => Promise<boolean>;
}

/** `GET /api/course/all`: the spec's search and paging, and discovery's filters and sorts (#21). */
const listQuery = catalogQuerySchema;

const suggestQuery = z.object({ q: z.string().optional() });

/** The first page of the whole catalog: what a request without a query string asks for. */
const FIRST_PAGE = listQuery.parse({});

export function courseRoutes({ auth }: AppDeps, { catalog, isAdmin }: CourseServices): Router {
  const router = new Router({ prefix: '/course' });

  router.get('/all', async (ctx) => {
    // One page of the catalog; every page of every search is prepared once per catalog change.
    const query = ctx.querystring ? parseInput(listQuery, ctx.query) : FIRST_PAGE;
    await sendPrepared(ctx, await catalog.page(query), cache.catalog);
  });

  // Suggestions while typing (public; briefly cacheable).
  router.get('/suggest', async (ctx) => {
    const { q } = parseInput(suggestQuery, ctx.query);
    cacheFor(ctx, cache.briefly(SUGGEST_MAX_AGE_S));
    ctx.body = { success: true, suggestions: await catalog.suggest(typeof q === 'string' ? q : '') };
  });

  // Optional sign-in: enrolled students and the owner also get the paid lectures' URLs.
  router.get('/:id', authenticate(auth.verifier, { required: false }), async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!ctx.state.auth) {
      const page = await catalog.anonymousPage(id);
      ctx.vary('Authorization');
      await sendPrepared(ctx, page, cache.catalog);
      return;
    }
    const caller = ctx.state.auth;
    // Owners and admins also see a course that is not published (a draft, unpublished, archived).
    const courseData = await catalog.details(id, caller.userId, () => isAdmin(caller));
    ctx.vary('Authorization');
    sendWithEtag(ctx, { success: true, courseData }, cache.private);
  });

  return router;
}
