/**
 * The catalog's discovery vocabulary (#21): levels, filter values and sort orders, shared by the
 * API's validation, the storefront's filters and the URL they are kept in. Plain JavaScript.
 */

/** A course's level, chosen in the course form. */
export const COURSE_LEVELS = /** @type {const} */ (['beginner', 'intermediate', 'advanced']);
/** @type {Record<import('./discovery.js').CourseLevel, string>} */
export const LEVEL_NAMES = { beginner: 'Beginner', intermediate: 'Intermediate', advanced: 'Advanced' };

/**
 * Course length buckets (the sum of its lectures' minutes), as Udemy's filters have them:
 * `[fromMinutes, toMinutes)`; the last one has no end.
 * @type {ReadonlyArray<{ id: import('./discovery.js').DurationBucket; name: string; from: number; to: number | null }>}
 */
export const DURATION_BUCKETS = [
  { id: '0-1h', name: '0–1 hour', from: 0, to: 60 },
  { id: '1-3h', name: '1–3 hours', from: 60, to: 180 },
  { id: '3-6h', name: '3–6 hours', from: 180, to: 360 },
  { id: '6-17h', name: '6–17 hours', from: 360, to: 1020 },
  { id: '17h+', name: '17+ hours', from: 1020, to: null },
];

/** `price=`: free courses (price after discount is 0) or paid ones. */
export const PRICE_FILTERS = /** @type {const} */ (['free', 'paid']);
/** `rating=`: the least average rating (the mean, not its floor). */
export const MIN_RATINGS = /** @type {const} */ ([4.5, 4, 3.5, 3]);

/** `sort=`; `relevance` only with a search (the default then), `newest` the default without one. */
export const CATALOG_SORTS = /** @type {const} */ ([
  'relevance',
  'popular',
  'rating',
  'newest',
  'price-asc',
  'price-desc',
]);
/** @type {Record<import('./discovery.js').CatalogSort, string>} */
export const SORT_NAMES = {
  relevance: 'Most relevant',
  popular: 'Most popular',
  rating: 'Highest rated',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
};

/** Suggestions while typing: at most this many courses and categories. */
export const SUGGESTED_COURSES = 6;
export const SUGGESTED_CATEGORIES = 3;
