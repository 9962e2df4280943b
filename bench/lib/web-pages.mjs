// The pages whose first load is measured: by `pnpm bench:web` (times and bytes) and by the
// first-load budget test (e2e/tests/first-load-budget.e2e.test.ts: bytes, on every `pnpm test`).
// One list, so that every page the bench times is held to its budget, and the other way round.
//
// `path` placeholders, filled in by the caller:
//   :id           the newest demo course (the storefront's course page)
//   :courseId     a course the demo student is enrolled in (the player)
//   :ownCourseId  a course the demo educator teaches (Edit Course, Announcements)
// `user`: who loads it (`visitor`: signed out; otherwise the demo user of that role, returning: the
// session cookie set, the cache empty). `content`: a CSS selector of the page's own content, the
// part drawn from its data (not the shell, the demo banner, a heading or a spinner), with the
// alternatives for its data-dependent states (a list or its empty state): when it first has a box
// on screen is the page's "content painted". `ceilingKb`: the first load's JS budget (gzip), when
// it is not the goal of 250 KB (#8 for the storefront, #34 for the signed-in pages).

/** @typedef {'visitor' | 'student' | 'educator' | 'admin'} PageUser */
/**
 * @typedef {{ key: string, name: string, path: string, user: PageUser, content: string, ceilingKb?: number }} MeasuredPage
 */

/** Every page's first-load budget unless it names its own (#8, #34): JS, gzipped, the shell's included. */
export const FIRST_LOAD_BUDGET_KB = 250;

/** @type {MeasuredPage[]} */
export const STOREFRONT_PAGES = [
  { key: 'home', name: 'Home', path: '/', user: 'visitor', content: 'h1.sf-hero-title' },
  { key: 'list', name: 'Course list', path: '/course-list', user: 'visitor', content: '.sf-course-card' },
  { key: 'details', name: 'Course details', path: '/course/:id', user: 'visitor', content: 'h1.sf-course-heading' },
];

/** The student's pages (learner-mfe, and the shell's mail settings). */
/** @type {MeasuredPage[]} */
export const STUDENT_PAGES = [
  {
    key: 'enrollments',
    name: 'My Enrollments',
    path: '/my-enrollments',
    user: 'student',
    content: '.ln-course-title, .ln-enrollments-page .cp-empty',
  },
  { key: 'player', name: 'Player', path: '/player/:courseId', user: 'student', content: '.ln-player-media' },
];

/** The educator portal's pages (educator-mfe's EDUCATOR_PAGES). */
/** @type {MeasuredPage[]} */
export const EDUCATOR_PAGES = [
  {
    key: 'educator',
    name: 'Educator dashboard',
    path: '/educator',
    user: 'educator',
    content: '.ed-stat-value, .ed-dashboard .cp-empty',
  },
  { key: 'add-course', name: 'Add Course', path: '/educator/add-course', user: 'educator', content: '.ed-add-form' },
  {
    key: 'my-courses',
    name: 'My Courses',
    path: '/educator/my-courses',
    user: 'educator',
    content: '.ed-course-title, .ed-page .cp-empty',
  },
  {
    key: 'videos',
    name: 'Videos',
    path: '/educator/videos',
    user: 'educator',
    content: '.ed-vid-card, .ed-page .cp-empty',
  },
  {
    // #36: the totals (the chart library, uPlot, is its own chunk, after them).
    key: 'analytics',
    name: 'Analytics',
    path: '/educator/analytics',
    user: 'educator',
    content: '.ed-an-total-value, .ed-analytics .cp-empty',
  },
];

/** The admin dashboard's tabs (admin-mfe's AdminDashboardPage). */
/** @type {MeasuredPage[]} */
export const ADMIN_PAGES = [
  {
    key: 'admin',
    name: 'Admin dashboard',
    path: '/admin',
    user: 'admin',
    content: 'section[aria-label="Educator requests"] .cp-admin-request-row, .cp-admin-empty',
  },
  {
    // #34: each portal's card (the registry always names the four portals).
    key: 'admin-releases',
    name: 'Admin releases',
    path: '/admin/releases',
    user: 'admin',
    content: '.cp-admin-release-portal, section[aria-labelledby="release-portals"] .cp-empty',
  },
  {
    // #34: the educators' balances (the demo's educator has earned).
    key: 'admin-payouts',
    name: 'Admin payouts',
    path: '/admin/payouts',
    user: 'admin',
    content: '.cp-admin-balance-row, section[aria-labelledby="cp-admin-balances-title"] .cp-empty',
  },
];

/** Every measured page: the storefront's, then each portal's signed-in pages. */
export const MEASURED_PAGES = [...STOREFRONT_PAGES, ...STUDENT_PAGES, ...EDUCATOR_PAGES, ...ADMIN_PAGES];

/**
 * `page.path` with its placeholders filled in.
 * @param {string} path
 * @param {{ id?: string, courseId?: string, ownCourseId?: string }} ids
 */
export function pagePath(path, ids) {
  return path.replace(/:(ownCourseId|courseId|id)\b/g, (_, name) => {
    const value = ids[/** @type {'id' | 'courseId' | 'ownCourseId'} */ (name)];
    if (!value) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}
