import { ApiError, getRuntimeConfig, NETWORK_ERROR_MESSAGE, sessionStore, statusText } from '@courseport/shared-ui';

export interface UploadOptions {
  /** Told as the bytes go out: 0–100. */
  onProgress?: (percent: number) => void;
  /** Aborting cancels the upload (the promise rejects with an `AbortError`). */
  signal?: AbortSignal;
}

/**
 * Sends a multipart body with upload progress, which `fetch` cannot report: an XMLHttpRequest
 * with the API client's base URL, bearer token and `{ success, message }` envelope (the server's
 * message on a refusal, as an ApiError with its status: 413 too large, 415 a refused type...).
 */
export async function uploadWithProgress<T extends object>(
  path: string,
  body: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<T & { success?: boolean; message?: string }> {
  const token = await sessionStore.getState().getToken();
  if (signal?.aborted) throw new DOMException('The upload was cancelled', 'AbortError');
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', getRuntimeConfig().apiBaseUrl + path);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.floor((100 * event.loaded) / event.total));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      let payload: (T & { success?: boolean; message?: string }) | undefined;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300 || !payload || payload.success === false) {
        reject(new ApiError(payload?.message || statusText(xhr.status), xhr.status, payload));
        return;
      }
      onProgress?.(100);
      resolve(payload);
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send(body);
  });
}
