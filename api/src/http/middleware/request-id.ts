import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';

const SAFE_ID = /^[A-Za-z0-9._-]{8,128}$/;

/** Gives every request an id (a well-formed incoming X-Request-Id is kept) and echoes it. */
export function requestId(): Middleware {
  return (ctx, next) => {
    const incoming = ctx.request.headers['x-request-id'];
    const id = typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = id;
    ctx.res.setHeader('X-Request-Id', id);
    return next();
  };
}
