import type { Context, Middleware } from 'koa';
import type { Logger } from 'pino';

/**
 * The request's child logger (with its `reqId`), made on first use: most requests never need one,
 * and making it costs more than the whole access line.
 */
export function requestLog(ctx: Context): Logger | undefined {
  const state = ctx.state as { log?: Logger; logger?: Logger; requestId?: string };
  state.log ??= state.logger?.child({ reqId: state.requestId });
  return state.log;
}

/**
 * One structured log line per request; handlers get a child logger from `requestLog(ctx)`. The
 * request line is the same JSON a child would write (`reqId` right after the base fields).
 */
export function accessLog(logger: Logger): Middleware {
  // The access line carries no secrets (no headers, no body, no query string): it skips the
  // redaction pass that every other line gets.
  const lines = logger.child({}, { redact: [] });
  return async (ctx, next) => {
    const started = performance.now();
    ctx.state.logger = logger;
    try {
      await next();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      if (ctx.state.log) ctx.state.log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      else
        lines.info(
          { reqId: ctx.state.requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms },
          'request',
        );
    }
  };
}
