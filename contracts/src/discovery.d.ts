export type CourseLevel = 'beginner' | 'intermediate' | 'advanced';
export declare const COURSE_LEVELS: readonly CourseLevel[];
export declare const LEVEL_NAMES: Record<CourseLevel, string>;
export type DurationBucket = '0-1h' | '1-3h' | '3-6h' | '6-17h' | '17h+';
export declare const DURATION_BUCKETS: ReadonlyArray<{
  id: DurationBucket;
  name: string;
  from: number;
  to: number | null;
}>;
export type PriceFilter = 'free' | 'paid';
export declare const PRICE_FILTERS: readonly PriceFilter[];
export declare const MIN_RATINGS: readonly number[];
export type CatalogSort = 'relevance' | 'popular' | 'rating' | 'newest' | 'price-asc' | 'price-desc';
export declare const CATALOG_SORTS: readonly CatalogSort[];
export declare const SORT_NAMES: Record<CatalogSort, string>;
export declare const SUGGESTED_COURSES = 6;
export declare const SUGGESTED_CATEGORIES = 3;
