import {
  Button,
  EmptyState,
  QueryStates,
  useCurrency,
  useNavigate,
  useQuery,
  useQueryState,
  useSession,
} from '@courseport/shared-ui';
import { useState } from 'react';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useIsEducator } from '../features/layout/hooks/useSignedInUser';
import { coursesQuery } from '../features/my-courses/api/courses';
import { CoursesTable } from '../features/my-courses/components/CoursesTable';
import { useCourseActions } from '../features/my-courses/hooks/useCourseActions';
import { PATHS } from '../lib/paths';
import '../styles/my-courses.css';

/**
 * /educator/my-courses: the educator's courses with their status, earnings and students, and what
 * can be done with each (edit, publish, unpublish, archive, delete). Archived ones on request.
 */
export default function MyCoursesPage() {
  const navigate = useNavigate();
  const currency = useCurrency();
  const isEducator = useIsEducator();
  const sessionKnown = useSession((s) => s.status !== 'loading' && (s.status !== 'signed-in' || s.userLoaded));
  // The courses are fetched only for educators.
  const [showArchived, setShowArchived] = useState(false);
  // The spec words its failure "as a toast and in the error view".
  const { state, retry } = useQueryState(useQuery({ ...coursesQuery(showArchived), enabled: isEducator }), {
    fallback: 'Failed to fetch courses',
    network: 'fallback',
    toast: 'always',
  });
  const actions = useCourseActions();
  const addCourse = () => navigate(PATHS.addCourse);

  const content =
    !isEducator && sessionKnown ? (
      <EmptyState title="Educator access required" description="Only educators can see their courses here." />
    ) : (
      <QueryStates
        state={state}
        loadingText="Loading your courses..."
        errorTitle="Error Loading Courses"
        onRetry={retry}
        empty={
          <EmptyState
            title="No courses added yet"
            description="Start creating amazing courses to share your knowledge with students!"
            action={
              <Button type="primary" onClick={addCourse}>
                Add Your First Course
              </Button>
            }
          />
        }
      >
        {(courses) => (
          <CoursesTable courses={courses} currency={currency} busy={actions.busy} onAction={actions.start} />
        )}
      </QueryStates>
    );

  return (
    <div className="ed-page">
      <PageHeader
        title="My Courses"
        subtitle="Manage and track your published courses"
        action={
          <Button type="primary" onClick={addCourse}>
            + Add New Course
          </Button>
        }
      />
      {isEducator && (
        // A plain checkbox with antd's look (my-courses.css): no antd in the page's first load (#34).
        <label className="ed-show-archived">
          <input type="checkbox" checked={showArchived} onChange={(e) => setShowArchived(e.target.checked)} />
          <span>Show archived courses</span>
        </label>
      )}
      {content}
    </div>
  );
}
