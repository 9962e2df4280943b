/**
 * The catalog's discovery vocabulary (#21): levels, filter values and sort orders, shared by the
 * API's validation, the storefront's filters and the URL they are kept in. Each type is derived
 * from its list of values, so the two cannot disagree.
 */

const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
/** A course's level, chosen in the course form. */
export type CourseLevel = (typeof LEVELS)[number];
export const COURSE_LEVELS: readonly CourseLevel[] = LEVELS;
export const LEVEL_NAMES: Record<CourseLevel, string> = {
  beginner: 'Beginner',
  intermediate: 'Intermediate',
  advanced: 'Advanced',
};

const BUCKETS = [
  { id: '0-1h', name: '0–1 hour', from: 0, to: 60 },
  { id: '1-3h', name: '1–3 hours', from: 60, to: 180 },
  { id: '3-6h', name: '3–6 hours', from: 180, to: 360 },
  { id: '6-17h', name: '6–17 hours', from: 360, to: 1020 },
  { id: '17h+', name: '17+ hours', from: 1020, to: null },
] as const;
/** A course length bucket's id (`duration=`). */
export type DurationBucket = (typeof BUCKETS)[number]['id'];
/**
 * Course length buckets (the sum of its lectures' minutes), as Udemy's filters have them:
 * `[fromMinutes, toMinutes)`; the last one has no end.
 */
export const DURATION_BUCKETS: ReadonlyArray<{ id: DurationBucket; name: string; from: number; to: number | null }> =
  BUCKETS;

const PRICES = ['free', 'paid'] as const;
/** `price=`: free courses (price after discount is 0) or paid ones. */
export type PriceFilter = (typeof PRICES)[number];
export const PRICE_FILTERS: readonly PriceFilter[] = PRICES;
/** `rating=`: the least average rating (the mean, not its floor). */
export const MIN_RATINGS: readonly number[] = [4.5, 4, 3.5, 3];

const SORTS = ['relevance', 'popular', 'rating', 'newest', 'price-asc', 'price-desc'] as const;
/** `sort=`; `relevance` only with a search (the default then), `newest` the default without one. */
export type CatalogSort = (typeof SORTS)[number];
export const CATALOG_SORTS: readonly CatalogSort[] = SORTS;
export const SORT_NAMES: Record<CatalogSort, string> = {
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
