import {
  Button,
  type DashboardData,
  EmptyState,
  ErrorState,
  LoadingState,
  money,
  useCurrency,
  useNavigate,
} from '@courseport/shared-ui';
import type { ReactNode } from 'react';
import '../styles/dashboard.css';
import { dashboardQuery } from '../features/dashboard/api/dashboard';
import { LatestEnrollments } from '../features/dashboard/components/LatestEnrollments';
import { StatCards } from '../features/dashboard/components/StatCards';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useSignedInUser } from '../features/layout/hooks/useSignedInUser';
import { useEducatorQuery } from '../hooks/useEducatorQuery';
import { PATHS } from '../lib/paths';

/** /educator: totals and the latest enrollments of the signed-in educator. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const currency = useCurrency();
  const { name } = useSignedInUser();
  const { state, retry } = useEducatorQuery(dashboardQuery(), 'Failed to fetch dashboard data', true, {
    specToast: true,
  });
  const ready = state.status === 'ready' && state.data.totalCourses > 0;

  let content: ReactNode;
  if (state.status === 'loading') {
    content = <LoadingState text="Loading your dashboard..." />;
  } else if (state.status === 'error') {
    content = <ErrorState title="Dashboard Error" message={state.message} onRetry={retry} />;
  } else if (state.data.totalCourses === 0) {
    content = (
      <EmptyState
        title="No Dashboard Data"
        description="Add your first course to start tracking enrollments and earnings."
        action={
          <Button type="primary" onClick={() => navigate(PATHS.addCourse)}>
            Add Your First Course
          </Button>
        }
      />
    );
  } else {
    content = <Dashboard data={state.data} currency={currency} />;
  }

  // One <h1> in every state (the same element, so the focus stays on it): the welcome once the
  // data is there, else 'Dashboard' for screen readers.
  return (
    <div className="ed-page ed-dashboard">
      <PageHeader
        title={ready ? `Welcome back, ${name ?? 'Educator'}!` : 'Dashboard'}
        pageName="Dashboard"
        subtitle="Here is how your courses are doing."
        hidden={!ready}
      />
      {content}
    </div>
  );
}

function Dashboard({ data, currency }: { data: DashboardData; currency: string }) {
  return (
    <>
      <StatCards
        enrollments={data.enrolledStudentsData.length}
        courses={data.totalCourses}
        earnings={money(currency, data.totalEarnings, { dropZeroCents: true })}
      />
      <LatestEnrollments enrollments={data.enrolledStudentsData} />
    </>
  );
}
