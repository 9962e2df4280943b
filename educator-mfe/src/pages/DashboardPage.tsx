import { Button, type DashboardData, EmptyState, ErrorState, LoadingState, useNavigate } from '@courseport/shared-ui';
import '../styles/dashboard.css';
import { dashboardQuery } from '../features/dashboard/api/dashboard';
import { LatestEnrollments } from '../features/dashboard/components/LatestEnrollments';
import { StatCards } from '../features/dashboard/components/StatCards';
import { PATHS } from '../features/layout/components/paths';
import { money, useCurrency } from '../features/layout/hooks/useCurrency';
import { useEducatorQuery } from '../features/layout/hooks/useEducatorQuery';
import { useSignedInUser } from '../features/layout/hooks/useSignedInUser';

/** /educator: totals and the latest enrollments of the signed-in educator. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const { state, retry } = useEducatorQuery(dashboardQuery(), 'Failed to fetch dashboard data');

  if (state.status === 'loading') return <LoadingState text="Loading your dashboard..." />;
  if (state.status === 'error') return <ErrorState title="Dashboard Error" message={state.message} onRetry={retry} />;
  if (state.data.totalCourses === 0) {
    return (
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
  }
  return <Dashboard data={state.data} />;
}

function Dashboard({ data }: { data: DashboardData }) {
  const currency = useCurrency();
  const { name } = useSignedInUser();
  return (
    <div className="ed-page ed-dashboard">
      <header className="ed-page-head">
        <div>
          <h1 className="ed-page-title">{`Welcome back, ${name ?? 'Educator'}!`}</h1>
          <p className="ed-page-subtitle">Here is how your courses are doing.</p>
        </div>
      </header>
      <StatCards
        enrollments={data.enrolledStudentsData.length}
        courses={data.totalCourses}
        earnings={money(currency, data.totalEarnings)}
      />
      <LatestEnrollments enrollments={data.enrolledStudentsData} />
    </div>
  );
}
