import type { Duplex } from 'node:stream';
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
  501: 'This method is not supported',
};

/** The client's doing, answered with its own status: every 4xx, and 501 for a method no route knows. */
const isClientStatus = (status: number) => (status >= 400 && status < 500) || status === 501;

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
  if (typeof status === 'number' && isClientStatus(status)) {
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
      // No route answered (404), or the router set a status without a body: 405 with its Allow
      // header for a method the path does not take, 501 for a method no route takes.
      if (ctx.body == null && isClientStatus(ctx.status)) {
        const { status } = ctx;
        ctx.status = status;
        ctx.body = { success: false, message: CLIENT_MESSAGES[status] ?? 'Bad request' };
      }
    } catch (error) {
      const { status, message, headers } = toEnvelope(error);
      const log = requestLog(ctx) ?? console;
      if (!isClientStatus(status)) log.error({ err: error }, 'request failed');
      else log.debug?.({ err: error }, 'request rejected');
      ctx.set(headers ?? {});
      ctx.status = status;
      ctx.body = { success: false, message };
    }
  };
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
  501: 'Not Implemented',
};

/**
 * For the server's `clientError` event: a request that Node's HTTP parser refuses before any
 * middleware runs (a method it does not know, such as FOO; broken framing; headers over the limit;
 * a request that took too long) is answered with the same `{ success: false, message }` envelope
 * instead of Node's bare status line, and the connection is closed. Nothing is logged: these are
 * the client's mistakes, and the parser's message could be long.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'HPE_INVALID_METHOD'
      ? [501, CLIENT_MESSAGES[501] as string]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request headers are too large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'The request took too long']
          : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ success: false, message });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
  );
}
