import type { PublicConfig } from '@courseport/contracts';
import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';

const AVATAR_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><title>User</title><rect width="64" height="64" fill="#e2e8f0"/><circle cx="32" cy="25" r="12" fill="#94a3b8"/><path d="M10 60c2-13 11-20 22-20s20 7 22 20z" fill="#94a3b8"/></svg>`;

/** What the front ends need to know about this deployment, and the placeholder avatar. */
export function platformRoutes({ config }: AppDeps): Router {
  const router = new Router();
  const publicConfig: PublicConfig = {
    authMode: config.auth.mode,
    ...(config.auth.mode === 'clerk' ? { clerkPublishableKey: config.auth.publishableKey } : {}),
    paymentMode: config.payments.mode,
    currency: 'Rs',
    mode: config.mode,
  };

  router.get('/config', (ctx) => {
    cacheFor(ctx, cache.briefly(60));
    ctx.body = { success: true, ...publicConfig };
  });

  router.get('/assets/avatar.svg', (ctx) => {
    ctx.type = 'image/svg+xml';
    cacheFor(ctx, cache.briefly(86_400));
    ctx.body = AVATAR_SVG;
  });

  return router;
}
