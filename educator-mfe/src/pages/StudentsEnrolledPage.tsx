import { Button, EmptyState, QueryStates, useNavigate, useQuery, useQueryState } from '@courseport/shared-ui';
import { EnrollmentsTable } from '../components/EnrollmentsTable';
import { PageHeader } from '../features/layout/components/PageHeader';
import { enrolledStudentsQuery } from '../features/students/api/enrolledStudents';
import { PATHS } from '../lib/paths';

/** /educator/student-enrolled: every student enrolled in the educator's courses. */
export default function StudentsEnrolledPage() {
  const navigate = useNavigate();
  // The spec words its failure "as a toast and in the error view".
  const { state, retry } = useQueryState(useQuery(enrolledStudentsQuery()), {
    fallback: 'Failed to fetch enrolled students',
    network: 'fallback',
    toast: 'always',
  });

  return (
    <div className="ed-page">
      <PageHeader title="Enrolled Students" subtitle="Everyone who has enrolled in your courses" />
      <QueryStates
        state={state}
        loadingText="Loading enrolled students..."
        errorTitle="Error Loading Students"
        onRetry={retry}
        empty={
          <EmptyState
            title="No students enrolled yet"
            description="Students who enroll in your courses will appear here."
            action={
              <Button type="primary" onClick={() => navigate(PATHS.addCourse)}>
                Create Your First Course
              </Button>
            }
          />
        }
      >
        {(enrollments) => (
          <section className="ed-panel ed-panel-table">
            <EnrollmentsTable label="Enrolled students" enrollments={enrollments} empty={null} />
          </section>
        )}
      </QueryStates>
    </div>
  );
}
