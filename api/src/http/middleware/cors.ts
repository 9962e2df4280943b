import cors from '@koa/cors';
import type { Middleware } from 'koa';

/** Cross-origin calls only from the configured front-end origins. */
export function corsAllowList(allowedOrigins: readonly string[]): Middleware {
  const allowed = new Set(allowedOrigins);
  return cors({
    origin: (ctx) => {
      const origin = ctx.get('Origin');
      return allowed.has(origin) ? origin : '';
    },
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id'],
    exposeHeaders: ['ETag', 'X-Request-Id', 'Retry-After'],
    maxAge: 600,
    keepHeadersOnError: true,
    credentials: true,
  });
}
