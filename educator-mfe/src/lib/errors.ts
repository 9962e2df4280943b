import { ApiError } from '@courseport/shared-ui';

/**
 * The text to show for a failed load: the server's message when it sent one, otherwise the
 * fallback (network errors, responses without a message, unexpected exceptions).
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  const body = error.body;
  if (body && typeof body === 'object') {
    const { message } = body as { message?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
