import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';

export function healthRoutes({ store, clock }: AppDeps): Router {
  const router = new Router();
  // Liveness: the process answers (a load balancer restarts it otherwise); touches nothing else.
  router.get('/health/live', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, status: 'live' };
  });
  // Readiness: the process can serve, its store answers (503 while it does not: send no traffic).
  router.get('/health', async (ctx) => {
    const ok = await store.ping();
    ctx.set('Cache-Control', 'no-store');
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
