import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE, statusText, TIMEOUT_ERROR_MESSAGE } from '../src/api/client';
import { errorText, GENERIC_ERROR_TEXT, isNetworkError, isRetryableError } from '../src/errors';

const server = (message: string, status = 400) => new ApiError(message, status, { success: false, message });
const timeout = () => new DOMException('The operation timed out.', 'TimeoutError');
const abort = () => new DOMException('The operation was aborted.', 'AbortError');

describe('errorText', () => {
  it("gives the server's own message, for any status", () => {
    expect(errorText(server('Course not found', 404), 'Failed')).toBe('Course not found');
    expect(errorText(server('Database is down', 503), 'Failed')).toBe('Database is down');
  });

  it('gives the message of an ApiError the app raised itself', () => {
    expect(errorText(new ApiError('Course not found', 404), 'Failed')).toBe('Course not found');
  });

  it('gives the fallback for an answer without a message', () => {
    expect(errorText(new ApiError(statusText(502), 502), 'Failed')).toBe('Failed');
    expect(errorText(new ApiError(statusText(500), 500, { success: false }), 'Failed')).toBe('Failed');
    expect(errorText(new ApiError('x', 500, { success: false, message: '  ' }), 'Failed')).toBe('Failed');
  });

  it("says the server cannot be reached, or gives the fallback with { network: 'fallback' }", () => {
    for (const error of [new ApiError(NETWORK_ERROR_MESSAGE, 0), new TypeError('Failed to fetch')]) {
      expect(errorText(error, 'Failed')).toBe(NETWORK_ERROR_MESSAGE);
      expect(errorText(error, 'Failed', { network: 'fallback' })).toBe('Failed');
    }
  });

  it('says a request timed out', () => {
    expect(errorText(timeout(), 'Failed')).toBe(TIMEOUT_ERROR_MESSAGE);
    expect(errorText(new ApiError(TIMEOUT_ERROR_MESSAGE, 0), 'Failed')).toBe(TIMEOUT_ERROR_MESSAGE);
    expect(errorText(timeout(), 'Failed', { network: 'fallback' })).toBe('Failed');
  });

  it("never shows a bug's message, an abort or a thrown non-error", () => {
    expect(errorText(new TypeError("Cannot read properties of undefined (reading 'x')"), 'Failed')).toBe('Failed');
    expect(errorText(new Error('internal detail'), 'Failed')).toBe('Failed');
    expect(errorText(abort(), 'Failed')).toBe('Failed');
    expect(errorText('oops', 'Failed')).toBe('Failed');
    expect(errorText(null)).toBe(GENERIC_ERROR_TEXT);
  });
});

describe('isRetryableError / isNetworkError', () => {
  it('retries what may work next time: not reached, timeouts, 408, 429 and 5xx', () => {
    for (const error of [
      new ApiError(NETWORK_ERROR_MESSAGE, 0),
      new TypeError('NetworkError when attempting to fetch resource.'),
      timeout(),
      server('Busy', 503),
      server('Oops', 500),
      server('Slow down', 429),
      server('Timeout', 408),
    ]) {
      expect(isRetryableError(error), String(error)).toBe(true);
    }
  });

  it('never retries a 4xx, an abort or a bug', () => {
    for (const error of [
      server('Bad', 400),
      server('Sign in', 401),
      server('No', 403),
      server('Gone', 404),
      abort(),
      new TypeError('x is not a function'),
      new Error('bug'),
    ]) {
      expect(isRetryableError(error), String(error)).toBe(false);
    }
    expect(isNetworkError(new TypeError('x is not a function'))).toBe(false);
  });
});
