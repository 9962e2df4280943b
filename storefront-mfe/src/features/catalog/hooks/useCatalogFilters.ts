import { useLocation, useNavigate, useSearchParams } from '@courseport/shared-ui';
import { startTransition, useMemo, useOptimistic } from 'react';
import { type CatalogFilters, filterParams, NO_FILTERS, parseFilters, queryString } from '../../../lib/catalog-params';

/**
 * The course list's filters and sort, read from the URL's query string; `setFilters` writes them
 * back as a new history entry (so Back restores the previous choice and a shared link the same
 * list), keeping the path (the search).
 *
 * The router renders a new location as a transition, which a slow device or list may take a while
 * to finish; until then `filters` is already the visitor's choice (a checkbox shows checked at
 * once), while `params`, what the list is asked for, follow the URL.
 */
export function useCatalogFilters(searching: boolean) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is what changes.
  const current = useMemo(() => parseFilters(searchParams, searching), [key, searching]);
  const params = useMemo(() => filterParams(current, searching), [current, searching]);
  const [filters, showFilters] = useOptimistic(current);

  const setFilters = (next: CatalogFilters) => {
    const query = queryString(filterParams(next, searching));
    startTransition(() => {
      showFilters(next);
      navigate({ pathname, search: query ? `?${query}` : '' });
    });
  };
  const clearAll = () => setFilters({ ...NO_FILTERS, sort: filters.sort });
  return { filters, params, setFilters, clearAll };
}
