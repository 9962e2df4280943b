import { ApiError, NETWORK_ERROR_MESSAGE, statusText, TIMEOUT_ERROR_MESSAGE } from './api/client';

/** What a failure says when nothing more specific is known. */
export const GENERIC_ERROR_TEXT = 'Something went wrong. Please try again.';

/** A request the caller cancelled (an aborted fetch): nothing to tell the user. */
export const isAbortError = (error: unknown): boolean => (error as { name?: unknown } | null)?.name === 'AbortError';

/** A request that timed out (`AbortSignal.timeout`), raw or as the API client reports it. */
export const isTimeoutError = (error: unknown): boolean =>
  (error as { name?: unknown } | null)?.name === 'TimeoutError' ||
  (error instanceof ApiError && error.status === 0 && error.message === TIMEOUT_ERROR_MESSAGE);

/** How browsers and Node word a `fetch` that never reached the server (a bug's TypeError is not one). */
const FETCH_FAILURE = /failed to fetch|networkerror|load failed|fetch failed|network request failed/i;

/**
 * The server was not reached: the API client's status-0 ApiError, or a raw `fetch` failure (a
 * TypeError: 'Failed to fetch', 'NetworkError when attempting…', 'Load failed', 'fetch failed'),
 * or a timeout.
 */
export const isNetworkError = (error: unknown): boolean =>
  (error instanceof ApiError && error.status === 0) ||
  (error instanceof TypeError && FETCH_FAILURE.test(error.message)) ||
  isTimeoutError(error);

/** Worth asking again: not reached, a timeout, 408, 429 or a 5xx. Never another 4xx, an abort or a bug. */
export function isRetryableError(error: unknown): boolean {
  if (isAbortError(error)) return false;
  if (isNetworkError(error)) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 408 || error.status === 429);
}

/** The message the server sent in its `{ success: false, message }` answer, if any. */
function serverMessage(error: ApiError): string | null {
  if (error.body && typeof error.body === 'object') {
    const { message } = error.body as { message?: unknown };
    return typeof message === 'string' && message.trim() ? message : null;
  }
  return null;
}

export interface ErrorTextOptions {
  /**
   * What a failure to reach the server (or a timeout) says: `'explain'` (the default) names it —
   * 'Cannot reach the server. Check your connection and try again.' —, `'fallback'` gives the
   * fallback, as the educator and admin portals and the payment check do.
   */
  network?: 'explain' | 'fallback';
}

/**
 * The one way to turn anything thrown into text for the user:
 * - the server's own message (`{ success: false, message }`) when it sent one;
 * - an ApiError the app raised itself with a message (`new ApiError('Course not found', 404)`);
 * - not reached / timed out: `NETWORK_ERROR_MESSAGE` / `TIMEOUT_ERROR_MESSAGE`, or the fallback
 *   with `{ network: 'fallback' }`;
 * - anything else (a status without a message, an abort, a bug's TypeError or Error, a string):
 *   the fallback. A raw exception's message is never shown.
 */
export function errorText(
  error: unknown,
  fallback: string = GENERIC_ERROR_TEXT,
  options: ErrorTextOptions = {},
): string {
  if (isAbortError(error)) return fallback;
  if (isNetworkError(error)) {
    if (options.network === 'fallback') return fallback;
    return isTimeoutError(error) ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE;
  }
  if (!(error instanceof ApiError)) return fallback;
  const fromServer = serverMessage(error);
  if (fromServer) return fromServer;
  // No body: raised by the app itself, unless it is the client's "Request failed with status N".
  if (error.body === undefined && error.message && error.message !== statusText(error.status)) return error.message;
  return fallback;
}
