import { type PageDataLoader, usePageTitle, useParams, useQuery, useQueryState } from '@courseport/shared-ui';
import { type MutableRefObject, useLayoutEffect, useRef } from 'react';
import { RecordStates } from '../components/RecordStates';
import { isNotFound, StorefrontPage } from '../components/StorefrontPage';
import { COURSE_NOT_FOUND, courseQuery } from '../features/course/api/course';
import '../styles/course.css';
import { prepareServerRichText } from '@courseport/shared-ui/rich-text';
import { CourseView } from '../features/course/components/CourseView';
import { CourseReviews } from '../features/reviews/components/CourseReviews';

/**
 * Until the course (and its title, the page's h1) is there, the page is still named by a heading.
 * The shell focuses a new page's h1: if this one has the focus when the course arrives, the
 * course's title takes it over (`focusTitle`), so the focus is not lost with this heading.
 */
function PageHeading({ focusTitle }: { focusTitle: MutableRefObject<boolean> }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    const heading = ref.current;
    // Runs before the heading leaves the document.
    return () => {
      focusTitle.current = heading !== null && document.activeElement === heading;
    };
  }, [focusTitle]);
  return (
    <h1 ref={ref} tabIndex={-1} className="cp-visually-hidden">
      Course details
    </h1>
  );
}

function CourseContent({ id }: { id: string }) {
  const { state, retry } = useQueryState(useQuery(courseQuery(id)), { fallback: 'Failed to fetch the course' });
  const focusTitle = useRef(false);
  const notFound = state.status === 'error' && isNotFound(state.error);
  usePageTitle(state.status === 'ready' ? state.data.courseTitle : notFound ? COURSE_NOT_FOUND : 'Course');
  if (state.status === 'ready') {
    const course = state.data;
    return (
      <CourseView
        course={course}
        focusTitle={focusTitle}
        reviews={<CourseReviews courseId={course._id} ratingCount={course.ratingCount} />}
      />
    );
  }
  return (
    <RecordStates
      state={state}
      heading={<PageHeading focusTitle={focusTitle} />}
      notFound={{ title: COURSE_NOT_FOUND, description: 'This course does not exist or is no longer available.' }}
      errorTitle="Could not load this course"
      onRetry={retry}
    />
  );
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

/** The server renders the page with the course in the cache. */
export const loadPageData: PageDataLoader = async (client, { id = '' }) => {
  await Promise.all([client.prefetchQuery(courseQuery(id)), prepareServerRichText()]);
};
