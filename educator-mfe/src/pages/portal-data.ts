import { type PageDataLoader, type QueryClient, queryKeys, rolesOf, type UserProfile } from '@courseport/shared-ui';
import { prepareServerRichText } from '@courseport/shared-ui/rich-text';
import { educatorCoursesQuery } from '../api/courses';
import { unansweredCountQuery } from '../api/questions';
import { quizStatsQuery } from '../api/quizStats';
import { submissionsQuery, waitingCountQuery } from '../api/submissions';
import { videosQuery } from '../api/videos';
import { categoriesQuery } from '../features/add-course/api/categories';
import { analyticsQuery } from '../features/analytics/api/analytics';
import { rangeFromParams } from '../features/analytics/range';
import { announcementsQuery } from '../features/announcements/api/announcements';
import { couponsQuery } from '../features/coupons/api/coupons';
import { dashboardQuery } from '../features/dashboard/api/dashboard';
import { balanceQuery, ledgerQuery, payoutAccountQuery, payoutsQuery } from '../features/earnings/api/earnings';
import { editableCourseQuery } from '../features/edit-course/api/course';
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
  const course = coursePage(page);
  if (course) {
    await Promise.all(courseSectionData(client, course));
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
  await Promise.all(queries?.() ?? []);
};

/** `courses/<id>/<section>` (Edit Course, a course's Announcements): the course and the section; null otherwise, or for an id that is not valid percent-encoding. */
function coursePage(page: string): { id: string; section: string } | null {
  const [, encoded, section] = /^courses\/([^/]+)\/([a-z-]+)$/.exec(page) ?? [];
  if (!encoded || !section) return null;
  try {
    return { id: decodeURIComponent(encoded), section };
  } catch {
    return null;
  }
}

/**
 * A course's page: Edit Course's course, its form's categories and (on the server) the sanitizer
 * that draws its saved description; the Announcements' list of the course and the courses (its
 * title in the subtitle). Nothing for another section.
 */
function courseSectionData(
  client: QueryClient,
  { id, section }: { id: string; section: string },
): Array<Promise<unknown>> {
  if (section === 'edit')
    return [
      client.prefetchQuery(editableCourseQuery(id)),
      client.prefetchQuery(categoriesQuery()),
      prepareServerRichText().catch(() => undefined),
    ];
  // The sent announcements' text in the server's page too (shared-ui/rich-text).
  if (section === 'announcements')
    return [
      client.prefetchQuery(educatorCoursesQuery()),
      client.prefetchInfiniteQuery(announcementsQuery(id)),
      prepareServerRichText().catch(() => undefined),
    ];
  return [];
}
