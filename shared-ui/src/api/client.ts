import type { ApiEnvelope } from '../contracts/index';
import { getRuntimeConfig } from '../runtime-config';
import { sessionStore } from '../session/store';
import { ApiError, NETWORK_ERROR_MESSAGE, statusText, TIMEOUT_ERROR_MESSAGE } from './api-error';
import { downloadFile } from './download';
import { takePrefetched } from './prefetch';

// The errors live apart so that the download helper can throw them without importing the client.
export { ApiError, NETWORK_ERROR_MESSAGE, statusText, TIMEOUT_ERROR_MESSAGE } from './api-error';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send cookies (only the local sign-in session uses one). */
  credentials?: RequestCredentials;
  /** Skip the bearer token (calls that obtain one). */
  anonymous?: boolean;
  /** Let the request outlive the page (a save sent while the page is being left). */
  keepalive?: boolean;
}

/**
 * Calls the API: base URL from the runtime config, the bearer token from the session store,
 * and the `{ success, message }` envelope unwrapped. Resolves with the body when the call
 * succeeded; throws an ApiError with the server's message otherwise.
 */
export async function apiRequest<T extends object = object>(
  path: string,
  options: RequestOptions = {},
): Promise<ApiEnvelope<T> & T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = options.anonymous ? null : await sessionStore.getState().getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const method = options.method ?? (body ? 'POST' : 'GET');
  const prefetched = method === 'GET' && !token && !options.signal ? takePrefetched(path) : undefined;
  let res: Response;
  try {
    res = await (prefetched ??
      fetch(getRuntimeConfig().apiBaseUrl + path, {
        method,
        headers,
        body,
        signal: options.signal,
        credentials: options.credentials ?? 'omit',
        ...(options.keepalive ? { keepalive: true } : {}),
      }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    // Not reached: status 0 (a signal's timeout says so in its message).
    throw new ApiError((error as Error).name === 'TimeoutError' ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE, 0);
  }

  let payload: (ApiEnvelope<T> & T) | undefined;
  try {
    payload = (await res.json()) as ApiEnvelope<T> & T;
  } catch {
    payload = undefined;
  }
  if (!res.ok || !payload || payload.success === false) {
    const message = payload?.message || statusText(res.status);
    throw new ApiError(message, res.status, payload);
  }
  return payload;
}

export const api = {
  get: <T extends object>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T extends object>(path: string, body: unknown = {}, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  /** A file for the signed-in user, saved by the browser (see `downloadFile`). */
  download: (path: string, fallbackName: string) => downloadFile(path, fallbackName),
};
