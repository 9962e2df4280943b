import type { Middleware } from 'koa';

const ALLOW_METHODS = 'GET,HEAD,POST,PUT,PATCH,DELETE';
const ALLOW_HEADERS = 'Authorization,Content-Type,If-None-Match,X-Request-Id';
const EXPOSE_HEADERS = 'ETag,X-Request-Id,Retry-After';
const MAX_AGE_SECONDS = '600';

/**
 * Cross-origin calls, with credentials, only from the configured front-end origins. A request from
 * any other origin (or none) gets no CORS headers, so browsers keep its answer from the page.
 * The headers are set before the handler runs, so error answers carry them too.
 */
export function corsAllowList(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  return (ctx, next) => {
    if (ctx.res.hasHeader('Vary')) ctx.vary('Origin');
    else ctx.res.setHeader('Vary', 'Origin');
    const origin = ctx.request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return next();

    ctx.set('Access-Control-Allow-Origin', origin);
    ctx.set('Access-Control-Allow-Credentials', 'true');
    const preflight = ctx.method === 'OPTIONS' && ctx.request.headers['access-control-request-method'] !== undefined;
    if (!preflight) {
      ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
      return next();
    }
    ctx.set('Access-Control-Max-Age', MAX_AGE_SECONDS);
    ctx.set('Access-Control-Allow-Methods', ALLOW_METHODS);
    ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
    ctx.status = 204;
  };
}
