import {
  Button,
  type DashboardData,
  EmptyState,
  money,
  QueryStates,
  useCurrency,
  useNavigate,
  useQuery,
  useQueryState,
} from '@courseport/shared-ui';
import '../styles/dashboard.css';
import '../styles/submissions.css';
import { dashboardQuery } from '../features/dashboard/api/dashboard';
import { LatestEnrollments } from '../features/dashboard/components/LatestEnrollments';
import { StatCards } from '../features/dashboard/components/StatCards';
import { WaitingSubmissions } from '../features/dashboard/components/WaitingSubmissions';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useSignedInUser } from '../features/layout/hooks/useSignedInUser';
import { PATHS } from '../lib/paths';

/** /educator: totals and the latest enrollments of the signed-in educator. */
export default function DashboardPage() {
  const navigate = useNavigate();
  const currency = useCurrency();
  const { name } = useSignedInUser();
  // The spec words its failure "as a toast and in the error view".
  const { state, retry } = useQueryState(useQuery(dashboardQuery()), {
    fallback: 'Failed to fetch dashboard data',
    network: 'fallback',
    toast: 'always',
  });
  const ready = state.status === 'ready' && state.data.totalCourses > 0;

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
      <QueryStates
        state={state}
        loadingText="Loading your dashboard..."
        errorTitle="Dashboard Error"
        onRetry={retry}
        isEmpty={(data) => data.totalCourses === 0}
        empty={
          <EmptyState
            title="No Dashboard Data"
            description="Add your first course to start tracking enrollments and earnings."
            action={
              <Button type="primary" onClick={() => navigate(PATHS.addCourse)}>
                Add Your First Course
              </Button>
            }
          />
        }
      >
        {(data) => <Dashboard data={data} currency={currency} />}
      </QueryStates>
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
      <WaitingSubmissions />
      <LatestEnrollments enrollments={data.enrolledStudentsData} />
    </>
  );
}
