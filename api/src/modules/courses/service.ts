import type {
  CatalogSort,
  CatalogSuggestions,
  Chapter,
  CourseCard,
  CourseDetails,
  Lecture,
} from '@courseport/contracts';
import { SEARCH_MAX_LENGTH, SUGGESTED_CATEGORIES, SUGGESTED_COURSES } from '@courseport/contracts';
import { badRequest, notFound } from '../../http/errors.js';
import { type PreparedJson, prepareJson } from '../../http/etag.js';
import { ID_PATTERN, type Store } from '../../store/index.js';
import { versionedCache } from '../../store/versioned-cache.js';
import {
  type CatalogEntry,
  type CatalogFilters,
  type CatalogQueryInput,
  catalogEntry,
  discoveryFields,
  facetsOf,
  filterEntries,
  filteredPage,
  type SearchIndex,
  searchEntries,
  searchIndexOf,
  sortEntries,
  words,
} from './discovery.js';
import { type CourseDoc, type CoursesRepository, coursesRepository, type LectureDoc } from './repository.js';

export const COURSE_NOT_FOUND = 'Course not found';

/** Integer floor of the mean rating, 0 when none. */
export function averageRating(ratings: ReadonlyArray<{ rating: number }>): number {
  if (ratings.length === 0) return 0;
  return Math.floor(ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length);
}

/**
 * A course's card. Its discovery fields (#21) are sent only when the course has them (a category
 * or level chosen, its duration stored), so the spec's answer for courses from before is unchanged.
 */
export function toCard(course: CourseDoc, categoryNames?: ReadonlyMap<string, string>): CourseCard {
  return {
    _id: course._id,
    courseTitle: course.courseTitle,
    courseThumbnail: course.courseThumbnail,
    ...(course.thumbnail ? { thumbnail: course.thumbnail } : {}),
    coursePrice: course.coursePrice,
    discount: course.discount,
    educator: course.educator?.name ? { _id: course.educator._id, name: course.educator.name } : null,
    averageRating: averageRating(course.courseRatings ?? []),
    ratingCount: course.courseRatings?.length ?? 0,
    enrolledCount: course.enrolledStudents?.length ?? 0,
    createdAt: new Date(course.createdAt).toISOString(),
    ...(typeof course.category === 'string'
      ? { category: { slug: course.category, name: categoryNames?.get(course.category) ?? course.category } }
      : {}),
    ...(typeof course.level === 'string' ? { level: course.level as CourseCard['level'] } : {}),
    ...(typeof course.durationMinutes === 'number' ? { durationMinutes: course.durationMinutes } : {}),
  };
}

/**
 * The public catalog read from the store (no cache: the instructor page, a student's enrolled
 * courses): published courses only, and never anyone's ids or paid lecture URLs.
 */
/**
 * A lesson as a course page answers it: what opens the lesson (a video's URL, an article's text, a
 * project's brief, a link resource's URL) only with `open` (free preview, enrolled, owner); a quiz
 * only as its summary, never its definition.
 */
function lessonFor(stored: LectureDoc, open: boolean): Lecture {
  const {
    lectureUrl,
    articleHtml,
    projectBrief,
    resources,
    quizDefinition: _neverSent,
    ...lesson
  } = stored as LectureDoc & { quizDefinition?: unknown };
  if (open) {
    return {
      ...lesson,
      ...(lectureUrl !== undefined ? { lectureUrl } : {}),
      ...(articleHtml !== undefined ? { articleHtml } : {}),
      ...(projectBrief !== undefined ? { projectBrief } : {}),
      ...(resources !== undefined ? { resources } : {}),
    };
  }
  return {
    ...lesson,
    ...(resources !== undefined ? { resources: resources.map(({ url: _url, ...resource }) => resource) } : {}),
  };
}

export const catalogOf = (store: Store) => catalogOver(coursesRepository(store));

function catalogOver(repo: CoursesRepository) {
  return {
    /** Every published course, newest first. */
    async list(categoryNames?: ReadonlyMap<string, string>): Promise<CourseCard[]> {
      return (await this.entries(categoryNames)).map((e) => e.card);
    },

    /** Every published course with what discovery filters, sorts and searches on, newest first. */
    async entries(categoryNames?: ReadonlyMap<string, string>): Promise<CatalogEntry[]> {
      const courses = await repo.find(
        { isPublished: true },
        {
          sort: { createdAt: -1 },
          projection: { courseDescription: 0, courseContent: 0 },
        },
      );
      return sortEntries(
        courses.map((course) => catalogEntry(course, toCard(course, categoryNames))),
        'newest',
      );
    },

    /** An educator's published courses, newest first, with every rating of them (for their instructor page). */
    async byEducator(
      educatorId: string,
      categoryNames?: ReadonlyMap<string, string>,
    ): Promise<{ cards: CourseCard[]; ratings: number[] }> {
      const courses = await repo.find(
        { isPublished: true, 'educator._id': educatorId },
        { sort: { createdAt: -1 }, projection: { courseDescription: 0, courseContent: 0 } },
      );
      return {
        cards: courses.map((c) => toCard(c, categoryNames)),
        ratings: courses.flatMap((c) => (c.courseRatings ?? []).map((r) => r.rating)),
      };
    },

    /**
     * Lecture URLs: free previews for everyone, all lectures for enrolled students and the owner. A
     * course that is not published (a draft, unpublished, archived) is a 404 for anyone but its
     * owner and admins (`isAdmin`, asked only then).
     */
    async details(id: string, viewerId?: string, isAdmin?: () => Promise<boolean>): Promise<CourseDetails> {
      const filter = viewerId === undefined ? { _id: id, isPublished: true } : { _id: id };
      const course = ID_PATTERN.test(id) ? await repo.findOne(filter) : null;
      if (!course) throw notFound(COURSE_NOT_FOUND);
      if (!course.isPublished && course.educator._id !== viewerId && !(await isAdmin?.())) {
        throw notFound(COURSE_NOT_FOUND);
      }
      return this.detailsOf(course, viewerId);
    },

    detailsOf(course: CourseDoc, viewerId?: string): CourseDetails {
      const fullAccess =
        viewerId !== undefined && (course.educator._id === viewerId || course.enrolledStudents.includes(viewerId));
      const courseContent: Chapter[] = [...course.courseContent]
        .sort((a, b) => a.chapterOrder - b.chapterOrder)
        .map((chapter) => ({
          chapterId: chapter.chapterId,
          chapterTitle: chapter.chapterTitle,
          chapterOrder: chapter.chapterOrder,
          chapterContent: [...chapter.chapterContent]
            .sort((a, b) => a.lectureOrder - b.lectureOrder)
            .map((lecture) => lessonFor(lecture, fullAccess || lecture.isPreviewFree)),
        }));
      return { ...toCard(course), courseDescription: course.courseDescription, courseContent };
    },
  };
}

export { SHARED_STORE_MAX_AGE_MS } from '../../store/versioned-cache.js';

/**
 * The same for the published catalog, whose rebuild reads every published course: at 5,000 courses
 * a rebuild every 5 s kept FerretDB busy enough to double the filter row's p99 (docs/performance.md).
 * Writes reach other processes within a poll through their announcements (SharedWriteVersions);
 * this bounds only what a process that crashed between a write and its announcement leaves stale.
 */
export const SHARED_CATALOG_MAX_AGE_MS = 60_000;

/** Catalog pages: how many cards `GET /api/course/all` sends when no `limit` is given, and at most. */
export { CATALOG_MAX_PAGE_SIZE, CATALOG_PAGE_SIZE } from './discovery.js';
/** How many prepared catalog pages (per search, offset and limit) are kept at once. */
export const CATALOG_PAGES_KEPT = 500;

export interface CatalogPageQuery extends Partial<Omit<CatalogQueryInput, 'offset' | 'limit'>> {
  /** Trimmed; empty or missing for every published course. */
  search?: string;
  offset: number;
  limit: number;
}

/** How long a suggestion answer may be cached by browsers and proxies. */
export const SUGGEST_MAX_AGE_S = 30;

/**
 * The public catalog served from memory: the published cards, the `GET /api/course/all` pages
 * (serialized, hashed and compressed once per query), and the anonymous course pages, rebuilt after
 * any write to the courses or categories collections (a new course, an enrollment, a rating).
 * Discovery's filters, sorts, facets and search run over the cached list in memory (a few
 * milliseconds at 5,000 courses; docs/performance.md), the same on both stores.
 * Only the embedded store is owned by one process; on MongoDB another API process may write, so
 * values also expire. Built once by the composition root: the modules that read the catalog
 * (courses, wishlist) share its cache and its rebuilds.
 */
export function catalogCache(store: Store, categories: CategoryList) {
  return buildCatalogCache(coursesRepository(store), store, categories);
}

/** Every category (slug and name), by name: what the categories module gives the catalog. */
export type CategoryList = () => Promise<Array<{ slug: string; name: string }>>;

function buildCatalogCache(
  repo: CoursesRepository,
  store: Pick<Store, 'kind' | 'writeVersion'>,
  categoryList: CategoryList,
) {
  const catalog = catalogOver(repo);
  const options = {
    // Both only grow, so their sum changes whenever either does.
    version: () => store.writeVersion('courses') + store.writeVersion('categories'),
    maxAgeMs: store.kind === 'embedded' ? Number.POSITIVE_INFINITY : SHARED_CATALOG_MAX_AGE_MS,
  };
  const published = versionedCache<
    'all',
    {
      entries: CatalogEntry[];
      /** Built on the first search after a change (most rebuilds, after an enrollment, see none). */
      index: () => SearchIndex;
      categories: Array<{ slug: string; name: string; terms: string[] }>;
      /** The list in each sort order but relevance, sorted on first use after a change. */
      inOrder: (sort: Exclude<CatalogSort, 'relevance'>) => CatalogEntry[];
    }
  >({ ...options, maxEntries: 1 });
  const pages = versionedCache<string, PreparedJson>({ ...options, maxEntries: CATALOG_PAGES_KEPT });
  const anonymousPages = versionedCache<string, PreparedJson>({ ...options, maxEntries: 1_000 });
  const suggestions = versionedCache<string, CatalogSuggestions>({ ...options, maxEntries: 1_000 });

  const all = () =>
    published.get('all', async () => {
      const categories = (await categoryList()).map((c) => ({ slug: c.slug, name: c.name, terms: words(c.name) }));
      const entries = await catalog.entries(new Map(categories.map((c) => [c.slug, c.name])));
      let index: SearchIndex | undefined;
      const orders = new Map<CatalogSort, CatalogEntry[]>([['newest', entries]]);
      const inOrder = (sort: Exclude<CatalogSort, 'relevance'>) => {
        const sorted = orders.get(sort) ?? sortEntries([...entries], sort);
        orders.set(sort, sorted);
        return sorted;
      };
      return { entries, index: () => (index ??= searchIndexOf(entries)), categories, inOrder };
    });

  async function suggestFor(text: string): Promise<CatalogSuggestions> {
    const { entries, index, categories } = await all();
    const scores = searchEntries(entries, text, index());
    const courses = sortEntries(
      entries.filter((e) => scores.has(e)),
      'relevance',
      scores,
    )
      .slice(0, SUGGESTED_COURSES)
      .map((e) => ({
        _id: e.card._id,
        courseTitle: e.card.courseTitle,
        educatorName: e.card.educator?.name ?? null,
      }));
    const terms = words(text);
    const matchingCategories = categories
      .filter((c) => terms.every((t) => c.terms.some((w) => w.startsWith(t))))
      .slice(0, SUGGESTED_CATEGORIES)
      .map(({ slug, name }) => ({ slug, name }));
    return { courses, categories: matchingCategories };
  }

  /** A course page's category with its current name (the cards of the cached list have it already). */
  async function named(details: CourseDetails): Promise<CourseDetails> {
    if (!details.category) return details;
    const { categories } = await all();
    const name = categories.find((c) => c.slug === details.category?.slug)?.name ?? details.category.name;
    return { ...details, category: { slug: details.category.slug, name } };
  }

  async function run(query: CatalogPageQuery) {
    const { entries, index, categories, inOrder } = await all();
    const search = query.search ?? '';
    const filters: CatalogFilters = {
      category: query.category,
      level: query.level,
      price: query.price,
      minPrice: query.minPrice,
      maxPrice: query.maxPrice,
      rating: query.rating,
      duration: query.duration,
    };
    const known = new Set(categories.map((c) => c.slug));
    const unknown = query.category?.find((slug) => !known.has(slug));
    if (unknown !== undefined) throw badRequest(`Category "${unknown}" does not exist`);
    if (query.sort === 'relevance' && !search) throw badRequest('Sort by relevance needs a search');
    const scores = search ? searchEntries(entries, search, index()) : undefined;
    const searched = scores ? entries.filter((e) => scores.has(e)) : entries;
    const sort: CatalogSort = query.sort ?? (search ? 'relevance' : 'newest');
    const { offset, limit } = query;
    // Filtering keeps the order: every sort but relevance is a pass over the list sorted once per change.
    const { page, total } =
      sort === 'relevance'
        ? filteredPage(sortEntries(filterEntries(searched, filters), sort, scores), {}, offset, limit)
        : filteredPage(inOrder(sort), filters, offset, limit, scores && ((e) => scores.has(e)));
    return { page, total, searched, filters, categories };
  }

  return {
    /** The body of `GET /api/course/all`: one page of the matching published cards, and their total (and facets). */
    page(query: CatalogPageQuery): Promise<PreparedJson> {
      return pages.get(JSON.stringify(query), async () => {
        const { page, total, searched, filters, categories } = await run(query);
        const body = {
          success: true,
          courses: page.map((e) => e.card),
          total,
          ...(query.facets === '1' ? { facets: facetsOf(searched, filters, categories) } : {}),
        };
        return prepareJson(body);
      });
    },

    /** While typing: courses whose title, educator or description words begin with the words, and categories. */
    async suggest(q: string): Promise<CatalogSuggestions> {
      const text = q.trim().slice(0, SEARCH_MAX_LENGTH);
      if (text.length < 2 || words(text).length === 0) return { courses: [], categories: [] };
      return suggestions.get(words(text).join(' '), () => suggestFor(text));
    },

    /** The body of `GET /api/course/:id` for a visitor who is not signed in. */
    anonymousPage: (id: string) =>
      anonymousPages.get(id, async () =>
        prepareJson({ success: true, courseData: await named(await catalog.details(id)) }),
      ),

    details: async (id: string, viewerId?: string, isAdmin?: () => Promise<boolean>) =>
      named(await catalog.details(id, viewerId, isAdmin)),

    /** The published cards by id (for the wishlist). */
    async cards(): Promise<ReadonlyMap<string, CatalogEntry>> {
      const { entries } = await all();
      return new Map(entries.map((e) => [e.card._id, e]));
    },
  };
}

/**
 * Courses stored before discovery (#21), or written straight into the store, get their derived
 * fields (`discoveryFields`). Run at start; returns how many were updated.
 */
export async function backfillDiscovery(repo: CoursesRepository): Promise<number> {
  const missing = await repo.find(
    { $or: [{ durationMinutes: { $exists: false } }, { descriptionTerms: { $exists: false } }] },
    { projection: { courseDescription: 1, courseContent: 1 } },
  );
  for (const course of missing) await repo.updateOne({ _id: course._id }, { $set: discoveryFields(course) });
  return missing.length;
}

/**
 * The course document's derived lists: `enrolledStudents`, kept in step by the enrollments module,
 * and `courseRatings`, rebuilt from the rating records (both only through here).
 */
export function courseProjections(repo: CoursesRepository) {
  return {
    addStudent: (courseId: string, userId: string) =>
      repo.updateOne({ _id: courseId }, { $addToSet: { enrolledStudents: userId } }),
    removeStudent: (courseId: string, userId: string) =>
      repo.updateOne({ _id: courseId }, { $pull: { enrolledStudents: userId } }),
    /** The ratings list and the version it was built at (0: never rebuilt from rating records). */
    async ratings(courseId: string): Promise<{ version: number; list: CourseDoc['courseRatings'] } | null> {
      const course = await repo.findOne({ _id: courseId }, { projection: { ratingsVersion: 1, courseRatings: 1 } });
      if (!course) return null;
      return { version: (course.ratingsVersion as number | undefined) ?? 0, list: course.courseRatings ?? [] };
    },
    /** Replaces the list if nobody rebuilt it since `version` was read; false when someone did. */
    async replaceRatings(
      courseId: string,
      version: number,
      ratings: Array<{ userId: string; rating: number }>,
    ): Promise<boolean> {
      const filter =
        version === 0
          ? { $or: [{ ratingsVersion: { $exists: false } }, { ratingsVersion: 0 }] }
          : { ratingsVersion: version };
      const result = await repo.updateOne(
        { _id: courseId, ...filter },
        { $set: { courseRatings: ratings, ratingsVersion: version + 1 } },
      );
      return result.matched === 1;
    },
  };
}

/**
 * Thumbnails are stored as absolute URLs of the API (`<PUBLIC_API_URL>/api/media/<id>…`, and the
 * renditions' `thumbnail.base`). When the API's public URL changes (one origin since this version,
 * a new domain), stored ones would point at the old address, which the page's CSP no longer
 * allows: rewrite them at start. Each course is rewritten only if it is still as it was read.
 */
export async function rebaseThumbnails(repo: CoursesRepository, publicApiUrl: string): Promise<number> {
  const courses = await repo.find(
    { courseThumbnail: { $regex: /^https?:\/\/[^/]+\/api\/media\/[^/?#]+(\/[^/?#]+)?$/ } },
    { projection: { courseThumbnail: 1, thumbnail: 1 } },
  );
  const rebase = (url: string) => publicApiUrl + new URL(url).pathname;
  let rebased = 0;
  for (const course of courses) {
    const { courseThumbnail, thumbnail } = course;
    const wanted = rebase(courseThumbnail);
    const wantedBase = thumbnail && /^https?:\/\//.test(thumbnail.base) ? rebase(thumbnail.base) : thumbnail?.base;
    if (courseThumbnail === wanted && thumbnail?.base === wantedBase) continue;
    await repo.updateOne(
      { _id: course._id, courseThumbnail, ...(thumbnail ? { 'thumbnail.base': thumbnail.base } : {}) },
      { $set: { courseThumbnail: wanted, ...(thumbnail ? { 'thumbnail.base': wantedBase } : {}) } },
    );
    rebased += 1;
  }
  return rebased;
}
export type CatalogCache = ReturnType<typeof catalogCache>;
export type Catalog = ReturnType<typeof catalogOf>;
export type CourseProjections = ReturnType<typeof courseProjections>;

/** The start-up backfills and the derived lists over the store's courses (which only this module opens). */
export const backfillDiscoveryOf = (store: Store) => backfillDiscovery(coursesRepository(store));
export const rebaseThumbnailsOf = (store: Store, publicApiUrl: string) =>
  rebaseThumbnails(coursesRepository(store), publicApiUrl);
export const courseProjectionsOf = (store: Store) => courseProjections(coursesRepository(store));
