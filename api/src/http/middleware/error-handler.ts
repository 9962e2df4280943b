import type { Middleware } from 'koa';
import { ConflictError, StoreUnavailableError } from '../../store/index.js';
import { HttpError } from '../errors.js';
import { requestLog } from './access-log.js';

/** Messages for errors raised by body parsing and routing, which carry a status but no envelope. */
const CLIENT_MESSAGES: Record<number, string> = {
  400: 'Malformed request body',
  404: 'Not found',
  405: 'Method not allowed',
  413: 'Request body is too large',
  415: 'Unsupported media type',
};

function toEnvelope(error: unknown): { status: number; message: string; headers?: Record<string, string> } {
  if (error instanceof HttpError) return { status: error.status, message: error.message, headers: error.headers };
  if (error instanceof ConflictError) return { status: 409, message: 'This record already exists' };
  if (error instanceof StoreUnavailableError) {
    return {
      status: 503,
      message: 'Service temporarily unavailable: the database is not reachable. Please try again shortly.',
    };
  }
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: CLIENT_MESSAGES[status] ?? 'Bad request' };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}

/**
 * The single place where failures become responses: `{ success: false, message }` with the right
 * HTTP status. Stack traces and internal messages are logged, never sent.
 */
export function errorHandler(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body == null) {
        ctx.status = 404;
        ctx.body = { success: false, message: 'Not found' };
      }
    } catch (error) {
      const { status, message, headers } = toEnvelope(error);
      const log = requestLog(ctx) ?? console;
      if (status >= 500) log.error({ err: error }, 'request failed');
      else log.debug?.({ err: error }, 'request rejected');
      ctx.set(headers ?? {});
      ctx.status = status;
      ctx.body = { success: false, message };
    }
  };
}
