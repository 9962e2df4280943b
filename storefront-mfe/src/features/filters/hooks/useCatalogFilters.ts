import { useLocation, useNavigate, useSearchParams } from '@courseport/shared-ui';
import { useMemo } from 'react';
import { type CatalogFilters, filterParams, NO_FILTERS, parseFilters, queryString } from '../params';

/**
 * The course list's filters and sort, read from the URL's query string; `setFilters` writes them
 * back as a new history entry (so Back restores the previous choice and a shared link the same
 * list), keeping the path (the search).
 */
export function useCatalogFilters(searching: boolean) {
  const [searchParams] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query string is what changes.
  const filters = useMemo(() => parseFilters(searchParams, searching), [key, searching]);
  const params = useMemo(() => filterParams(filters, searching), [filters, searching]);

  const setFilters = (next: CatalogFilters) => {
    const query = queryString(filterParams(next, searching));
    navigate({ pathname, search: query ? `?${query}` : '' });
  };
  const clearAll = () => setFilters({ ...NO_FILTERS, sort: filters.sort });
  return { filters, params, setFilters, clearAll };
}
