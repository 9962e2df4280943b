import { api, type CourseCard, type CourseCatalogPage, searchText } from '@courseport/shared-ui';
import { useCallback, useEffect, useRef, useState } from 'react';

const CATALOG_PATH = '/api/course/all';

/**
 * The path of one catalog page: `/api/course/all` for the first page of every course, and
 * `?search=<encodeURIComponent(search)>` for a search. The shell prefetches the first page with
 * the same string (`shell/src/routes.tsx`), so keep the two identical.
 */
export function catalogPath(search: string, offset = 0): string {
  const params: string[] = [];
  // The API searches on at most SEARCH_MAX_LENGTH characters (the shell's prefetch cuts the same way).
  const text = searchText(search);
  if (text) params.push(`search=${encodeURIComponent(text)}`);
  if (offset > 0) params.push(`offset=${offset}`);
  return params.length ? `${CATALOG_PATH}?${params.join('&')}` : CATALOG_PATH;
}

async function fetchPage(search: string, offset: number): Promise<CourseCatalogPage> {
  const res = await api.get<Partial<CourseCatalogPage>>(catalogPath(search, offset));
  const courses = res.courses ?? [];
  // An API from before paging sends every course and no total.
  return { courses, total: res.total ?? offset + courses.length };
}

export type MoreState = { status: 'idle' } | { status: 'loading' } | { status: 'error'; error: unknown };

export type CatalogState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; courses: CourseCard[]; total: number; more: MoreState };

type Ready = Extract<CatalogState, { status: 'ready' }>;

const LOADING = { status: 'loading' } as const;
const IDLE = { status: 'idle' } as const;

/**
 * The published courses matching `search` (every course for an empty one), newest first, a page
 * at a time: the first page when mounted and whenever the search changes, the next with
 * `loadMore`. `retry` loads the first page again. Only the newest request's answer is used, so a
 * slow response for an earlier search (or a superseded page) never replaces a newer one.
 */
export function useCatalog(search: string) {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ search: string; attempt: number; state: CatalogState } | null>(null);
  // The id of the newest request; an answer to any other is dropped. (Requests are not aborted:
  // a request with an AbortSignal could not take the shell's prefetched first page.)
  const latest = useRef(0);

  useEffect(() => {
    const id = ++latest.current;
    const settle = (state: CatalogState) => {
      if (latest.current === id) setResult({ search, attempt, state });
    };
    fetchPage(search, 0).then(
      (page) => settle({ status: 'ready', ...page, more: IDLE }),
      (error: unknown) => settle({ status: 'error', error }),
    );
    return () => {
      // Unmounted or superseded: whatever is still on its way (this page or a next one) is not wanted.
      latest.current++;
    };
  }, [search, attempt]);

  const state: CatalogState = result && result.search === search && result.attempt === attempt ? result.state : LOADING;

  const loadMore = useCallback(() => {
    if (state.status !== 'ready' || state.more.status === 'loading' || state.courses.length >= state.total) return;
    const id = ++latest.current;
    const loaded: Ready = state;
    const settle = (next: Ready) => {
      if (latest.current === id) setResult({ search, attempt, state: next });
    };
    settle({ ...loaded, more: { status: 'loading' } });
    fetchPage(search, loaded.courses.length).then(
      (page) => {
        // A course added meanwhile shifts the pages by one: skip cards already shown.
        const shown = new Set(loaded.courses.map((course) => course._id));
        const courses = [...loaded.courses, ...page.courses.filter((course) => !shown.has(course._id))];
        // An empty page means there is nothing more, whatever the total said.
        const total = page.courses.length === 0 ? courses.length : page.total;
        settle({ status: 'ready', courses, total, more: IDLE });
      },
      (error: unknown) => settle({ ...loaded, more: { status: 'error', error } }),
    );
  }, [state, search, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry, loadMore };
}
