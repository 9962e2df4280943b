import { ApiError } from '@courseport/shared-ui';

/**
 * The text to show for a failed call: the server's message when it sent one, otherwise the
 * fallback (network errors, responses without a message, unexpected exceptions).
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  if (error.body && typeof error.body === 'object') {
    const { message } = error.body as { message?: unknown };
    return typeof message === 'string' && message.trim() ? message : fallback;
  }
  return error.message || fallback;
}
