/**
 * Courses (the `courses` collection): the public catalog and its cache, a course's lifecycle
 * status, its derived lists (enrolled students, ratings) and the thumbnail and discovery backfills.
 * Calls media (thumbnail renditions); the categories' names come through the `CategoryList` port.
 * Other modules reach a course's data through `courseRecords` and `courseProjectionsOf`, never the
 * collection.
 */
export {
  CATALOG_MAX_PAGE_SIZE,
  CATALOG_PAGE_SIZE,
  type CatalogEntry,
  catalogQuerySchema,
  discoveryFields,
  durationOf,
  priceAfterDiscount,
  words,
} from './discovery.js';
export {
  COURSE_NOT_AVAILABLE,
  COURSE_STATUSES,
  type CourseStatus,
  statusFields,
  statusOf,
} from './lifecycle-status.js';
export { type CourseRecords, courseRecords, type HostedVideoFacts, lessonFactsOf } from './records.js';
export { type ChapterDoc, COURSE_INDEXES, type CourseDoc, type LectureDoc } from './repository.js';
export { type CourseServices, courseRoutes } from './routes.js';
export { sanitizeDescription } from './sanitize.js';
export {
  averageRating,
  backfillDiscoveryOf,
  CATALOG_PAGES_KEPT,
  type Catalog,
  type CatalogCache,
  type CatalogPageQuery,
  type CategoryList,
  COURSE_NOT_FOUND,
  type CourseProjections,
  catalogCache,
  catalogOf,
  courseProjectionsOf,
  rebaseThumbnailsOf,
  SHARED_CATALOG_MAX_AGE_MS,
  SHARED_STORE_MAX_AGE_MS,
  SUGGEST_MAX_AGE_S,
  toCard,
} from './service.js';
export { type BackfillResult, backfillThumbnails, CLAIM_TTL_MS } from './thumbnail-backfill.js';
