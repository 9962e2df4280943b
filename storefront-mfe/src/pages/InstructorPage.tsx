import {
  EmptyState,
  ErrorState,
  errorText,
  Link,
  LoadingState,
  type PageDataLoader,
  usePageTitle,
  useParams,
} from '@courseport/shared-ui';
import { StorefrontPage } from '../features/common/components/StorefrontPage';
import { isNotFound } from '../features/course/api/course';
import { INSTRUCTOR_NOT_FOUND, instructorQuery } from '../features/instructor/api/instructor';
import { InstructorView } from '../features/instructor/components/InstructorView';
import { useInstructor } from '../features/instructor/hooks/useInstructor';
import '../styles/instructor.css';

/** Until the instructor (and their name, the page's h1) is there, the page is named by this heading. */
const PageHeading = () => (
  <h1 tabIndex={-1} className="cp-visually-hidden">
    Instructor
  </h1>
);

function InstructorContent({ id }: { id: string }) {
  const { state, retry } = useInstructor(id);
  const notFound = state.status === 'error' && isNotFound(state.error);
  usePageTitle(state.status === 'ready' ? state.data.name : notFound ? INSTRUCTOR_NOT_FOUND : 'Instructor');
  if (state.status === 'loading') {
    return (
      <>
        <PageHeading />
        <LoadingState />
      </>
    );
  }
  if (state.status === 'error') {
    return (
      <>
        <PageHeading />
        {notFound ? (
          <EmptyState
            title={INSTRUCTOR_NOT_FOUND}
            description="This instructor does not exist or no longer teaches here."
            action={
              <Link to="/course-list" className="sf-link-button sf-link-button-primary">
                Browse all courses
              </Link>
            }
          />
        ) : (
          <ErrorState
            title="Could not load this instructor"
            message={errorText(state.error, 'Failed to fetch the instructor')}
            onRetry={retry}
            retryLabel="Retry"
          />
        )}
      </>
    );
  }
  return <InstructorView instructor={state.data} />;
}

/** `/instructor/:id`: an educator's public page, with their courses. */
export default function InstructorPage() {
  const id = useParams().id ?? '';
  return (
    <StorefrontPage>
      <InstructorContent key={id} id={id} />
    </StorefrontPage>
  );
}

/** The server renders the page with the instructor in the cache. */
export const loadPageData: PageDataLoader = (client, { id = '' }) => client.prefetchQuery(instructorQuery(id));
