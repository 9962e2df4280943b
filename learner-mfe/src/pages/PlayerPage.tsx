import { EmptyState, Link, QueryStates, queryState, usePageTitle, useParams } from '@courseport/shared-ui';
import { Themed } from '@courseport/shared-ui/heavy';
import type { ReactNode } from 'react';
import { LearnerPage } from '../components/LearnerPage';
import { PageHeading } from '../components/PageHeading';
import { SignInPrompt } from '../components/SignInPrompt';
import { useEnrolledCourses } from '../features/enrollments/hooks/useEnrolledCourses';
import { useLearnerAccess } from '../hooks/useLearnerAccess';
import '../styles/player.css';
import { PlayerView } from '../features/player/components/PlayerView';
import { useCourseProgress } from '../features/player/hooks/useCourseProgress';

function NotEnrolled({ courseId }: { courseId: string }) {
  return (
    <EmptyState
      title="You are not enrolled in this course"
      description={<p className="ln-muted">Enroll in the course to watch its lectures.</p>}
      action={
        <Link to={`/course/${encodeURIComponent(courseId)}`} className="ln-link-button ln-link-button-primary">
          View Course
        </Link>
      }
    />
  );
}

const NO_COURSES: never[] = [];

function Player({ courseId }: { courseId: string }) {
  const access = useLearnerAccess();
  const isStudent = access === 'student';
  // The course list and its progress are requested together.
  const enrolled = useEnrolledCourses(isStudent);
  const progress = useCourseProgress(courseId, isStudent);
  // Signed-in users without the student role have no enrollments (nothing is fetched for them).
  const courses = access === 'not-student' ? NO_COURSES : enrolled.data;
  const course = access === 'signed-out' ? undefined : courses?.find((c) => c._id === courseId);
  // The course's title names the page once it is known.
  usePageTitle(course ? course.courseTitle : 'Course player');

  if (course && progress.loaded) {
    return <PlayerView course={course} completed={progress.completed} position={progress.position} />;
  }

  let state: ReactNode;
  if (access === 'signed-out') state = <SignInPrompt message="Please sign in to watch this course" />;
  else {
    // A failed load is said as such (with a retry), never as "not enrolled"; the course shown
    // waits for its progress (loading).
    const list = queryState(
      { data: courses, error: enrolled.error, isError: enrolled.isError, isFetching: enrolled.isFetching },
      { fallback: 'Failed to load your courses' },
    );
    state = (
      <QueryStates
        state={list.status === 'ready' && course ? { status: 'loading' } : list}
        errorTitle="Could not load this course"
        onRetry={() => void enrolled.refetch()}
      >
        {() => <NotEnrolled courseId={courseId} />}
      </QueryStates>
    );
  }
  return (
    <>
      <PageHeading hidden>Course player</PageHeading>
      {state}
    </>
  );
}

/** `/player/:courseId`: watch an enrolled course, mark lectures complete and rate it. */
function PlayerRoute() {
  const courseId = useParams().courseId ?? '';
  return (
    <LearnerPage className="ln-player-page">
      <Player key={courseId} courseId={courseId} />
    </LearnerPage>
  );
}

/** Rendered in the platform's antd theme (its components load on demand). */
export default function PlayerPage() {
  return (
    <Themed>
      <PlayerRoute />
    </Themed>
  );
}
