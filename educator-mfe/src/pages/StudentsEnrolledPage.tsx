import { Button, EmptyState, ErrorState, LoadingState, useNavigate } from '@courseport/shared-ui';
import type { ReactNode } from 'react';
import { EnrollmentsTable } from '../components/EnrollmentsTable';
import { PageHeader } from '../features/layout/components/PageHeader';
import { enrolledStudentsQuery } from '../features/students/api/enrolledStudents';
import { useEducatorQuery } from '../hooks/useEducatorQuery';
import { PATHS } from '../lib/paths';

/** /educator/student-enrolled: every student enrolled in the educator's courses. */
export default function StudentsEnrolledPage() {
  const navigate = useNavigate();
  const { state, retry } = useEducatorQuery(enrolledStudentsQuery(), 'Failed to fetch enrolled students', true, {
    specToast: true,
  });

  let content: ReactNode;
  if (state.status === 'loading') {
    content = <LoadingState text="Loading enrolled students..." />;
  } else if (state.status === 'error') {
    content = <ErrorState title="Error Loading Students" message={state.message} onRetry={retry} />;
  } else if (state.data.length === 0) {
    content = (
      <EmptyState
        title="No students enrolled yet"
        description="Students who enroll in your courses will appear here."
        action={
          <Button type="primary" onClick={() => navigate(PATHS.addCourse)}>
            Create Your First Course
          </Button>
        }
      />
    );
  } else {
    content = (
      <section className="ed-panel ed-panel-table">
        <EnrollmentsTable label="Enrolled students" enrollments={state.data} empty={null} />
      </section>
    );
  }

  return (
    <div className="ed-page">
      <PageHeader title="Enrolled Students" subtitle="Everyone who has enrolled in your courses" />
      {content}
    </div>
  );
}
