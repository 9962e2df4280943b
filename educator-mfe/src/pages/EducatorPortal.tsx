import { LoadingState, Navigate, Route, Routes } from '@courseport/shared-ui';
import { EducatorLayout } from '../features/layout/components/EducatorLayout';
import { type LazyPage, lazyPage } from '../lib/lazy-page';
import { PATHS } from '../lib/paths';
// The pages' stylesheets come with the frame, not with each page's chunk: a page rendered on the
// shell's server is painted with its styles (the server names the frame's CSS in the page's head)
// before the page's own chunk has loaded. About 8 KB gzipped for all of them.
import '../styles/add-course.css';
import '../styles/analytics.css';
import '../styles/coupons.css';
import '../styles/dashboard.css';
import '../styles/earnings.css';
// (The Videos page's hints, `.ed-hint`, are styled there: without it, its upload panel shifted
// once the page's chunk brought it.)
import '../styles/lessons.css';
import '../styles/my-courses.css';
import '../styles/profile.css';
// (The Q&A's and the announcements' styles, #34 h-edu1: both come server-rendered with their data.)
import '../styles/questions.css';
import '../styles/reviews.css';
import '../styles/submissions.css';
import '../styles/videos.css';

/**
 * While a page's chunk loads when going from page to page: the pages' own loading state, inside the
 * educator frame (the first page comes with the frame, below).
 */
const pageLoading = (
  <div className="ed-page">
    <LoadingState />
  </div>
);

/**
 * Every sub-route of the portal (relative to its mount point, `/educator`) and its page, each page
 * in its own chunk (#34): the first load carries the page shown, not all eleven.
 */
export const EDUCATOR_PAGES: ReadonlyArray<{ path: string } & LazyPage> = [
  { path: '', ...lazyPage(() => import('./DashboardPage'), pageLoading) },
  {
    path: 'add-course',
    ...lazyPage(() => import('./AddCoursePage'), pageLoading),
  },
  { path: 'my-courses', ...lazyPage(() => import('./MyCoursesPage'), pageLoading) },
  { path: 'videos', ...lazyPage(() => import('./VideosPage'), pageLoading) },
  {
    path: 'courses/:id/edit',
    ...lazyPage(() => import('./EditCoursePage'), pageLoading),
  },
  { path: 'student-enrolled', ...lazyPage(() => import('./StudentsEnrolledPage'), pageLoading) },
  // #35: the Q&A inbox and a course's announcements (plain markup; dialogs load antd when opened).
  { path: 'questions', ...lazyPage(() => import('./QuestionsPage'), pageLoading) },
  { path: 'courses/:id/announcements', ...lazyPage(() => import('./AnnouncementsPage'), pageLoading) },
  {
    path: 'coupons',
    ...lazyPage(() => import('./CouponsPage'), pageLoading),
  },
  {
    path: 'reviews',
    ...lazyPage(() => import('./ReviewsPage'), pageLoading),
  },
  // Plain markup with antd's look (#34); the submissions' 'Ask for changes' dialog loads antd when wanted.
  { path: 'submissions', ...lazyPage(() => import('./SubmissionsPage'), pageLoading) },
  { path: 'quiz-results', ...lazyPage(() => import('./QuizResultsPage'), pageLoading) },
  { path: 'earnings', ...lazyPage(() => import('./EarningsPage'), pageLoading) },
  { path: 'analytics', ...lazyPage(() => import('./AnalyticsPage'), pageLoading) },
  {
    path: 'profile',
    ...lazyPage(() => import('./ProfilePage'), pageLoading),
  },
];

const segments = (path: string) => path.split('/').filter(Boolean);

/**
 * The page the router will show at `pathname` (an address under `/educator`), or null for an
 * address outside the portal; an unknown sub-route is the dashboard, where the portal sends it.
 */
export function educatorPageAt(pathname: string): LazyPage | null {
  const mount = segments(PATHS.dashboard);
  const parts = segments(pathname);
  if (mount.some((segment, i) => parts[i] !== segment)) return null;
  const rest = parts.slice(mount.length);
  const dashboard = EDUCATOR_PAGES[0] as LazyPage;
  return (
    EDUCATOR_PAGES.find(({ path }) => {
      const pattern = segments(path);
      return (
        pattern.length === rest.length && pattern.every((segment, i) => segment.startsWith(':') || segment === rest[i])
      );
    }) ?? dashboard
  );
}

/** Every page's chunk (tests render pages at once, as a returning visitor's cached chunks do). */
export const loadEducatorPages = () => Promise.all(EDUCATOR_PAGES.map(({ load }) => load()));

// The page of the address being opened loads with this module (a top-level await): the shell shows
// its loading state until both are there, so the frame is drawn with its page, never around a
// loading state that the page then pushes down (the footer would move: a layout shift). A chunk
// that fails is left to the page's boundary (the shell's error screen and its Retry).
if (typeof window !== 'undefined')
  await educatorPageAt(window.location.pathname)
    ?.load()
    .catch(() => undefined);

export { loadPageData } from './portal-data';

/**
 * The whole educator portal, mounted by the shell at `/educator/*` (behind its educator guard):
 * the layout and every sub-route, relative to that mount point. No page draws antd in its first
 * screen (#34); what needs it (a dialog) loads it when wanted, in its own theme.
 */
export default function EducatorPortal() {
  return (
    <Routes>
      <Route element={<EducatorLayout />}>
        {EDUCATOR_PAGES.map(({ path, element }) =>
          path === '' ? (
            <Route key="index" index element={element} />
          ) : (
            <Route key={path} path={path} element={element} />
          ),
        )}
        <Route path="*" element={<Navigate to={PATHS.dashboard} replace />} />
      </Route>
    </Routes>
  );
}
