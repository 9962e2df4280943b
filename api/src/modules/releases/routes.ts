import { createHash, timingSafeEqual } from 'node:crypto';
import type { PortalName } from '@courseport/contracts/platform';
import Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { authenticate, callerOf } from '../../auth/middleware.js';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { notFound, unauthorized } from '../../http/errors.js';
import { adminMutationLimit } from '../../http/rate-limit.js';
import { parseInput } from '../../http/validate.js';
import { auditQuery, releaseInputSchema, rollbackInputSchema } from './schemas.js';
import { isPortal, RELEASE_TOKEN_CALLER, type ReleasesService } from './service.js';

export interface ReleaseServices {
  releases: ReleasesService;
  requireAdmin: Middleware;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Who made the change, for the audit (set by `adminOrToken`). */
const releasers = new WeakMap<Context, string>();

/**
 * The release registry (#22): `GET /api/releases` (public, for the shell's server) and the admin's
 * `/api/admin/releases…`, which CI may also call with `Authorization: Bearer <RELEASE_TOKEN>`.
 */
export function releaseRoutes({ auth, logger, config }: AppDeps, { releases, requireAdmin }: ReleaseServices): Router {
  const router = new Router();
  const signedIn = authenticate(auth.verifier, { required: true });
  const token = config.releaseToken ? digest(config.releaseToken) : undefined;
  const limit = adminMutationLimit();

  /** The release token, or else a signed-in admin: any other bearer goes to the session check (401). */
  const adminOrToken = async (ctx: Context, next: Next) => {
    const bearer = /^Bearer (.+)$/.exec(ctx.get('Authorization'))?.[1];
    if (token && bearer !== undefined && timingSafeEqual(digest(bearer), token)) {
      releasers.set(ctx, RELEASE_TOKEN_CALLER);
      return next();
    }
    return signedIn(ctx, () =>
      requireAdmin(ctx, async () => {
        const caller = callerOf(ctx.state);
        releasers.set(ctx, caller.email ?? caller.userId);
        return next();
      }),
    );
  };
  const byOf = (ctx: Context) => {
    const by = releasers.get(ctx);
    if (!by) throw unauthorized();
    return by;
  };
  const portalOf = (ctx: Context): PortalName => {
    const name = (ctx.params as { portal?: string }).portal ?? '';
    if (!isPortal(name)) throw notFound(`Unknown portal: ${name.slice(0, 60)}`);
    return name;
  };
  const answer = (ctx: Context, result: Awaited<ReturnType<typeof releases.promote>>) => {
    const { action, from, to, percent } = result.entry;
    const by = releasers.get(ctx) === RELEASE_TOKEN_CALLER ? RELEASE_TOKEN_CALLER : ctx.state.auth?.userId;
    logger.info({ portal: result.release.portal, action, from, to, percent, by }, 'release changed');
    ctx.body = { success: true, message: result.message, release: result.release };
  };

  router.get('/releases', async (ctx) => {
    cacheFor(ctx, cache.none);
    ctx.body = { success: true, releases: await releases.plan() };
  });

  router.get('/admin/releases', adminOrToken, async (ctx) => {
    ctx.body = { success: true, portals: await releases.list() };
  });

  router.get('/admin/releases/audit', adminOrToken, async (ctx) => {
    const { portal, page } = parseInput(auditQuery, ctx.query);
    if (portal !== undefined && !isPortal(portal)) throw notFound(`Unknown portal: ${portal.slice(0, 60)}`);
    ctx.body = { success: true, ...(await releases.audit(portal, page)) };
  });

  router.post('/admin/releases/:portal', adminOrToken, limit, async (ctx) => {
    const portal = portalOf(ctx);
    const { version, canary } = parseInput(releaseInputSchema, ctx.request.body);
    answer(ctx, await releases.release(portal, version, canary, byOf(ctx)));
  });

  router.post('/admin/releases/:portal/promote', adminOrToken, limit, async (ctx) => {
    answer(ctx, await releases.promote(portalOf(ctx), byOf(ctx)));
  });

  router.post('/admin/releases/:portal/rollback', adminOrToken, limit, async (ctx) => {
    const portal = portalOf(ctx);
    const { version } = parseInput(rollbackInputSchema, ctx.request.body);
    answer(ctx, await releases.rollback(portal, version, byOf(ctx)));
  });

  router.delete('/admin/releases/:portal/canary', adminOrToken, limit, async (ctx) => {
    answer(ctx, await releases.stopCanary(portalOf(ctx), byOf(ctx)));
  });

  return router;
}
