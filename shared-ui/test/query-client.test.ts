import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../src/api/client';
import { clearSessionQueries, createQueryClient, queryClient, shouldRetry } from '../src/query/client';
import { queryKeys } from '../src/query/keys';
import { sessionStore } from '../src/session/store';

const server = (message: string, status: number) => new ApiError(message, status, { success: false, message });
/** The platform's defaults, with retries at once instead of after 1 s, 2 s. */
const client = () => createQueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });

afterEach(() => queryClient.clear());

describe('the query client', () => {
  it('retries a network error twice (three attempts), then fails with it', async () => {
    const fetcher = vi.fn(async () => {
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
    });
    await expect(client().fetchQuery({ queryKey: ['x'], queryFn: fetcher })).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    expect(fetcher).toHaveBeenCalledTimes(3);
  });

  it('retries a 5xx and succeeds when the server recovers', async () => {
    let calls = 0;
    const data = await client().fetchQuery({
      queryKey: ['x'],
      queryFn: async () => {
        calls += 1;
        if (calls === 1) throw server('Database is down', 503);
        return 'ok';
      },
    });
    expect([data, calls]).toEqual(['ok', 2]);
  });

  it('never retries a 4xx', async () => {
    for (const status of [400, 401, 403, 404]) {
      const fetcher = vi.fn(async () => {
        throw server('No', status);
      });
      await expect(client().fetchQuery({ queryKey: ['x', status], queryFn: fetcher })).rejects.toThrow('No');
      expect(fetcher).toHaveBeenCalledTimes(1);
    }
  });

  it('decides retries from the failure count and the error', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(2, new TypeError('Failed to fetch'))).toBe(false);
    expect(shouldRetry(0, server('Gone', 404))).toBe(false);
  });

  it("forgets the user's data (not the public data) when the user changes", () => {
    queryClient.setQueryData(queryKeys.user.enrolledCourses(), ['c1']);
    queryClient.setQueryData(queryKeys.educator.dashboard(), { totalCourses: 1 });
    queryClient.setQueryData(queryKeys.course.details('c1'), { _id: 'c1' });
    sessionStore.setState({ identity: { id: 'u2', email: '', fullName: '', imageUrl: '' } });
    expect(queryClient.getQueryData(queryKeys.user.enrolledCourses())).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.educator.dashboard())).toBeUndefined();
    expect(queryClient.getQueryData(queryKeys.course.details('c1'))).toEqual({ _id: 'c1' });
    sessionStore.setState({ identity: null });
    clearSessionQueries();
  });

  it('has keys under common roots, so a root invalidates everything below it', () => {
    expect(queryKeys.user.progress('c1').slice(0, 2)).toEqual(queryKeys.user.progress());
    expect(queryKeys.catalog.pages('react')[0]).toBe(queryKeys.catalog.all[0]);
    expect(queryKeys.admin.purchases()[0]).toBe(queryKeys.admin.all[0]);
  });
});
