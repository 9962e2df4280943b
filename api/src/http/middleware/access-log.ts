import type { Middleware } from 'koa';
import type { Logger } from 'pino';

/** One structured log line per request, with a child logger on ctx.state.log for handlers. */
export function accessLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    ctx.state.log = logger.child({ reqId: ctx.state.requestId });
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      ctx.state.log.info(
        { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms * 10) / 10 },
        'request',
      );
    }
  };
}
