import { type PageDataLoader, type QueryClient, queryKeys, rolesOf, type UserProfile } from '@courseport/shared-ui';
import { quizStatsQuery } from '../api/quizStats';
import { submissionsQuery, waitingCountQuery } from '../api/submissions';
import { videosQuery } from '../api/videos';
import { categoriesQuery } from '../features/add-course/api/categories';
import { prepareServerSanitizer } from '../features/add-course/components/EditorPlaceholder';
import { analyticsQuery } from '../features/analytics/api/analytics';
import { rangeFromParams } from '../features/analytics/range';
import { dashboardQuery } from '../features/dashboard/api/dashboard';
import { balanceQuery, ledgerQuery, payoutAccountQuery, payoutsQuery } from '../features/earnings/api/earnings';
import { editableCourseQuery } from '../features/edit-course/api/course';
import { coursesQuery } from '../features/my-courses/api/courses';

/**
 * What each educator page shows first, for the signed-in educator whose profile is in the cache
 * (#34: the shell's server render, or the browser's start-up). `params['*']`: the page's path
 * under /educator. Pages not named here load their data when they render.
 */
export const loadPageData: PageDataLoader = async (client, params, query) => {
  const user = client.getQueryData<UserProfile>(queryKeys.user.profile());
  if (!user || !rolesOf(user).includes('educator')) return;
  const page = (params['*'] ?? '').replace(/\/+$/, '');
  const queries = {
    '': () => [client.prefetchQuery(dashboardQuery()), client.prefetchQuery(waitingCountQuery())],
    'add-course': () => [client.prefetchQuery(categoriesQuery())],
    'my-courses': () => [client.prefetchQuery(coursesQuery(false))],
    videos: () => [client.prefetchQuery(videosQuery(1))],
    // The totals and tables of the URL's period and course (the charts come after, in the browser).
    analytics: () => {
      const search = query ?? new URLSearchParams();
      return [client.prefetchQuery(analyticsQuery(rangeFromParams(search), search.get('course') || null))];
    },
    // The first page of the submissions waiting for a review (the filter's first choice).
    submissions: () => [client.prefetchQuery(submissionsQuery('submitted', 1))],
    'quiz-results': () => [client.prefetchQuery(quizStatsQuery())],
    // The balance, how the educator is paid (asked of Stripe again on the way back from its
    // onboarding, as the page does), the ledger's first page and the payouts.
    earnings: () => {
      const connect = query?.get('connect');
      return [
        client.prefetchQuery(balanceQuery()),
        client.prefetchQuery(payoutAccountQuery(connect === 'return' || connect === 'refresh')),
        client.prefetchInfiniteQuery(ledgerQuery()),
        client.prefetchQuery(payoutsQuery()),
      ];
    },
  }[page];
  await Promise.all(queries?.() ?? editCourseData(client, page));
};

/**
 * Edit Course (`courses/<id>/edit`): the course, the categories of its form, and (on the server) the
 * sanitizer that draws its saved description. Nothing for any other page.
 */
function editCourseData(client: QueryClient, page: string): Array<Promise<void>> {
  const [, encoded] = /^courses\/([^/]+)\/edit$/.exec(page) ?? [];
  if (!encoded) return [];
  let id: string;
  try {
    id = decodeURIComponent(encoded);
  } catch {
    return [];
  }
  return [
    client.prefetchQuery(editableCourseQuery(id)),
    client.prefetchQuery(categoriesQuery()),
    prepareServerSanitizer().catch(() => undefined),
  ];
}
