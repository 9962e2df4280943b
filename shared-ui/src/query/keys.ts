/**
 * The query keys of the whole platform, in one place, so one portal can invalidate what another
 * shows (the cache is the shared-ui singleton's). Hierarchical: invalidating `queryKeys.user.all`
 * covers every key below it. Data of the signed-in user lives under `user`, `educator` and `admin`
 * (cleared when the user changes); `catalog` and `course` are public.
 */
export const queryKeys = {
  /** `GET /api/config` (public): the platform's public settings (currency, auth and payment modes). */
  config: () => ['config'] as const,
  user: {
    all: ['user'] as const,
    /** `GET /api/user/data` → `user` (roles, enrolled course ids). */
    profile: () => ['user', 'profile'] as const,
    /** `GET /api/user/enrolled-courses`. */
    enrolledCourses: () => ['user', 'enrolled-courses'] as const,
    /** `POST /api/user/get-course-progress` for one course; `progress()` for all of them. */
    progress: (courseId?: string) =>
      courseId === undefined ? (['user', 'progress'] as const) : (['user', 'progress', courseId] as const),
    /** `GET /api/user/purchases`: the purchase history. */
    purchases: () => ['user', 'purchases'] as const,
    /** `GET /api/user/educator-request` → `request`: the caller's latest educator request. */
    educatorRequest: () => ['user', 'educator-request'] as const,
    /** `GET /api/user/continue-learning`: the caller's unfinished courses, with the lecture to continue. */
    continueLearning: () => ['user', 'continue-learning'] as const,
    /** `GET /api/user/certificates/:courseId` → `certificate`: the caller's certificate of a completed course. */
    certificate: (courseId: string) => ['user', 'certificate', courseId] as const,
    /** `GET /api/user/reviews/:courseId` → `review`: the caller's own review of a course (null when none). */
    review: (courseId: string) => ['user', 'review', courseId] as const,
    /** `GET /api/user/wishlist` → `wishlist[]`: the caller's saved courses, newest saved first. */
    wishlist: () => ['user', 'wishlist'] as const,
  },
  certificate: {
    all: ['certificate'] as const,
    /** `GET /api/certificates/:id` (public): a certificate's verification. */
    verification: (id: string) => ['certificate', id] as const,
  },
  catalog: {
    all: ['catalog'] as const,
    /**
     * `GET /api/course/all?search&offset&category…&sort`: pages of the catalog for a search ('' for
     * every course) and the filters and sort (`CatalogQuery`'s, as strings; none: `{ search }` only,
     * the key the shell's server render fills for the unfiltered list).
     */
    pages: (search = '', filters: Readonly<Record<string, string>> = {}) =>
      ['catalog', { search, ...filters }] as const,
    /** `GET /api/course/all?…&limit=1&facets=1`: the filter counts of an unfiltered search. */
    facets: (search = '') => ['catalog', 'facets', { search }] as const,
    /** `GET /api/course/all?sort=rating&limit=8`: Home's featured courses (best rated first). */
    featured: () => ['catalog', 'featured'] as const,
    /** `GET /api/categories`: every category with its number of published courses. */
    categories: () => ['catalog', 'categories'] as const,
    /** `GET /api/course/suggest?q=`: suggestions while typing. */
    suggestions: (text: string) => ['catalog', 'suggest', text] as const,
  },
  course: {
    all: ['course'] as const,
    /** `GET /api/course/:id`. */
    details: (courseId: string) => ['course', courseId] as const,
    /**
     * `GET /api/course/:id/reviews?page=N`: the pages of a course's written reviews and its rating
     * breakdown. Below `details(courseId)`: invalidating the course refetches its reviews too.
     */
    reviews: (courseId: string) => ['course', courseId, 'reviews'] as const,
  },
  categories: {
    /** `GET /api/categories` (public): the admin-managed categories, by name, with their course counts. */
    all: ['categories'] as const,
  },
  instructor: {
    /** `GET /api/instructors/:id`: an educator's public page. */
    profile: (educatorId: string) => ['instructor', educatorId] as const,
  },
  educator: {
    all: ['educator'] as const,
    /** `GET /api/educator/dashboard`. */
    dashboard: () => ['educator', 'dashboard'] as const,
    /** `GET /api/educator/courses`. */
    courses: () => ['educator', 'courses'] as const,
    /** `GET /api/educator/courses/:id`: one of the caller's courses, for the editor. */
    course: (courseId: string) => ['educator', 'course', courseId] as const,
    /** `GET /api/educator/enrolled-students`. */
    enrolledStudents: () => ['educator', 'enrolled-students'] as const,
    /** `GET /api/educator/profile`: the caller's own bio, name and photo. */
    profile: () => ['educator', 'profile'] as const,
    /** `GET /api/educator/coupons`: the educator's coupons. */
    coupons: () => ['educator', 'coupons'] as const,
    /** `GET /api/educator/reviews?page=N`: written reviews of the caller's courses; `reviews()` for every page. */
    reviews: (page?: number) =>
      page === undefined ? (['educator', 'reviews'] as const) : (['educator', 'reviews', page] as const),
  },
  admin: {
    all: ['admin'] as const,
    /** `GET /api/user/educator-requests`. */
    educatorRequests: () => ['admin', 'educator-requests'] as const,
    /** `GET /api/user/admin-emails`. */
    emails: () => ['admin', 'emails'] as const,
    /** The admin's purchases list (refunds). */
    purchases: () => ['admin', 'purchases'] as const,
    /** `GET /api/admin/reviews?page=N&status=all|hidden`; `reviews()` for every filter and page. */
    reviews: (status?: 'all' | 'hidden', page?: number) =>
      status === undefined ? (['admin', 'reviews'] as const) : (['admin', 'reviews', { status, page }] as const),
    /** The release console (#22): invalidating `releases.all` refreshes the registry, its audit and the shell's status. */
    releases: {
      all: ['admin', 'releases'] as const,
      /** `GET /api/admin/releases`: every portal's live and canary versions. */
      registry: () => ['admin', 'releases', 'registry'] as const,
      /** `GET /api/admin/releases/audit?page=N[&portal=x]`; `audit()` for every filter and page. */
      audit: (portal?: string, page?: number) =>
        page === undefined
          ? (['admin', 'releases', 'audit'] as const)
          : (['admin', 'releases', 'audit', { portal: portal ?? 'all', page }] as const),
      /** `GET /release-status.json` (the shell's server): what the shell serves and what it refused. */
      shellStatus: () => ['admin', 'releases', 'shell-status'] as const,
    },
  },
} as const;

/** The roots of every key that belongs to the signed-in user (removed when the user changes). */
export const SESSION_SCOPED_KEYS = [queryKeys.user.all, queryKeys.educator.all, queryKeys.admin.all] as const;
