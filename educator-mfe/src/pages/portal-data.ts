import { type PageDataLoader, queryKeys, rolesOf, type UserProfile } from '@courseport/shared-ui';
import { educatorCoursesQuery } from '../api/courses';
import { unansweredCountQuery } from '../api/questions';
import { waitingCountQuery } from '../api/submissions';
import { videosQuery } from '../api/videos';
import { categoriesQuery } from '../features/add-course/api/categories';
import { analyticsQuery } from '../features/analytics/api/analytics';
import { rangeFromParams } from '../features/analytics/range';
import { announcementsQuery } from '../features/announcements/api/announcements';
import { couponsQuery } from '../features/coupons/api/coupons';
import { dashboardQuery } from '../features/dashboard/api/dashboard';
import { coursesQuery } from '../features/my-courses/api/courses';
import { profileQuery } from '../features/profile/api/profile';
import { questionsQuery } from '../features/questions/api/questions';
import { reviewsQuery } from '../features/reviews/api/reviews';
import { enrolledStudentsQuery } from '../features/students/api/enrolledStudents';

/**
 * What each educator page shows first, for the signed-in educator whose profile is in the cache
 * (#34: the shell's server render, or the browser's start-up). `params['*']`: the page's path
 * under /educator. Pages not named here load their data when they render.
 */
export const loadPageData: PageDataLoader = async (client, params, query) => {
  const user = client.getQueryData<UserProfile>(queryKeys.user.profile());
  if (!user || !rolesOf(user).includes('educator')) return;
  const page = (params['*'] ?? '').replace(/\/+$/, '');
  // A course's announcements: `courses/<id>/announcements`, with the course's title from the
  // courses list (the page's subtitle).
  const announcing = /^courses\/([^/]+)\/announcements$/.exec(page);
  if (announcing) {
    const courseId = decodeURIComponent(announcing[1] ?? '');
    await Promise.all([
      client.prefetchQuery(educatorCoursesQuery()),
      client.prefetchInfiniteQuery(announcementsQuery(courseId)),
    ]);
    return;
  }
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
    // (#34, h-edu1) coupons, reviews (the first page), profile, enrolled students, and the Q&A inbox
    // (every course's questions unsearched, their unanswered count and the course filter's courses).
    coupons: () => [client.prefetchQuery(couponsQuery())],
    reviews: () => [client.prefetchQuery(reviewsQuery(1))],
    profile: () => [client.prefetchQuery(profileQuery())],
    'student-enrolled': () => [client.prefetchQuery(enrolledStudentsQuery())],
    questions: () => [
      client.prefetchQuery(educatorCoursesQuery()),
      client.prefetchInfiniteQuery(questionsQuery('', '')),
      client.prefetchQuery(unansweredCountQuery()),
    ],
  }[page];
  await Promise.all(queries?.() ?? []);
};
