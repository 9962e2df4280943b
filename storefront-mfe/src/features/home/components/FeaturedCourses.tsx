import { EmptyState, ErrorState, errorText, Link, LoadingState } from '@courseport/shared-ui';
import { CourseGrid } from '../../catalog/components/CourseGrid';
import { useCatalog } from '../../catalog/hooks/useCatalog';

export const FEATURED_COUNT = 8;

/** The newest courses: the start of the catalog's first page (the same request the shell prefetches). */
function Courses() {
  const { state, retry } = useCatalog('');
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
  if (state.courses.length === 0) {
    return <EmptyState title="No courses available yet" description="New courses are on their way. Check back soon!" />;
  }
  return <CourseGrid courses={state.courses.slice(0, FEATURED_COUNT)} label="Featured courses" />;
}

/** 'Learn from the best': the newest courses and a link to all of them. */
export function FeaturedCourses() {
  return (
    <section className="sf-section" aria-labelledby="sf-featured-title">
      <div className="sf-container">
        <div className="sf-section-head">
          <h2 id="sf-featured-title" className="sf-section-title">
            Learn from the best
          </h2>
          <p className="sf-section-text">
            Discover courses across coding, design, business and more, taught by educators who bring real-world
            experience to every lesson.
          </p>
        </div>
        <Courses />
        <div className="sf-featured-more">
          <Link to="/course-list" className="sf-link-button sf-link-button-ghost">
            Show all courses
          </Link>
        </div>
      </div>
    </section>
  );
}
