import type { RemoteName } from '@courseport/shared-ui';

/** The spec's route table (section 2): each route renders one exposed module of one portal. */
export const ROUTES: ReadonlyArray<{ path: string; remote: RemoteName; module: string; guard?: 'educator' }> = [
  { path: '/', remote: 'storefront', module: 'HomePage' },
  { path: '/course-list', remote: 'storefront', module: 'CourseListPage' },
  { path: '/course-list/:input', remote: 'storefront', module: 'CourseListPage' },
  { path: '/course/:id', remote: 'storefront', module: 'CourseDetailsPage' },
  { path: '/my-enrollments', remote: 'learner', module: 'MyEnrollmentsPage' },
  { path: '/player/:courseId', remote: 'learner', module: 'PlayerPage' },
  { path: '/loading/:path', remote: 'learner', module: 'PaymentReturnPage' },
  // The educator portal owns every /educator/* route, its layout and sidebar.
  { path: '/educator/*', remote: 'educator', module: 'EducatorPortal', guard: 'educator' },
  { path: '/admin', remote: 'admin', module: 'AdminDashboardPage' },
];

/** The top navigation bar is hidden in the educator and admin areas, which render their own. */
export function showsNavBar(pathname: string): boolean {
  return !/^\/(educator|admin)(\/|$)/.test(pathname);
}
