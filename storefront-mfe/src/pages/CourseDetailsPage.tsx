import { EmptyState, ErrorState, errorText, Link, LoadingState, useParams } from '@courseport/shared-ui';
import { StorefrontPage } from '../features/common/components/StorefrontPage';
import { useDocumentTitle } from '../features/common/hooks/useDocumentTitle';
import '../styles/course.css';
import { CourseView } from '../features/course/components/CourseView';
import { COURSE_NOT_FOUND, isNotFound, useCourse } from '../features/course/hooks/useCourse';

/** Until the course (and its title, the page's h1) is there, the page is still named by a heading. */
function PageHeading() {
  return <h1 className="sf-visually-hidden">Course details</h1>;
}

function CourseContent({ id }: { id: string }) {
  const { state, retry } = useCourse(id);
  const notFound = state.status === 'error' && isNotFound(state.error);
  useDocumentTitle(state.status === 'ready' ? state.data.courseTitle : notFound ? COURSE_NOT_FOUND : 'Course');
  if (state.status === 'loading') {
    return (
      <>
        <PageHeading />
        <LoadingState />
      </>
    );
  }
  if (state.status === 'error') {
    if (notFound) {
      return (
        <>
          <PageHeading />
          <EmptyState
            title={COURSE_NOT_FOUND}
            description="This course does not exist or is no longer available."
            action={
              <Link to="/course-list" className="sf-link-button sf-link-button-primary">
                Browse all courses
              </Link>
            }
          />
        </>
      );
    }
    return (
      <>
        <PageHeading />
        <ErrorState
          title="Could not load this course"
          message={errorText(state.error, 'Failed to fetch the course')}
          onRetry={retry}
          retryLabel="Retry"
        />
      </>
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
