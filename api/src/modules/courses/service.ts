import type { Chapter, CourseCard, CourseDetails } from '@courseport/contracts';
import { notFound } from '../../http/errors.js';
import { type PreparedJson, prepareJson } from '../../http/etag.js';
import { ID_PATTERN, type Store } from '../../store/index.js';
import { versionedCache } from '../../store/versioned-cache.js';
import type { CourseDoc, CoursesRepository } from './repository.js';

export const COURSE_NOT_FOUND = 'Course not found';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Integer floor of the mean rating, 0 when none. */
export function averageRating(ratings: ReadonlyArray<{ rating: number }>): number {
  if (ratings.length === 0) return 0;
  return Math.floor(ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length);
}

function toCard(course: CourseDoc): CourseCard {
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
  };
}

/** The public catalog: published courses only, and never anyone's ids or paid lecture URLs. */
export function catalogService(repo: CoursesRepository) {
  return {
    /** Every published course, newest first. */
    async list(): Promise<CourseCard[]> {
      const courses = await repo.find(
        { isPublished: true },
        {
          sort: { createdAt: -1 },
          projection: { courseDescription: 0, courseContent: 0 },
        },
      );
      return courses.map(toCard);
    },

    /** An educator's published courses, newest first, with every rating of them (for their instructor page). */
    async byEducator(educatorId: string): Promise<{ cards: CourseCard[]; ratings: number[] }> {
      const courses = await repo.find(
        { isPublished: true, 'educator._id': educatorId },
        { sort: { createdAt: -1 }, projection: { courseDescription: 0, courseContent: 0 } },
      );
      return {
        cards: courses.map(toCard),
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
            .map(({ lectureUrl, ...lecture }) => ({
              ...lecture,
              ...(fullAccess || lecture.isPreviewFree ? { lectureUrl } : {}),
            })),
        }));
      return { ...toCard(course), courseDescription: course.courseDescription, courseContent };
    },
  };
}

/** How long a cached catalog may miss writes made by another API process sharing the database. */
export const SHARED_STORE_MAX_AGE_MS = 5_000;

/** Catalog pages: how many cards `GET /api/course/all` sends when no `limit` is given, and at most. */
export const CATALOG_PAGE_SIZE = 48;
export const CATALOG_MAX_PAGE_SIZE = 100;
/** How many prepared catalog pages (per search, offset and limit) are kept at once. */
export const CATALOG_PAGES_KEPT = 500;

export interface CatalogPageQuery {
  /** Trimmed; empty or missing for every published course. */
  search?: string;
  offset: number;
  limit: number;
}

/**
 * The public catalog served from memory: the published cards, the `GET /api/course/all` pages
 * (serialized, hashed and compressed once per search, offset and limit), and the anonymous course
 * pages, rebuilt after any write to the courses collection (a new course, an enrollment, a rating).
 * Only the embedded store is owned by one process; on MongoDB another API process may write, so
 * values also expire.
 */
export function cachedCatalog(repo: CoursesRepository, store: Pick<Store, 'kind' | 'writeVersion'>) {
  const catalog = catalogService(repo);
  const options = {
    version: () => store.writeVersion('courses'),
    maxAgeMs: store.kind === 'embedded' ? Number.POSITIVE_INFINITY : SHARED_STORE_MAX_AGE_MS,
  };
  const published = versionedCache<'all', CourseCard[]>({ ...options, maxEntries: 1 });
  const pages = versionedCache<string, PreparedJson>({ ...options, maxEntries: CATALOG_PAGES_KEPT });
  const anonymousPages = versionedCache<string, PreparedJson>({ ...options, maxEntries: 1_000 });

  const all = () => published.get('all', () => catalog.list());

  /** Case-insensitive, literal match on titles: what the store's escaped `$regex` did, in memory. */
  async function matching(search: string): Promise<CourseCard[]> {
    const cards = await all();
    if (!search) return cards;
    const pattern = new RegExp(escapeRegex(search), 'i');
    return cards.filter((card) => pattern.test(card.courseTitle));
  }

  return {
    /** The body of `GET /api/course/all`: one page of the (matching) published cards, newest first, and their total. */
    page({ search = '', offset, limit }: CatalogPageQuery): Promise<PreparedJson> {
      return pages.get(JSON.stringify([search, offset, limit]), async () => {
        const cards = await matching(search);
        return prepareJson({ success: true, courses: cards.slice(offset, offset + limit), total: cards.length });
      });
    },

    /** The body of `GET /api/course/:id` for a visitor who is not signed in. */
    anonymousPage: (id: string) =>
      anonymousPages.get(id, async () => prepareJson({ success: true, courseData: await catalog.details(id) })),

    details: (id: string, viewerId?: string, isAdmin?: () => Promise<boolean>) =>
      catalog.details(id, viewerId, isAdmin),
  };
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
