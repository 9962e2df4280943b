import Router from '@koa/router';
import { z } from 'zod';
import { authenticate } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { sendPrepared, sendWithEtag } from '../../http/etag.js';
import { parseInput } from '../../http/validate.js';
import { coursesRepository } from './repository.js';
import { cachedCatalog } from './service.js';

const listQuery = z.object({ search: z.string().trim().max(100, 'must be at most 100 characters').optional() });

export function courseRoutes({ store, auth }: AppDeps): Router {
  const router = new Router({ prefix: '/course' });
  const catalog = cachedCatalog(coursesRepository(store), store);

  router.get('/all', async (ctx) => {
    const { search } = parseInput(listQuery, ctx.query);
    if (search) sendWithEtag(ctx, { success: true, courses: await catalog.search(search) }, 'public, no-cache');
    else await sendPrepared(ctx, await catalog.allBody(), 'public, no-cache');
  });

  // Optional sign-in: enrolled students and the owner also get the paid lectures' URLs.
  router.get('/:id', authenticate(auth.verifier, { required: false }), async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!ctx.state.auth) {
      const page = await catalog.anonymousPage(id);
      ctx.vary('Authorization');
      await sendPrepared(ctx, page, 'public, no-cache');
      return;
    }
    const courseData = await catalog.details(id, ctx.state.auth.userId);
    ctx.vary('Authorization');
    sendWithEtag(ctx, { success: true, courseData }, 'private, no-cache');
  });

  return router;
}
