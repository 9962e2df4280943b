import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';

export function healthRoutes({ store, clock }: AppDeps): Router {
  const router = new Router();
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
