import Router from '@koa/router';
import Koa from 'koa';
import { composeServices, type Services } from './compose.js';
import type { AppDeps } from './deps.js';
import { accessLog } from './http/middleware/access-log.js';
import { bodyParser } from './http/middleware/body.js';
import { compressResponses } from './http/middleware/compress.js';
import { corsAllowList } from './http/middleware/cors.js';
import { errorHandler } from './http/middleware/error-handler.js';
import { requestId } from './http/middleware/request-id.js';
import { securityHeaders } from './http/middleware/security-headers.js';
import { adminEmailRoutes } from './modules/admin-emails/index.js';
import { analyticsRoutes } from './modules/analytics/index.js';
import { announcementRoutes } from './modules/announcements/index.js';
import { authRoutes } from './modules/auth/index.js';
import { categoryRoutes } from './modules/categories/index.js';
import { certificateRoutes } from './modules/certificates/index.js';
import { CONNECT_WEBHOOK_PATH, connectRoutes } from './modules/connect/index.js';
import { couponRoutes } from './modules/coupons/index.js';
import { courseRoutes } from './modules/courses/index.js';
import { discussionRoutes } from './modules/discussions/index.js';
import { courseLifecycleRoutes, educatorRoutes } from './modules/educator/index.js';
import { educatorRequestRoutes } from './modules/educator-requests/index.js';
import { healthRoutes } from './modules/health/index.js';
import { instructorRoutes } from './modules/instructors/index.js';
import { learningRoutes } from './modules/learning/index.js';
import { ledgerRoutes } from './modules/ledger/index.js';
import { mediaRoutes } from './modules/media/index.js';
import { noteRoutes } from './modules/notes/index.js';
import { notificationRoutes, UNSUBSCRIBE_PATH } from './modules/notifications/index.js';
import { payoutRoutes } from './modules/payouts/index.js';
import { platformRoutes } from './modules/platform/index.js';
import { projectRoutes } from './modules/projects/index.js';
import { checkoutRoutes, purchaseRoutes } from './modules/purchases/index.js';
import { quizRoutes } from './modules/quizzes/index.js';
import { releaseRoutes } from './modules/releases/index.js';
import { resourceRoutes } from './modules/resources/index.js';
import { reviewRoutes } from './modules/reviews/index.js';
import { userRoutes } from './modules/users/index.js';
import { UPLOADS_PATH, videoRoutes } from './modules/videos/index.js';
import { wishlistRoutes } from './modules/wishlist/index.js';

export const JSON_LIMIT = '100kb';

/**
 * Routes that read their own body: Stripe signs the raw bytes of its webhooks; a one-click
 * unsubscribe (#35, RFC 8058) is a form POST whose body (`List-Unsubscribe=One-Click`) says nothing.
 */
const RAW_BODY_PATHS = new Set(['/api/stripe/webhook', CONNECT_WEBHOOK_PATH, UNSUBSCRIBE_PATH]);
/** tus uploads (#33) stream their bytes to @tus/server, which reads the body itself. */
const RAW_BODY_PREFIXES = [UPLOADS_PATH];

/** The API's route table: every module mounts its router under /api here, given the services it uses. */
export function createApiRouter(deps: AppDeps, services: Services = composeServices(deps)): Router {
  const api = new Router({ prefix: '/api' });
  const s = services;
  const routers = [
    healthRoutes(deps),
    platformRoutes(deps),
    authRoutes(deps),
    userRoutes(deps, s),
    educatorRequestRoutes(deps, s),
    adminEmailRoutes(deps, s),
    courseRoutes(deps, s),
    categoryRoutes(deps, s),
    releaseRoutes(deps, s),
    instructorRoutes(deps, { profiles: s.profiles, catalog: s.publicCatalog, categories: s.categories }),
    mediaRoutes(deps),
    // Before educatorRoutes: its educator-only middleware would otherwise also run for these
    // paths (an admin may read them), and they authenticate per route instead.
    courseLifecycleRoutes(deps, s),
    // Also before educatorRoutes (GET /educator/reviews checks the educator role itself).
    reviewRoutes(deps, s),
    // #35: also before educatorRoutes (GET /educator/questions checks the educator role itself).
    discussionRoutes(deps, s),
    noteRoutes(deps, s),
    couponRoutes(deps, s),
    // Before educatorRoutes (POST /educator/resources, GET /educator/quiz-stats and the submission
    // queue check the educator role themselves).
    resourceRoutes(deps, { resources: s.resources, quota: s.quota, assertEducator: s.assertEducator }),
    projectRoutes(deps, { projects: s.projects, assertEducator: s.assertEducator }),
    // Also before educatorRoutes (every /educator/videos route checks the educator role itself).
    videoRoutes(deps, { videos: s.videos, assertEducator: s.assertEducator, uploadDir: s.videoUploadDir }),
    quizRoutes(deps, s),
    // #36: also before educatorRoutes (the ledger's and payouts' /educator routes check the role themselves).
    ledgerRoutes(deps, s),
    payoutRoutes(deps, s),
    connectRoutes(deps, s),
    // #36: also before educatorRoutes (/educator/analytics checks the role itself).
    analyticsRoutes(deps, s),
    educatorRoutes(deps, s),
    purchaseRoutes(deps, s),
    learningRoutes(deps, s),
    certificateRoutes(deps, s),
    wishlistRoutes(deps, s),
    // #35: notifications and course announcements.
    notificationRoutes(deps, s),
    announcementRoutes(deps, s),
  ];
  // 405/501 come from this router's own allowedMethods (in createApp), which sees every module's
  // routes. A module's would run only after one of its routes matched, where it never answers.
  for (const routes of routers) api.use(routes.routes());
  return api;
}

/**
 * Builds the Koa app from its dependencies and its services (built once, by `composeServices`,
 * when not given); `server.ts` listens, tests use `app.callback()`.
 */
export function createApp(deps: AppDeps, services: Services = composeServices(deps)): Koa {
  // The client address is the entry the outermost trusted proxy appended, never one the client wrote.
  const { trustProxy } = deps.config;
  const app = new Koa({ proxy: trustProxy > 0, maxIpsCount: trustProxy });
  app.silent = true;
  app.context.limits = deps.limits;
  const api = createApiRouter(deps, services);
  const checkout = checkoutRoutes(deps);

  app
    .use(requestId())
    .use(compressResponses())
    .use(accessLog(deps.logger))
    .use(errorHandler())
    .use(securityHeaders())
    .use(corsAllowList(deps.config.allowedOrigins))
    .use(bodyParser({ limit: JSON_LIMIT, rawPaths: RAW_BODY_PATHS, rawPrefixes: RAW_BODY_PREFIXES }))
    // allowedMethods answers 405 with Allow for a method the path does not take and 501 for one no
    // route takes; the error handler gives both the envelope (thrown, they lose the Allow header).
    .use(api.routes())
    .use(api.allowedMethods())
    .use(checkout.routes())
    .use(checkout.allowedMethods());

  return app;
}
