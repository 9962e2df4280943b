import { apiRequest } from '@courseport/shared-ui';
import { vi } from 'vitest';
import {
  apiGet,
  apiPost,
  ENROLLED_PATH,
  enrolledAnswer,
  makeEnrolledCourse,
  PROGRESS_PATH,
  progressAnswer,
} from './helpers';

/** One call the page made: its method, path (without the query), query and body. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => unknown;

export const apiSend = vi.mocked(apiRequest);

/**
 * A small stand-in API for the player's lesson tabs (#35): `routes` answers `'<METHOD> <path>'`
 * (the path without its query); the player's own calls (the enrolled course c1, its progress, the
 * student's review) are answered too. Every call is kept in `calls`.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const course = makeEnrolledCourse({ _id: 'c1', courseTitle: 'Complete React Bootcamp' });
  const all: Record<string, Handler> = {
    [`GET ${ENROLLED_PATH}`]: () => enrolledAnswer([course]),
    [`POST ${PROGRESS_PATH}`]: () => progressAnswer('c1', null),
    'GET /api/user/reviews/c1': () => ({ success: true, review: null }),
    'POST /api/user/save-position': () => ({ success: true }),
    ...routes,
  };
  const dispatch = async (method: string, url: string, body: unknown) => {
    const [path = '', search = ''] = url.split('?');
    const call = { method, path, query: new URLSearchParams(search), body };
    calls.push(call);
    const handler = all[`${method} ${path}`];
    if (!handler) throw new Error(`Unexpected ${method} ${url}`);
    return handler(call);
  };
  apiGet.mockImplementation((url: string) => dispatch('GET', url, undefined));
  apiPost.mockImplementation((url: string, body: unknown) => dispatch('POST', url, body));
  apiSend.mockImplementation(((url: string, options: { method?: string; body?: unknown } = {}) =>
    dispatch(options.method ?? 'GET', url, options.body)) as never);
  return { calls, of: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}
