/** A failed call, carrying the message the UI should show (the server's, when it sent one). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check your connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'The server took too long to answer. Please try again.';

/** The message of a failed answer that carried none of its own. */
export const statusText = (status: number) => `Request failed with status ${status}`;
