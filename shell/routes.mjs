// The spec's route table (section 2): each route renders one exposed module of one portal. Plain
// JavaScript, because two sides read it: the shell in the browser, and the production server,
// which names in each page's head what that route will fetch (scripts/lib/first-load-hints.mjs).

import { searchText } from '@courseport/contracts';

const CATALOG = () => '/api/course/all';

/**
 * The first catalog page for a search: exactly the path the storefront's `catalogPath` builds
 * (`storefront-mfe/src/features/catalog/api/catalog.ts`), since a prefetched response is taken by its path.
 * @param {Record<string, string>} params
 */
const CATALOG_SEARCH = ({ input = '' }) => {
  const search = searchText(input);
  return search ? `/api/course/all?search=${encodeURIComponent(search)}` : CATALOG();
};

/** @type {ReadonlyArray<import('./routes.d.mts').PortalRoute>} */
export const ROUTES = [
  { path: '/', remote: 'storefront', module: 'HomePage', prefetch: CATALOG },
  { path: '/course-list', remote: 'storefront', module: 'CourseListPage', prefetch: CATALOG },
  { path: '/course-list/:input', remote: 'storefront', module: 'CourseListPage', prefetch: CATALOG_SEARCH },
  {
    path: '/course/:id',
    remote: 'storefront',
    module: 'CourseDetailsPage',
    prefetch: ({ id = '' }) => `/api/course/${encodeURIComponent(id)}`,
    largestImage: (body) => body?.courseData?.courseThumbnail,
  },
  { path: '/my-enrollments', remote: 'learner', module: 'MyEnrollmentsPage' },
  { path: '/player/:courseId', remote: 'learner', module: 'PlayerPage' },
  { path: '/loading/:path', remote: 'learner', module: 'PaymentReturnPage' },
  { path: '/purchase-history', remote: 'learner', module: 'PurchaseHistoryPage' },
  // The educator portal owns every /educator/* route, its layout and sidebar.
  { path: '/educator/*', remote: 'educator', module: 'EducatorPortal', guard: 'educator' },
  { path: '/admin', remote: 'admin', module: 'AdminDashboardPage' },
];

/**
 * The route a URL path renders, with its parameters. The router does the real matching in the
 * app; this small version runs before the router has loaded, and on the server.
 * @param {string} pathname
 */
export function matchRoute(pathname) {
  const parts = pathname.split('/').filter(Boolean);
  for (const route of ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    /** @type {Record<string, string>} */
    const params = {};
    const wildcard = pattern.at(-1) === '*';
    const fixed = wildcard ? pattern.slice(0, -1) : pattern;
    if (wildcard ? parts.length < fixed.length : parts.length !== fixed.length) continue;
    const matches = fixed.every((segment, i) => {
      const part = parts[i] ?? '';
      if (!segment.startsWith(':')) return segment === part;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return false;
      }
      return true;
    });
    if (matches) return { route, params, prefetch: route.prefetch?.(params) ?? null };
  }
  return null;
}

/**
 * The top navigation bar is hidden in the educator and admin areas, which render their own.
 * @param {string} pathname
 */
export function showsNavBar(pathname) {
  return !/^\/(educator|admin)(\/|$)/.test(pathname);
}

/** Pages the shell renders itself, outside the portals' routes. */
export const SHELL_PAGES = ['/reset-password'];

/**
 * Whether a URL path is one of the app's pages: the server answers any other path with the app's
 * own "page not found" and the status 404, so crawlers and link checkers see it for what it is.
 * @param {string} pathname
 */
export function isAppPage(pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SHELL_PAGES.includes(path) || matchRoute(path) !== null;
}
