import type { Middleware } from 'koa';
import helmet from 'koa-helmet';

/**
 * Headers for a JSON API whose media is embedded by other origins (the shell and portals):
 * nothing may be framed or executed from it, but its images may be loaded cross-origin.
 */
export function securityHeaders(): Middleware {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  }) as Middleware;
}
