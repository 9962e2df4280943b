import type { Chapter, CourseCard, CourseDetails } from '@courseport/shared-ui/contracts';
import { notFound } from '../../http/errors.js';
import { type PreparedJson, prepareJson } from '../../http/etag.js';
import { ID_PATTERN, type Store } from '../../store/index.js';
import { versionedCache } from '../../store/versioned-cache.js';
import type { CourseDoc, CoursesRepository } from './repository.js';

export const COURSE_NOT_FOUND = 'Course not found';

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Integer floor of the mean rating, 0 when none (spec §9). */
export function averageRating(ratings: ReadonlyArray<{ rating: number }>): number {
  if (ratings.length === 0) return 0;
  return Math.floor(ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length);
}

function toCard(course: CourseDoc): CourseCard {
  return {
    _id: course._id,
    courseTitle: course.courseTitle,
    courseThumbnail: course.courseThumbnail,
    coursePrice: course.coursePrice,
    discount: course.discount,
    educator: course.educator?.name ? { name: course.educator.name } : null,
    averageRating: averageRating(course.courseRatings ?? []),
    ratingCount: course.courseRatings?.length ?? 0,
    enrolledCount: course.enrolledStudents?.length ?? 0,
    createdAt: new Date(course.createdAt).toISOString(),
  };
}

/** The public catalog: published courses only, and never anyone's ids or paid lecture URLs. */
export function catalogService(repo: CoursesRepository) {
  return {
    async list(search?: string): Promise<CourseCard[]> {
      const filter: Record<string, unknown> = { isPublished: true };
      if (search) filter.courseTitle = { $regex: new RegExp(escapeRegex(search), 'i') };
      const courses = await repo.find(filter, {
        sort: { createdAt: -1 },
        projection: { courseDescription: 0, courseContent: 0 },
      });
      return courses.map(toCard);
    },

    /** Lecture URLs: free previews for everyone, all lectures for enrolled students and the owner. */
    async details(id: string, viewerId?: string): Promise<CourseDetails> {
      const course = ID_PATTERN.test(id) ? await repo.findOne({ _id: id, isPublished: true }) : null;
      if (!course) throw notFound(COURSE_NOT_FOUND);
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

/**
 * The public catalog served from memory: the published cards and the `GET /api/course/all` body
 * (serialized, hashed and compressed once), and the anonymous course pages, rebuilt after any
 * write to the courses collection (a new course, an enrollment, a rating). Only the embedded store
 * is owned by one process; on MongoDB another API process may write, so values also expire.
 */
export function cachedCatalog(repo: CoursesRepository, store: Pick<Store, 'kind' | 'writeVersion'>) {
  const catalog = catalogService(repo);
  const options = {
    version: () => store.writeVersion('courses'),
    maxAgeMs: store.kind === 'embedded' ? Number.POSITIVE_INFINITY : SHARED_STORE_MAX_AGE_MS,
  };
  const published = versionedCache<'all', { cards: CourseCard[]; body: PreparedJson }>({ ...options, maxEntries: 1 });
  const anonymousPages = versionedCache<string, PreparedJson>({ ...options, maxEntries: 1_000 });

  const all = () =>
    published.get('all', async () => {
      const cards = await catalog.list();
      return { cards, body: prepareJson({ success: true, courses: cards }) };
    });

  return {
    /** The body of `GET /api/course/all` without a search. */
    allBody: async () => (await all()).body,

    /** Case-insensitive, literal match on titles: what the store's escaped `$regex` did, in memory. */
    async search(text: string): Promise<CourseCard[]> {
      const pattern = new RegExp(escapeRegex(text), 'i');
      return (await all()).cards.filter((card) => pattern.test(card.courseTitle));
    },

    /** The body of `GET /api/course/:id` for a visitor who is not signed in. */
    anonymousPage: (id: string) =>
      anonymousPages.get(id, async () => prepareJson({ success: true, courseData: await catalog.details(id) })),

    details: (id: string, viewerId?: string) => catalog.details(id, viewerId),
  };
}
