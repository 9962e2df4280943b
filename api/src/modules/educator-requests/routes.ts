import Router from '@koa/router';
import type { Middleware } from 'koa';
import { authenticate, callerOf, confirmedEmail } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { adminMutationLimit, rateLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { approveSchema, rejectSchema } from './schemas.js';
import type { EducatorRequestsService } from './service.js';

export interface EducatorRequestServices {
  educatorRequests: EducatorRequestsService;
  requireAdmin: Middleware;
}

export function educatorRequestRoutes(
  { auth, config }: AppDeps,
  { educatorRequests: service, requireAdmin: adminOnly }: EducatorRequestServices,
): Router {
  const router = new Router({ prefix: '/user' });
  const signedIn = authenticate(auth.verifier, { required: true });

  router.post(
    '/request-educator',
    signedIn,
    confirmedEmail(config),
    rateLimit({ windowMs: 60_000, max: 10, keys: (ctx) => [`user:${ctx.state.auth?.userId}`] }),
    async (ctx) => {
      await service.submit(callerOf(ctx.state).userId);
      ctx.status = 201;
      ctx.body = { success: true, message: 'Educator request submitted! Admin will review your request.' };
    },
  );

  router.get('/educator-request', signedIn, async (ctx) => {
    cacheFor(ctx, cache.private);
    ctx.body = { success: true, request: await service.latestOf(callerOf(ctx.state).userId) };
  });

  router.get('/educator-requests', signedIn, adminOnly, async (ctx) => {
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, requests: await service.list() };
  });

  const limit = adminMutationLimit();
  router.post('/approve-educator-request', signedIn, adminOnly, limit, async (ctx) => {
    const { requestId } = parseInput(approveSchema, ctx.request.body);
    await service.approve(requestId);
    ctx.body = { success: true, message: 'Request approved successfully!' };
  });

  router.post('/reject-educator-request', signedIn, adminOnly, limit, async (ctx) => {
    const { requestId, reason } = parseInput(rejectSchema, ctx.request.body);
    await service.reject(requestId, reason);
    ctx.body = { success: true, message: 'Request rejected successfully!' };
  });

  return router;
}
