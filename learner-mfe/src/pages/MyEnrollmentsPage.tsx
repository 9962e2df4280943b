import { EmptyState, Link, LoadingState, type PageDataLoader, QueryStates, queryState } from '@courseport/shared-ui';
import { useMemo } from 'react';
import { isStudentIn } from '../api/page-data';
import { courseProgressQuery } from '../api/progress';
import { LearnerPage } from '../components/LearnerPage';
import { PageHeading } from '../components/PageHeading';
import { SignInPrompt } from '../components/SignInPrompt';
import '../styles/enrollments.css';
import { usePageTitle } from '@courseport/shared-ui';
import { enrolledCoursesQuery } from '../features/enrollments/api/enrolledCourses';
import { EnrollmentsTable } from '../features/enrollments/components/EnrollmentsTable';
import { useEnrolledCourses } from '../features/enrollments/hooks/useEnrolledCourses';
import { useEnrollmentProgress } from '../features/enrollments/hooks/useEnrollmentProgress';
import { useLearnerAccess } from '../hooks/useLearnerAccess';

const NO_COURSES: never[] = [];

function NoEnrollments() {
  return (
    <EmptyState
      title="You have not enrolled in any course yet"
      description={<p className="ln-muted">Find a course you like and start learning today.</p>}
      action={
        <Link to="/course-list" className="ln-link-button ln-link-button-primary">
          Browse Courses
        </Link>
      }
    />
  );
}

function Enrollments() {
  const access = useLearnerAccess();
  const enrolled = useEnrolledCourses(access === 'student');
  // Signed-in users without the student role have no enrollments (nothing is fetched for them).
  const courses = access === 'not-student' ? NO_COURSES : (enrolled.data ?? null);
  // Newest enrollment first (the API answers oldest first).
  const newestFirst = useMemo(() => (courses ? [...courses].reverse() : null), [courses]);
  const progress = useEnrollmentProgress(newestFirst);

  if (access === 'signed-out') return <SignInPrompt message="Please sign in to see your enrollments" />;
  // A failed load is said as such (with a retry), never shown as "no enrollments".
  const state = newestFirst
    ? ({ status: 'ready', data: newestFirst } as const)
    : queryState<never>(
        { data: undefined, error: enrolled.error, isError: enrolled.isError, isFetching: enrolled.isFetching },
        { fallback: 'Failed to load your enrollments' },
      );
  return (
    <QueryStates
      state={state}
      errorTitle="Could not load your enrollments"
      onRetry={() => void enrolled.refetch()}
      empty={<NoEnrollments />}
    >
      {(list) => (progress ? <EnrollmentsTable courses={list} progress={progress} /> : <LoadingState />)}
    </QueryStates>
  );
}

/** `/my-enrollments`: the student's courses, newest first, with their progress. */
function MyEnrollments() {
  usePageTitle('My Enrollments');
  return (
    <LearnerPage className="ln-enrollments-page">
      <header className="ln-page-head ln-page-head-row">
        <div>
          <PageHeading>My Enrollments</PageHeading>
          <p className="ln-subtitle">Pick up where you left off.</p>
        </div>
        <nav className="ln-page-links" aria-label="Your lists">
          <Link to="/wishlist" className="ln-link-button ln-link-button-outline">
            Wishlist
          </Link>
          <Link to="/purchase-history" className="ln-link-button ln-link-button-outline">
            Purchase history
          </Link>
        </nav>
      </header>
      <section className="ln-card">
        <Enrollments />
      </section>
    </LearnerPage>
  );
}

/**
 * What the page shows first, for the signed-in user whose profile is in the cache: their courses
 * and each one's progress (the server's render, or the browser's start-up, #34).
 */
export const loadPageData: PageDataLoader = async (client) => {
  if (!isStudentIn(client)) return;
  const courses = await client.fetchQuery(enrolledCoursesQuery());
  await Promise.all(courses.map((course) => client.prefetchQuery(courseProgressQuery(course._id))));
};

/** No antd on this page (#34): the students' most opened page loads none of it. */
export default function MyEnrollmentsPage() {
  return <MyEnrollments />;
}
