import { Button, EmptyState, ErrorState, errorText, Link, LoadingState } from '@courseport/shared-ui';
import { type CatalogState, useCatalog } from '../hooks/useCatalog';
import { CourseGrid } from './CourseGrid';

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

/**
 * The courses whose title contains `query` (every course for an empty query), searched by the
 * API a page at a time, with loading, error and empty states and 'Show more courses'.
 */
export function CourseResults({ query }: { query: string }) {
  const { state, retry, loadMore } = useCatalog(query);
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
