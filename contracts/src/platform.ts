/**
 * The platform in one place: the API, the shell and every portal, with its port, its package
 * folder and the routes it renders. The federation configs, the shell's route table and runtime
 * config, the start script, the edge server and the test set-up all read this: adding a portal
 * means adding one entry to PORTALS (and its `<name>-mfe/` package).
 *
 * A portal exposes one module per page, `./src/pages/<module>.tsx`, named by its routes.
 */
import { searchText } from './limits.js';
import {
  COURSE_CARD_THUMBNAIL_SIZES,
  COURSE_PAGE_THUMBNAIL_SIZES,
  type ThumbnailPreload,
  thumbnailPreload,
} from './thumbnail.js';
import type { CourseCatalogPage, CourseDetails } from './types.js';

/** One route of a portal. */
export interface RouteEntry {
  /** A URL pattern: `:name` is a parameter, a final `*` matches the rest. */
  path: string;
  /** The page the portal exposes for it. */
  module: string;
  /** Who may see it (the shell checks before loading the page). */
  guard?: 'educator';
  /** The page draws its own navigation: the shell hides its bar. */
  navBar?: false;
  /** The public API call the page starts with, fetched together with the page itself. */
  prefetch?: (params: Record<string, string>) => string;
  /**
   * The page's largest image (its LCP element), read from the prefetched answer (the JSON of
   * `prefetch`'s call): the preload hint that fetches what the page draws.
   */
  largestImage?: (body: unknown) => ThumbnailPreload | null;
  /**
   * The query parameters that change what the page fetches (the course list's filters and sort):
   * with any of them in the URL, the page's first call is not `prefetch`'s, so nothing is
   * prefetched (the server render fetches with them, see `loadPageData`).
   */
  queryParams?: readonly string[];
  /**
   * A signed-in or one-person page: search engines are asked to leave it out (`<meta name="robots"
   * content="noindex">`, a `Disallow` in robots.txt, not in the sitemap).
   */
  index?: false;
  /**
   * A signed-in user's page (#34): the shell's server renders it only for a returning user (with
   * the session cookie, as that user), and the browser asks for the profile and the page's data as
   * soon as the session is back.
   */
  signedIn?: true;
  /** Rendered in the browser only, even in a server-rendered portal. */
  serverRender?: false;
}

/** A portal (a Module Federation remote) as the platform describes it. */
export interface PortalDescription {
  port: number;
  title: string;
  /** Its pages are server-rendered: it publishes a Node build of its entry too (`server/remoteEntry.js`). */
  serverRendered?: true;
  routes: RouteEntry[];
}

/** The host: frame, navigation, sign-in, and the pages it renders itself. */
export interface ShellDescription {
  name: string;
  /** Its package folder. */
  dir: string;
  port: number;
  title: string;
  /** `signedIn`: a signed-in user's page, rendered on the shell's server for them (as a portal's route's, #34). */
  pages: Array<{ path: string; index?: false; signedIn?: true }>;
}

/** The catalog's first page for a search: exactly the path the storefront fetches, so a prefetched answer is taken. */
const catalogPath = (input = '') => {
  const search = searchText(input);
  return search ? `/api/course/all?search=${encodeURIComponent(search)}` : '/api/course/all';
};

/** Home's featured courses: the eight best rated (then most enrolled), exactly as the storefront asks. */
export const FEATURED_PATH = '/api/course/all?sort=rating&limit=8';

/** The course list's filters and sort (`CatalogQuery`): kept in its URL's query string. */
export const CATALOG_QUERY_PARAMS = ['category', 'level', 'price', 'rating', 'duration', 'sort'] as const;

/**
 * A prefetched answer, as the API's contract for that call types it. It is the JSON of the route's
 * own `prefetch` call; every field is read optionally, so an answer of another shape gives no image.
 */
const answerOf = <T>(body: unknown) => body as Partial<T> | null | undefined;

/**
 * The course list's LCP image: its first card's thumbnail (the one card whose image loads eagerly),
 * with the candidates and `sizes` the card's `<picture>` chooses from.
 */
const firstCardImage = (body: unknown) =>
  thumbnailPreload(answerOf<CourseCatalogPage>(body)?.courses?.[0], COURSE_CARD_THUMBNAIL_SIZES);

/** The API: its own process, reached by the browser through the shell's origin (`/api`). */
export const API = { port: 4000 };

export const SHELL: ShellDescription = {
  name: 'shell',
  dir: 'shell',
  port: 3000,
  title: 'Courseport',
  pages: [
    { path: '/reset-password', index: false },
    { path: '/confirm-email', index: false },
    // #35: a notification mail's unsubscribe page (no sign-in) and the mail settings.
    { path: '/unsubscribe', index: false },
    { path: '/settings/notifications', index: false, signedIn: true },
  ],
};

/** The portals by name: the names are the object's keys (`PortalName`), each checked as a `PortalDescription`. */
const describePortals = <Name extends string>(portals: Record<Name, PortalDescription>) => portals;

export const PORTALS = describePortals({
  storefront: {
    port: 3001,
    // Its pages are server-rendered: it publishes a Node build of its entry too (`server/remoteEntry.js`).
    serverRendered: true,
    title: 'Courseport Storefront',
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
        largestImage: (body) =>
          thumbnailPreload(answerOf<{ courseData: CourseDetails }>(body)?.courseData, COURSE_PAGE_THUMBNAIL_SIZES),
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
    serverRendered: true,
    title: 'Courseport Learner',
    routes: [
      { path: '/my-enrollments', module: 'MyEnrollmentsPage', index: false, signedIn: true },
      { path: '/player/:courseId', module: 'PlayerPage', index: false, signedIn: true },
      { path: '/loading/:path', module: 'PaymentReturnPage', index: false, serverRender: false },
      { path: '/purchase-history', module: 'PurchaseHistoryPage', index: false, signedIn: true },
      { path: '/wishlist', module: 'WishlistPage', index: false, signedIn: true },
    ],
  },
  educator: {
    port: 3003,
    serverRendered: true,
    title: 'Courseport Educator',
    // The educator portal owns every /educator/* route, its layout and sidebar.
    routes: [
      { path: '/educator/*', module: 'EducatorPortal', guard: 'educator', navBar: false, index: false, signedIn: true },
    ],
  },
  admin: {
    port: 3004,
    serverRendered: true,
    title: 'Courseport Admin',
    // The dashboard's tabs are addresses under it (/admin/emails, ...): admin-mfe's AdminDashboardPage.
    routes: [{ path: '/admin/*', module: 'AdminDashboardPage', navBar: false, index: false, signedIn: true }],
  },
});

/** A portal's name: a key of PORTALS. */
export type PortalName = keyof typeof PORTALS;

/** The portals (Module Federation remotes) the shell loads, as the platform description names them. */
export type RemoteName = PortalName;

/** `/runtime-config.json`, generated from the environment when the shell starts or deploys. */
export interface RuntimeConfig {
  apiBaseUrl: string;
  /** Each remote's `remoteEntry.js` URL (inlined in the shell's page as well). */
  remotes: Partial<Record<RemoteName, string>>;
  /**
   * For a visitor on a canary (#22): each such portal's live entry, where the shell goes when the
   * canary fails to load, before it shows Retry.
   */
  fallbacks?: Partial<Record<RemoteName, string>>;
}

/** Every portal's name, in PORTALS' order. */
export const PORTAL_NAMES = Object.keys(PORTALS) as PortalName[];

/** The portal's package folder. */
export const portalDir = (name: PortalName): string => `${name}-mfe`;

/** The variable that says where the portal is published, e.g. STOREFRONT_URL. */
export const portalUrlVariable = (name: PortalName): string => `${name.toUpperCase()}_URL`;

/** What the portal exposes: `{ './HomePage': './src/pages/HomePage.tsx' }`. */
export function portalExposes(name: PortalName): Record<string, string> {
  const modules = new Set(PORTALS[name].routes.map((route) => route.module));
  return Object.fromEntries([...modules].map((module) => [`./${module}`, `./src/pages/${module}.tsx`]));
}

/** Whether the portal publishes a server build and its pages are server-rendered. */
export const isServerRendered = (name: PortalName): boolean => PORTALS[name].serverRendered === true;

/** Every route of every portal, in the order they are matched, each with its portal's name. */
export const ROUTES: Array<RouteEntry & { remote: PortalName }> = PORTAL_NAMES.flatMap((remote) =>
  PORTALS[remote].routes.map((route) => ({ ...route, remote })),
);
