import type { Middleware } from 'koa';

const ALLOW_METHODS = 'GET,HEAD,POST,PUT,PATCH,DELETE';
/** What a tus 1.0 client (tus-js-client) sends and must read, for resumable video uploads (#33). */
export const TUS_REQUEST_HEADERS = [
  'Upload-Length',
  'Upload-Offset',
  'Upload-Metadata',
  'Tus-Resumable',
  'Upload-Defer-Length',
  'Upload-Concat',
  'X-HTTP-Method-Override',
];
export const TUS_RESPONSE_HEADERS = [
  'Location',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Defer-Length',
  'Upload-Concat',
  'Upload-Expires',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
];
const ALLOW_HEADERS = ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id', ...TUS_REQUEST_HEADERS].join(
  ',',
);
/** Readable by the portals' scripts on every answer (tus' own answers name the same list: tus.ts). */
export const EXPOSE_HEADERS = ['ETag', 'X-Request-Id', 'Retry-After', ...TUS_RESPONSE_HEADERS];
const EXPOSE = EXPOSE_HEADERS.join(',');
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
      ctx.set('Access-Control-Expose-Headers', EXPOSE);
      return next();
    }
    ctx.set('Access-Control-Max-Age', MAX_AGE_SECONDS);
    ctx.set('Access-Control-Allow-Methods', ALLOW_METHODS);
    ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
    ctx.status = 204;
  };
}
