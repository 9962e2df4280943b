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
  {
    key: 'purchases',
    name: 'Purchase history',
    path: '/purchase-history',
    user: 'student',
    content: '.ln-purchase-course, .ln-purchases-page .cp-empty',
  },
  {
    key: 'wishlist',
    name: 'Wishlist',
    path: '/wishlist',
    user: 'student',
    content: '.ln-wishlist-title, .ln-wishlist-page .cp-empty',
  },
  {
    // The shell's own page (#35): the form drawn from the user's settings.
    key: 'mail-settings',
    name: 'Notification settings',
    path: '/settings/notifications',
    user: 'student',
    content: '.cp-settings-form',
  },
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
  // #34 (h-edu1): the coupons, reviews, profile, enrolled students, Q&A and announcements pages.
  {
    key: 'coupons',
    name: 'Coupons',
    path: '/educator/coupons',
    user: 'educator',
    content: '.ed-coupon-code, .ed-page .cp-empty',
  },
  {
    key: 'educator-reviews',
    name: 'Educator reviews',
    path: '/educator/reviews',
    user: 'educator',
    content: '.ed-reviews-list li, .ed-page .cp-empty',
  },
  { key: 'profile', name: 'Educator profile', path: '/educator/profile', user: 'educator', content: '.ed-profile-bio' },
  {
    key: 'student-enrolled',
    name: 'Enrolled Students',
    path: '/educator/student-enrolled',
    user: 'educator',
    content: '.ed-person-name, .ed-page .cp-empty',
  },
  {
    key: 'questions',
    name: 'Q&A',
    path: '/educator/questions',
    user: 'educator',
    content: '.ed-qa-item .ed-qa-title, .ed-page .cp-empty',
  },
  {
    key: 'announcements',
    name: 'Announcements',
    path: '/educator/courses/:ownCourseId/announcements',
    user: 'educator',
    content: '.ed-ann-item .ed-qa-title, .ed-ann-sent .cp-empty',
  },
  {
    key: 'submissions',
    name: 'Project submissions',
    path: '/educator/submissions',
    user: 'educator',
    content: '.ed-submission, .ed-submissions-page .cp-empty',
  },
  {
    key: 'quiz-results',
    name: 'Quiz results',
    path: '/educator/quiz-results',
    user: 'educator',
    content: '.ed-quiz-stat, .ed-quiz-results .cp-empty',
  },
  {
    key: 'earnings',
    name: 'Earnings',
    path: '/educator/earnings',
    user: 'educator',
    content: '.ed-earnings .ed-stat-value',
  },
  {
    key: 'edit-course',
    name: 'Edit Course',
    path: '/educator/courses/:ownCourseId/edit',
    user: 'educator',
    content: '.ed-add .ed-add-form',
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
    key: 'admin-emails',
    name: 'Admin Emails',
    path: '/admin/emails',
    user: 'admin',
    content: '.cp-admin-email, .cp-admin-plain-card .cp-empty',
  },
  {
    key: 'admin-categories',
    name: 'Admin Categories',
    path: '/admin/categories',
    user: 'admin',
    content: '.cp-admin-category, .cp-admin-plain-card .cp-empty',
  },
  {
    key: 'admin-purchases',
    name: 'Admin Purchases',
    path: '/admin/purchases',
    user: 'admin',
    content: '.cp-admin-purchase-row, .cp-admin-tabpanel .cp-empty',
  },
  // #34 (adm2): the Reviews and Q&A tabs, plain (no antd in their first screen), with their data.
  {
    key: 'admin-reviews',
    name: 'Admin reviews',
    path: '/admin/reviews',
    user: 'admin',
    content: '.cp-admin-reviews-tab .cp-review, .cp-admin-reviews-tab .cp-empty',
  },
  {
    key: 'admin-discussions',
    name: 'Admin Q&A',
    path: '/admin/discussions',
    user: 'admin',
    content: '.cp-admin-qa-tab .cp-admin-post, .cp-admin-qa-tab .cp-empty',
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
