import { EmptyState, ErrorState, Link, LoadingState } from '@courseport/shared-ui';
import { CourseGrid } from '../components/CourseGrid';
import { useCourses } from '../hooks/useCourses';
import { errorMessage } from '../hooks/useLoadable';
import { filterCourses } from './filterCourses';

/** The courses matching `query` (all of them for an empty query), with loading, error and empty states. */
export function CourseResults({ query }: { query: string }) {
  const { state, retry } = useCourses();
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') {
    return (
      <ErrorState
        title="Could not load courses"
        message={errorMessage(state.error, 'Failed to fetch courses')}
        onRetry={retry}
        retryLabel="Retry"
      />
    );
  }
  const courses = filterCourses(state.data, query);
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
        {courses.length === 1 ? 'Showing 1 course' : `Showing ${courses.length} courses`}
      </p>
      <CourseGrid courses={courses} label="Courses" />
    </>
  );
}
