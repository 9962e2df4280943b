import { EmptyState, ErrorState, errorText, Link, LoadingState, useParams } from '@courseport/shared-ui';
import { StorefrontPage } from '../features/common/components/StorefrontPage';
import '../styles/course.css';
import { CourseView } from '../features/course/components/CourseView';
import { COURSE_NOT_FOUND, isNotFound, useCourse } from '../features/course/hooks/useCourse';

function CourseContent({ id }: { id: string }) {
  const { state, retry } = useCourse(id);
  if (state.status === 'loading') return <LoadingState />;
  if (state.status === 'error') {
    if (isNotFound(state.error)) {
      return (
        <EmptyState
          title={COURSE_NOT_FOUND}
          description="This course does not exist or is no longer available."
          action={
            <Link to="/course-list" className="sf-link-button sf-link-button-primary">
              Browse all courses
            </Link>
          }
        />
      );
    }
    return (
      <ErrorState
        title="Could not load this course"
        message={errorText(state.error, 'Failed to fetch the course')}
        onRetry={retry}
        retryLabel="Retry"
      />
    );
  }
  return <CourseView course={state.data} />;
}

/** `/course/:id`: everything about one course, and the way to enroll in it. */
export default function CourseDetailsPage() {
  const id = useParams().id ?? '';
  return (
    <StorefrontPage className="sf-course-page">
      <CourseContent key={id} id={id} />
    </StorefrontPage>
  );
}
