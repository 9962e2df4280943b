import Router from '@koa/router';
import { z } from 'zod';
import { authenticate } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { sendWithEtag } from '../../http/etag.js';
import { parseInput } from '../../http/validate.js';
import { coursesRepository } from './repository.js';
import { catalogService } from './service.js';

const listQuery = z.object({ search: z.string().trim().max(100, 'must be at most 100 characters').optional() });

export function courseRoutes({ store, auth }: AppDeps): Router {
  const router = new Router({ prefix: '/course' });
  const catalog = catalogService(coursesRepository(store));

  router.get('/all', async (ctx) => {
    const { search } = parseInput(listQuery, ctx.query);
    sendWithEtag(ctx, { success: true, courses: await catalog.list(search || undefined) }, 'public, no-cache');
  });

  // Optional sign-in: enrolled students and the owner also get the paid lectures' URLs.
  router.get('/:id', authenticate(auth.verifier, { required: false }), async (ctx) => {
    const courseData = await catalog.details(ctx.params.id ?? '', ctx.state.auth?.userId);
    ctx.vary('Authorization');
    sendWithEtag(ctx, { success: true, courseData }, ctx.state.auth ? 'private, no-cache' : 'public, no-cache');
  });

  return router;
}
