import { type PageDataLoader, queryKeys, rolesOf, type UserProfile } from '@courseport/shared-ui';
import { waitingCountQuery } from '../api/submissions';
import { videosQuery } from '../api/videos';
import { categoriesQuery } from '../features/add-course/api/categories';
import { analyticsQuery } from '../features/analytics/api/analytics';
import { rangeFromParams } from '../features/analytics/range';
import { dashboardQuery } from '../features/dashboard/api/dashboard';
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
  }[page];
  await Promise.all(queries?.() ?? []);
};
