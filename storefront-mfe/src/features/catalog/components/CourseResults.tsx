import {
  Button,
  type CatalogFacets,
  type CatalogSort,
  EmptyState,
  ErrorState,
  errorText,
  Link,
  LoadingState,
  useMinWidth,
  useQuery,
} from '@courseport/shared-ui';
import { lazy, Suspense, useRef, useState } from 'react';
import { facetsQuery } from '../../../api/catalog';
import { CourseGrid } from '../../../components/CourseGrid';
import { type ActiveFilter, activeFilters, type CatalogFilters, hasFilters } from '../../../lib/catalog-params';
import { type CatalogState, useCatalog } from '../hooks/useCatalog';
import { useCatalogFilters } from '../hooks/useCatalogFilters';
import { ActiveFilterChips } from './ActiveFilterChips';
import { FilterGroups } from './FilterGroups';
import { SortSelect } from './SortSelect';

const FilterSheet = lazy(() => import('./FilterSheet'));

type Ready = Extract<CatalogState, { status: 'ready' }>;

const countText = (shown: number, total: number) => {
  if (shown < total) return `Showing ${shown} of ${total} courses`;
  return shown === 1 ? 'Showing 1 course' : `Showing ${shown} courses`;
};

/** 'Show more courses' under the grid; while loading it spins, after a failure it offers Retry. */
function ShowMore({ more, onClick }: { more: Ready['more']; onClick: () => void }) {
  const loading = more.status === 'loading';
  return (
    <div className="sf-show-more">
      {more.status === 'error' && (
        <p className="sf-show-more-error" role="alert">
          Could not load more courses. {errorText(more.error, 'Failed to fetch courses')}
        </p>
      )}
      <Button size="large" shape="round" loading={loading} disabled={loading} onClick={onClick}>
        {loading ? 'Loading...' : more.status === 'error' ? 'Retry' : 'Show more courses'}
      </Button>
    </div>
  );
}

/** No course matches the filters: which ones are on, each removable, and 'Clear all filters'. */
function NoMatches({
  active,
  onChange,
  onClearAll,
}: {
  active: ActiveFilter[];
  onChange: (next: CatalogFilters) => void;
  onClearAll: () => void;
}) {
  return (
    <EmptyState
      title="No courses match your filters"
      description={
        <>
          <span>Remove a filter to see more courses:</span>
          <ul className="sf-no-match-filters" aria-label="Active filters">
            {active.map((filter) => (
              <li key={filter.key}>
                <span>{filter.label}</span>{' '}
                <button
                  type="button"
                  className="sf-text-button"
                  aria-label={`Remove ${filter.label}`}
                  onClick={() => onChange(filter.without)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </>
      }
      action={
        <Button shape="round" onClick={onClearAll}>
          Clear all filters
        </Button>
      }
    />
  );
}

/** The list itself: loading, error, empty (no courses, no search match, no filter match) and the grid. */
function Results({
  query,
  catalog,
  active,
  onChange,
  onClearAll,
}: {
  query: string;
  catalog: ReturnType<typeof useCatalog>;
  active: ActiveFilter[];
  onChange: (next: CatalogFilters) => void;
  onClearAll: () => void;
}) {
  const { state, retry, loadMore } = catalog;
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') {
    return (
      <ErrorState
        title="Could not load courses"
        message={errorText(state.error, 'Failed to fetch courses')}
        onRetry={retry}
        retryLabel="Retry"
      />
    );
  }
  const { courses, total, more } = state;
  if (courses.length === 0) {
    if (active.length > 0) return <NoMatches active={active} onChange={onChange} onClearAll={onClearAll} />;
    return query ? (
      <EmptyState
        title="No courses found"
        description={<span>Try a different or shorter search term, or browse every course.</span>}
        action={
          <Link to="/course-list" className="sf-link-button sf-link-button-ghost">
            View all courses
          </Link>
        }
      />
    ) : (
      <EmptyState title="No courses found" description="New courses are on their way. Check back soon!" />
    );
  }
  return (
    <>
      <p className="sf-results-count" aria-live="polite">
        {countText(courses.length, total)}
      </p>
      <CourseGrid courses={courses} label="Courses" aboveTheFold />
      {courses.length < total && <ShowMore more={more} onClick={loadMore} />}
    </>
  );
}

/**
 * The courses whose title contains `query` (every course for an empty query), filtered and sorted
 * as the URL's query string says, searched by the API a page at a time: filters in a sidebar on
 * desktop and in a sheet on phones, the sort, the chosen filters as chips, loading, error and empty
 * states and 'Show more courses'.
 */
export function CourseResults({ query }: { query: string }) {
  const searching = query !== '';
  const { filters, params, setFilters, clearAll } = useCatalogFilters(searching);
  const catalog = useCatalog(query, params);
  const listed = Object.keys(params).length > 0;
  // The unfiltered list's first page is the shell's prefetch (no counts): its counts come apart.
  const unfilteredFacets = useQuery({ ...facetsQuery(query), enabled: !listed });
  const state = catalog.state;
  const current: CatalogFacets | null =
    (state.status === 'ready' ? state.facets : null) ?? (listed ? null : (unfilteredFacets.data ?? null));
  // While a new choice loads, the counts of the previous one stay.
  const lastFacets = useRef<CatalogFacets | null>(null);
  if (current) lastFacets.current = current;
  const facets = current ?? lastFacets.current;

  const categoryName = (slug: string) => facets?.category.find((c) => c.slug === slug)?.name ?? slug;
  const active = activeFilters(filters, categoryName);
  const desktop = useMinWidth('lg');
  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetLoaded, setSheetLoaded] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);

  const groups = { filters, facets, categories: [], onChange: setFilters };
  const setSort = (sort: CatalogSort) => setFilters({ ...filters, sort });
  const resultText =
    state.status === 'ready' ? `Show ${state.total} ${state.total === 1 ? 'course' : 'courses'}` : 'Show results';

  return (
    <div className={desktop ? 'sf-catalog sf-catalog-with-sidebar' : 'sf-catalog'}>
      {desktop && (
        <aside className="sf-filter-sidebar" aria-labelledby="sf-filters-title">
          <h2 id="sf-filters-title" className="sf-filter-title">
            Filters
          </h2>
          <FilterGroups {...groups} />
        </aside>
      )}
      <div className="sf-catalog-main">
        <div className="sf-catalog-toolbar">
          {!desktop && (
            <button
              ref={filtersButton}
              type="button"
              className="cp-btn cp-btn-default sf-filters-button"
              aria-haspopup="dialog"
              aria-expanded={sheetOpen}
              onClick={() => {
                setSheetLoaded(true);
                setSheetOpen(true);
              }}
            >
              {hasFilters(filters) ? `Filters (${active.length})` : 'Filters'}
            </button>
          )}
          <SortSelect sort={filters.sort} searching={searching} onChange={setSort} />
        </div>
        <ActiveFilterChips active={active} onChange={setFilters} onClearAll={clearAll} />
        <Results query={query} catalog={catalog} active={active} onChange={setFilters} onClearAll={clearAll} />
      </div>
      {!desktop && sheetLoaded && (
        <Suspense fallback={null}>
          <FilterSheet
            {...groups}
            open={sheetOpen}
            onClose={() => setSheetOpen(false)}
            afterClose={() => filtersButton.current?.focus()}
            resultText={resultText}
          />
        </Suspense>
      )}
    </div>
  );
}
