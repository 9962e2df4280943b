import {
  EmptyState,
  type EnrolledCourse,
  Link,
  type PageDataLoader,
  QueryStates,
  queryState,
  usePageTitle,
  useParams,
  useQuery,
  useSearchParams,
  useSession,
} from '@courseport/shared-ui';
import { prepareServerRichText } from '@courseport/shared-ui/rich-text';
import { type ReactNode, useMemo } from 'react';
import { courseDetailsQuery } from '../api/course';
import { isStudentIn } from '../api/page-data';
import { courseProgressQuery } from '../api/progress';
import { LearnerPage } from '../components/LearnerPage';
import { type LessonTab, LessonTabs } from '../components/LessonTabs';
import { PageHeading } from '../components/PageHeading';
import { SignInPrompt } from '../components/SignInPrompt';
import { enrolledCoursesQuery } from '../features/enrollments/api/enrolledCourses';
import { useEnrolledCourses } from '../features/enrollments/hooks/useEnrolledCourses';
import { useLearnerAccess } from '../hooks/useLearnerAccess';
import type { LessonTabProps } from '../lib/lesson';
import '../styles/player.css';
import '../styles/lesson-tabs.css';
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

/** Under the lesson (#35): each tab's code is fetched when the tab is first shown, never with the page. */
const LESSON_TABS: ReadonlyArray<LessonTab<LessonTabProps>> = [
  {
    id: 'qa',
    label: 'Q&A',
    load: () => import('../features/discussions/components/QuestionsPanel').then((m) => m.QuestionsPanel),
  },
  {
    id: 'notes',
    label: 'Notes',
    load: () => import('../features/notes/components/NotesPanel').then((m) => m.NotesPanel),
  },
  {
    id: 'announcements',
    label: 'Announcements',
    load: () => import('../features/announcements/components/AnnouncementsPanel').then((m) => m.AnnouncementsPanel),
  },
];

/** A notification's link to a question (`?question=<id>`) opens the Q&A at once. */
function PlayerLessonTabs(props: LessonTabProps) {
  const linked = useSearchParams()[0].has('question');
  return (
    <LessonTabs
      label="Questions, notes and announcements"
      tabs={LESSON_TABS}
      initialTab={linked ? 'qa' : undefined}
      openAtOnce={linked}
      props={props}
    />
  );
}

const lessonTabs = (props: LessonTabProps) => <PlayerLessonTabs {...props} />;

const NO_COURSES: never[] = [];
const NOTHING_COMPLETED: ReadonlySet<string> = new Set();

function Player({ courseId }: { courseId: string }) {
  const access = useLearnerAccess();
  const isStudent = access === 'student';
  // The course list and its progress are requested together.
  const enrolled = useEnrolledCourses(isStudent);
  const progress = useCourseProgress(courseId, isStudent);
  // Signed-in users without the student role have no enrollments (nothing is fetched for them).
  const courses = access === 'not-student' ? NO_COURSES : enrolled.data;
  const course = access === 'signed-out' ? undefined : courses?.find((c) => c._id === courseId);
  // "Preview as student" (`?preview=1`): the course's educator, not enrolled, sees it through the
  // course's details (whole for its owner), with nothing saved.
  const wantsPreview = useSearchParams()[0].get('preview') === '1';
  const userId = useSession((s) => s.user?._id ?? null);
  const signedIn = access === 'student' || access === 'not-student';
  const details = useQuery({ ...courseDetailsQuery(courseId), enabled: wantsPreview && signedIn });
  const enrolledSettled = !isStudent || enrolled.data !== undefined || enrolled.isError;
  const owned =
    wantsPreview && !course && enrolledSettled && userId !== null && details.data?.educator?._id === userId
      ? details.data
      : null;
  const previewed = useMemo<EnrolledCourse | null>(() => owned && { ...owned, myRating: null }, [owned]);
  // The course's title names the page once it is known.
  usePageTitle(course ? course.courseTitle : previewed ? `Preview: ${previewed.courseTitle}` : 'Course player');

  if (course && progress.loaded) {
    return (
      <PlayerView course={course} completed={progress.completed} position={progress.position} lessonTabs={lessonTabs} />
    );
  }
  if (previewed) {
    return <PlayerView course={previewed} completed={NOTHING_COMPLETED} position={null} preview />;
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
        state={
          list.status === 'ready' && (course || (wantsPreview && (details.isPending || !enrolledSettled)))
            ? { status: 'loading' }
            : list
        }
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

/**
 * What the player shows first, for the signed-in student whose profile is in the cache: their
 * courses (this one among them) and their progress in it (#34), and the server's sanitizer of the
 * lesson's rich text (an article, a project's brief). A preview renders in the browser.
 */
export const loadPageData: PageDataLoader = async (client, { courseId = '' }, query) => {
  if (!isStudentIn(client) || query?.get('preview') === '1') return;
  await Promise.all([
    client.prefetchQuery(enrolledCoursesQuery()),
    client.prefetchQuery(courseProgressQuery(courseId)),
    prepareServerRichText(),
  ]);
};

/**
 * No antd in the player (#34): its first screen is plain markup with antd's look; what antd draws
 * later (the review's delete confirmation, toasts) takes the platform's theme from shared-ui.
 */
export default function PlayerPage() {
  return <PlayerRoute />;
}
