import { api, type DashboardData, queryKeys, queryOptions } from '@courseport/shared-ui';

export const DASHBOARD_PATH = '/api/educator/dashboard';

/** The caller's totals and latest enrollments (`GET /api/educator/dashboard`). */
export async function fetchDashboard(): Promise<DashboardData> {
  const res = await api.get<{ dashboardData: DashboardData }>(DASHBOARD_PATH);
  if (!res.dashboardData) throw new Error('The dashboard answer has no data');
  const { totalCourses, totalEarnings, enrolledStudentsData } = res.dashboardData;
  return {
    totalCourses: totalCourses ?? 0,
    totalEarnings: totalEarnings ?? 0,
    enrolledStudentsData: enrolledStudentsData ?? [],
  };
}

/** The dashboard as a query (`queryKeys.educator.dashboard()`). */
export const dashboardQuery = () => queryOptions({ queryKey: queryKeys.educator.dashboard(), queryFn: fetchDashboard });
