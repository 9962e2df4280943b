import { getRuntimeConfig } from '../runtime-config';
import { sessionStore } from '../session/store';
import { ApiError, NETWORK_ERROR_MESSAGE, statusText } from './api-error';

/** The file name a `Content-Disposition: attachment; filename="…"` header gives, if any. */
export function attachmentName(header: string | null): string | null {
  const name = header?.match(/filename="([^"]+)"/)?.[1];
  return name ?? null;
}

/** Hands the bytes to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Downloads a file the API serves to the signed-in user (a certificate's PDF): with the session's
 * bearer token, which a plain link cannot send. A refusal throws an ApiError with the server's message.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const headers: Record<string, string> = {};
  const token = await sessionStore.getState().getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(getRuntimeConfig().apiBaseUrl + path, { headers, credentials: 'omit' });
  } catch {
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }
  if (!res.ok) {
    const payload = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
    throw new ApiError(payload?.message || statusText(res.status), res.status, payload);
  }
  saveBlob(await res.blob(), attachmentName(res.headers.get('content-disposition')) ?? fallbackName);
}
