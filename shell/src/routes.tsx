import type { RemoteName } from '@courseport/shared-ui';

type Params = Record<string, string>;

export interface PortalRoute {
  path: string;
  remote: RemoteName;
  module: string;
  guard?: 'educator';
  /** The public API call the page starts with, fetched together with the page itself. */
  prefetch?: (params: Params) => string;
}

const CATALOG = () => '/api/course/all';
/**
 * The first catalog page for a search: exactly the path the storefront's `catalogPath` builds
 * (`storefront-mfe/src/hooks/useCatalog.ts`), since a prefetched response is taken by its path.
 */
const CATALOG_SEARCH = ({ input = '' }: Params) => {
  const search = input.trim();
  return search ? `/api/course/all?search=${encodeURIComponent(search)}` : CATALOG();
};

/** The spec's route table (section 2): each route renders one exposed module of one portal. */
export const ROUTES: ReadonlyArray<PortalRoute> = [
  { path: '/', remote: 'storefront', module: 'HomePage', prefetch: CATALOG },
  { path: '/course-list', remote: 'storefront', module: 'CourseListPage', prefetch: CATALOG },
  { path: '/course-list/:input', remote: 'storefront', module: 'CourseListPage', prefetch: CATALOG_SEARCH },
  {
    path: '/course/:id',
    remote: 'storefront',
    module: 'CourseDetailsPage',
    prefetch: ({ id = '' }) => `/api/course/${encodeURIComponent(id)}`,
  },
  { path: '/my-enrollments', remote: 'learner', module: 'MyEnrollmentsPage' },
  { path: '/player/:courseId', remote: 'learner', module: 'PlayerPage' },
  { path: '/loading/:path', remote: 'learner', module: 'PaymentReturnPage' },
  // The educator portal owns every /educator/* route, its layout and sidebar.
  { path: '/educator/*', remote: 'educator', module: 'EducatorPortal', guard: 'educator' },
  { path: '/admin', remote: 'admin', module: 'AdminDashboardPage' },
];

/**
 * The route a URL path renders, with its parameters. The router does the real matching; this
 * small version runs before the router has loaded, to start fetching what the page needs.
 */
export function matchRoute(pathname: string): { route: PortalRoute; params: Params } | null {
  const parts = pathname.split('/').filter(Boolean);
  for (const route of ROUTES) {
    const pattern = route.path.split('/').filter(Boolean);
    const params: Params = {};
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
    if (matches) return { route, params };
  }
  return null;
}

/** The top navigation bar is hidden in the educator and admin areas, which render their own. */
export function showsNavBar(pathname: string): boolean {
  return !/^\/(educator|admin)(\/|$)/.test(pathname);
}
