import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';

export function healthRoutes({ store, clock }: AppDeps): Router {
  const router = new Router();
  // Liveness: the process answers (a load balancer restarts it otherwise); touches nothing else.
  router.get('/health/live', (ctx) => {
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, status: 'live' };
  });
  // Readiness: the process can serve, its store answers (503 while it does not: send no traffic).
  router.get('/health', async (ctx) => {
    const ok = await store.ping();
    cacheFor(ctx, cache.none);
    ctx.status = ok ? 200 : 503;
    ctx.body = {
      success: ok,
      ...(ok ? {} : { message: 'The database is not reachable' }),
      status: ok ? 'ok' : 'degraded',
      store: { kind: store.kind, ok },
      time: clock.now().toISOString(),
    };
  });
  return router;
}
