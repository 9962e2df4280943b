import Router from '@koa/router';
import Koa from 'koa';
import type { AppDeps } from './deps.js';
import { accessLog } from './http/middleware/access-log.js';
import { bodyParser } from './http/middleware/body.js';
import { compressResponses } from './http/middleware/compress.js';
import { corsAllowList } from './http/middleware/cors.js';
import { errorHandler } from './http/middleware/error-handler.js';
import { requestId } from './http/middleware/request-id.js';
import { securityHeaders } from './http/middleware/security-headers.js';
import { adminEmailRoutes } from './modules/admin-emails/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { categoryRoutes } from './modules/categories/routes.js';
import { certificateRoutes } from './modules/certificates/routes.js';
import { couponRoutes } from './modules/coupons/routes.js';
import { courseRoutes } from './modules/courses/routes.js';
import { courseLifecycleRoutes } from './modules/educator/lifecycle-routes.js';
import { educatorRoutes } from './modules/educator/routes.js';
import { educatorRequestRoutes } from './modules/educator-requests/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { instructorRoutes } from './modules/instructors/routes.js';
import { learningRoutes } from './modules/learning/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { platformRoutes } from './modules/platform/routes.js';
import { checkoutRoutes, purchaseRoutes } from './modules/purchases/routes.js';
import { releaseRoutes } from './modules/releases/routes.js';
import { reviewRoutes } from './modules/reviews/routes.js';
import { userRoutes } from './modules/users/routes.js';
import { wishlistRoutes } from './modules/wishlist/routes.js';

export const JSON_LIMIT = '100kb';

/** Routes that read their own body: Stripe signs the raw bytes of its webhooks. */
const RAW_BODY_PATHS = new Set(['/api/stripe/webhook']);

/** The API's route table: every module mounts its router under /api here. */
export function createApiRouter(deps: AppDeps): Router {
  const api = new Router({ prefix: '/api' });
  const modules = [
    healthRoutes,
    platformRoutes,
    authRoutes,
    userRoutes,
    educatorRequestRoutes,
    adminEmailRoutes,
    courseRoutes,
    categoryRoutes,
    releaseRoutes,
    instructorRoutes,
    mediaRoutes,
    // Before educatorRoutes: its educator-only middleware would otherwise also run for these
    // paths (an admin may read them), and they authenticate per route instead.
    courseLifecycleRoutes,
    // Also before educatorRoutes (GET /educator/reviews checks the educator role itself).
    reviewRoutes,
    couponRoutes,
    educatorRoutes,
    purchaseRoutes,
    learningRoutes,
    certificateRoutes,
    wishlistRoutes,
  ];
  // 405/501 come from this router's own allowedMethods (in createApp), which sees every module's
  // routes. A module's would run only after one of its routes matched, where it never answers.
  for (const routes of modules.map((m) => m(deps))) api.use(routes.routes());
  return api;
}

/** Builds the Koa app from its dependencies; `server.ts` listens, tests use `app.callback()`. */
export function createApp(deps: AppDeps): Koa {
  // The client address is the entry the outermost trusted proxy appended, never one the client wrote.
  const { trustProxy } = deps.config;
  const app = new Koa({ proxy: trustProxy > 0, maxIpsCount: trustProxy });
  app.silent = true;
  app.context.limits = deps.limits;
  const api = createApiRouter(deps);
  const checkout = checkoutRoutes(deps);

  app
    .use(requestId())
    .use(compressResponses())
    .use(accessLog(deps.logger))
    .use(errorHandler())
    .use(securityHeaders())
    .use(corsAllowList(deps.config.allowedOrigins))
    .use(bodyParser({ limit: JSON_LIMIT, rawPaths: RAW_BODY_PATHS }))
    // allowedMethods answers 405 with Allow for a method the path does not take and 501 for one no
    // route takes; the error handler gives both the envelope (thrown, they lose the Allow header).
    .use(api.routes())
    .use(api.allowedMethods())
    .use(checkout.routes())
    .use(checkout.allowedMethods());

  return app;
}
