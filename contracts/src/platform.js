/**
 * The platform in one place: the API, the shell and every portal, with its port, its package
 * folder and the routes it renders. The federation configs, the shell's route table and runtime
 * config, the start script, the edge server and the test set-up all read this: adding a portal
 * means adding one entry to PORTALS (and its `<name>-mfe/` package).
 *
 * A portal exposes one module per page, `./src/pages/<module>.tsx`, named by its routes.
 */
import { searchText } from './limits.js';
import { COURSE_CARD_THUMBNAIL_SIZES, COURSE_PAGE_THUMBNAIL_SIZES, thumbnailPreload } from './thumbnail.js';

/** The catalog's first page for a search: exactly the path the storefront fetches, so a prefetched answer is taken. */
const catalogPath = (input = '') => {
  const search = searchText(input);
  return search ? `/api/course/all?search=${encodeURIComponent(search)}` : '/api/course/all';
};

/** Home's featured courses: the eight best rated (then most enrolled), exactly as the storefront asks. */
export const FEATURED_PATH = '/api/course/all?sort=rating&limit=8';

/** The course list's filters and sort (`CatalogQuery`): kept in its URL's query string. */
export const CATALOG_QUERY_PARAMS = /** @type {const} */ (['category', 'level', 'price', 'rating', 'duration', 'sort']);

/**
 * The course list's LCP image: its first card's thumbnail (the one card whose image loads eagerly),
 * with the candidates and `sizes` the card's `<picture>` chooses from.
 * @param {any} body the catalog's first page
 */
const firstCardImage = (body) => thumbnailPreload(body?.courses?.[0], COURSE_CARD_THUMBNAIL_SIZES);

/**
 * @typedef {object} RouteEntry
 * @property {string} path a URL pattern: `:name` is a parameter, a final `*` matches the rest
 * @property {string} module the page the portal exposes for it
 * @property {'educator'} [guard] who may see it (the shell checks before loading the page)
 * @property {false} [navBar] the page draws its own navigation: the shell hides its bar
 * @property {(params: Record<string, string>) => string} [prefetch] the public API call the page
 *   starts with, fetched together with the page itself
 * @property {(body: any) => import('./thumbnail.js').ThumbnailPreload | null} [largestImage] the page's largest
 *   image (its LCP element), read from the prefetched answer: the preload hint that fetches what the page draws
 * @property {readonly string[]} [queryParams] the query parameters that change what the page fetches
 *   (the course list's filters and sort): with any of them in the URL, the page's first call is not
 *   `prefetch`'s, so nothing is prefetched (the server render fetches with them, see `loadPageData`)
 * @property {false} [index] a signed-in or one-person page: search engines are asked to leave it out
 *   (`<meta name="robots" content="noindex">`, a `Disallow` in robots.txt, not in the sitemap)
 */

/** The API: its own process, reached by the browser through the shell's origin (`/api`). */
export const API = { port: 4000 };

/** The host: frame, navigation, sign-in, and the pages it renders itself. */
export const SHELL = {
  name: 'shell',
  dir: 'shell',
  port: 3000,
  title: 'Courseport',
  /** @type {Array<{ path: string, index?: false }>} */
  pages: [
    { path: '/reset-password', index: false },
    { path: '/confirm-email', index: false },
  ],
};

export const PORTALS = {
  storefront: {
    port: 3001,
    // Its pages are server-rendered: it publishes a Node build of its entry too (`server/remoteEntry.js`).
    serverRendered: true,
    title: 'Courseport Storefront',
    /** @type {RouteEntry[]} */
    routes: [
      // Home's featured courses: the best rated first (the storefront's `FEATURED_PATH`).
      { path: '/', module: 'HomePage', prefetch: () => FEATURED_PATH },
      {
        path: '/course-list',
        module: 'CourseListPage',
        prefetch: () => catalogPath(),
        queryParams: CATALOG_QUERY_PARAMS,
        largestImage: firstCardImage,
      },
      {
        path: '/course-list/:input',
        module: 'CourseListPage',
        prefetch: ({ input }) => catalogPath(input),
        queryParams: CATALOG_QUERY_PARAMS,
        largestImage: firstCardImage,
      },
      {
        path: '/course/:id',
        module: 'CourseDetailsPage',
        prefetch: ({ id = '' }) => `/api/course/${encodeURIComponent(id)}`,
        largestImage: (body) => thumbnailPreload(body?.courseData, COURSE_PAGE_THUMBNAIL_SIZES),
      },
      {
        path: '/instructor/:id',
        module: 'InstructorPage',
        prefetch: ({ id = '' }) => `/api/instructors/${encodeURIComponent(id)}`,
      },
      // Public, to confirm a certificate with, but about one person: kept out of search engines.
      {
        path: '/certificate/:id',
        module: 'CertificatePage',
        prefetch: ({ id = '' }) => `/api/certificates/${encodeURIComponent(id)}`,
        index: false,
      },
    ],
  },
  learner: {
    port: 3002,
    title: 'Courseport Learner',
    /** @type {RouteEntry[]} */
    routes: [
      { path: '/my-enrollments', module: 'MyEnrollmentsPage', index: false },
      { path: '/player/:courseId', module: 'PlayerPage', index: false },
      { path: '/loading/:path', module: 'PaymentReturnPage', index: false },
      { path: '/purchase-history', module: 'PurchaseHistoryPage', index: false },
      { path: '/wishlist', module: 'WishlistPage', index: false },
    ],
  },
  educator: {
    port: 3003,
    title: 'Courseport Educator',
    // The educator portal owns every /educator/* route, its layout and sidebar.
    /** @type {RouteEntry[]} */
    routes: [{ path: '/educator/*', module: 'EducatorPortal', guard: 'educator', navBar: false, index: false }],
  },
  admin: {
    port: 3004,
    title: 'Courseport Admin',
    // The dashboard's tabs are addresses under it (/admin/emails, ...): admin-mfe's AdminDashboardPage.
    /** @type {RouteEntry[]} */
    routes: [{ path: '/admin/*', module: 'AdminDashboardPage', navBar: false, index: false }],
  },
};

/** @typedef {keyof typeof PORTALS} PortalName */

/** @type {PortalName[]} */
export const PORTAL_NAMES = /** @type {any} */ (Object.keys(PORTALS));

/** @param {PortalName} name the portal's package folder */
export const portalDir = (name) => `${name}-mfe`;

/** @param {PortalName} name the variable that says where the portal is published, e.g. STOREFRONT_URL */
export const portalUrlVariable = (name) => `${name.toUpperCase()}_URL`;

/** @param {PortalName} name what the portal exposes: `{ './HomePage': './src/pages/HomePage.tsx' }` */
export function portalExposes(name) {
  const modules = new Set(PORTALS[name].routes.map((route) => route.module));
  return Object.fromEntries([...modules].map((module) => [`./${module}`, `./src/pages/${module}.tsx`]));
}

/** @param {PortalName} name whether the portal publishes a server build and its pages are server-rendered */
export const isServerRendered = (name) =>
  /** @type {{ serverRendered?: boolean }} */ (PORTALS[name]).serverRendered === true;

/** Every route of every portal, in the order they are matched, each with its portal's name. */
export const ROUTES = PORTAL_NAMES.flatMap((remote) => PORTALS[remote].routes.map((route) => ({ ...route, remote })));
