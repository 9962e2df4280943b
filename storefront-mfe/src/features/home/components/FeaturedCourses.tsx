import { EmptyState, Link, QueryStates, useQuery, useQueryState } from '@courseport/shared-ui';
import { FEATURED_COUNT, featuredQuery } from '../../../api/catalog';
import { CourseGrid } from '../../../components/CourseGrid';

export { FEATURED_COUNT };

/** The best courses: the best rated, then the most enrolled (the same request the shell prefetches). */
function Courses() {
  const { state, retry } = useQueryState(useQuery(featuredQuery()), { fallback: 'Failed to fetch courses' });
  return (
    <QueryStates
      state={state}
      errorTitle="Could not load courses"
      retryLabel="Retry"
      onRetry={retry}
      empty={
        <EmptyState title="No courses available yet" description="New courses are on their way. Check back soon!" />
      }
    >
      {(courses) => <CourseGrid courses={courses.slice(0, FEATURED_COUNT)} label="Featured courses" />}
    </QueryStates>
  );
}

/** 'Learn from the best': the best-rated courses and a link to all of them. */
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
