import { type CatalogFacets, useInfiniteQuery } from '@courseport/shared-ui';
import { useMemo } from 'react';
import { catalogQuery, mergeCatalogPages } from '../../../api/catalog';

export type MoreState = { status: 'idle' } | { status: 'loading' } | { status: 'error'; error: unknown };

export type CatalogState =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; courses: CourseList; total: number; more: MoreState; facets: CatalogFacets | null };

type CourseList = ReturnType<typeof mergeCatalogPages>['courses'];

/**
 * The published courses matching `search` (every course for an empty one) and `filters`
 * (`filterParams`), newest first unless sorted, a page at a time (`useInfiniteQuery` on
 * `queryKeys.catalog.pages(search, filters)`; the first page's `facets` when asked for): the first page when mounted
 * and whenever the search changes, the next with `loadMore`; `retry` loads the first page again.
 * Each search has its own key, so an answer for an earlier search never shows under a newer one.
 */
export function useCatalog(search: string, filters: Readonly<Record<string, string>> = {}) {
  const query = useInfiniteQuery(catalogQuery(search, filters));
  const { data, error, refetch, fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;

  const merged = useMemo(() => (data ? mergeCatalogPages(data.pages) : null), [data]);

  let state: CatalogState;
  if (merged) {
    const more: MoreState = isFetchingNextPage
      ? { status: 'loading' }
      : isFetchNextPageError
        ? { status: 'error', error }
        : { status: 'idle' };
    const facets = data?.pages[0]?.facets ?? null;
    state = { status: 'ready', courses: merged.courses, total: merged.total, more, facets };
  } else if (query.status === 'error') {
    state = { status: 'error', error };
  } else {
    state = { status: 'loading' };
  }

  const loadMore = () => {
    if (state.status !== 'ready' || isFetchingNextPage || !hasNextPage) return;
    void fetchNextPage({ cancelRefetch: false });
  };
  const retry = () => void refetch();
  return { state, retry, loadMore };
}
