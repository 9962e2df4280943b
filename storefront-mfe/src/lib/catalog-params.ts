import {
  CATALOG_SORTS,
  type CatalogSort,
  COURSE_LEVELS,
  type CourseLevel,
  DURATION_BUCKETS,
  type DurationBucket,
  LEVEL_NAMES,
  MIN_RATINGS,
  PRICE_FILTERS,
  type PriceFilter,
  SORT_NAMES,
} from '@courseport/shared-ui';

/**
 * The course list's filters and sort, as kept in the URL's query string
 * (`/course-list/koa?category=web-development,design&price=free&sort=rating`): the same names and
 * comma-separated lists as the API's `CatalogQuery`. The search stays in the path.
 */
export interface CatalogFilters {
  category: string[];
  level: CourseLevel[];
  price: PriceFilter | null;
  rating: number | null;
  duration: DurationBucket[];
  sort: CatalogSort | null;
}

export const NO_FILTERS: CatalogFilters = {
  category: [],
  level: [],
  price: null,
  rating: null,
  duration: [],
  sort: null,
};

/**
 * The order of the parameters, in the URL and in the API's path. The shell prefetches nothing for
 * a course list URL with one of them (`CATALOG_QUERY_PARAMS` in contracts/src/platform.ts: the same).
 */
export const PARAM_ORDER = ['category', 'level', 'price', 'rating', 'duration', 'sort'] as const;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const list = (value: string | null): string[] =>
  [...new Set((value ?? '').split(',').map((part) => part.trim()))].filter(Boolean);

const oneOf = <T extends string>(values: readonly T[], value: string): value is T =>
  (values as readonly string[]).includes(value);

/**
 * The filters a query string names. Unknown values are dropped (a hand-edited or outdated link
 * still shows a list, never an error from the API); `relevance` only counts with a search.
 */
export function parseFilters(params: URLSearchParams, searching: boolean): CatalogFilters {
  const rating = Number(params.get('rating'));
  const sort = params.get('sort') ?? '';
  const price = params.get('price') ?? '';
  return {
    category: list(params.get('category')).filter((slug) => SLUG.test(slug)),
    level: list(params.get('level')).filter((value) => oneOf(COURSE_LEVELS, value)),
    price: oneOf(PRICE_FILTERS, price) ? price : null,
    rating: params.has('rating') && MIN_RATINGS.includes(rating) ? rating : null,
    duration: list(params.get('duration')).filter((value): value is DurationBucket =>
      DURATION_BUCKETS.some((bucket) => bucket.id === value),
    ),
    sort: oneOf(CATALOG_SORTS, sort) && (searching || sort !== 'relevance') ? sort : null,
  };
}

/** The sort a list without a `sort=` gets: the most relevant first for a search, else the newest. */
export const defaultSort = (searching: boolean): CatalogSort => (searching ? 'relevance' : 'newest');

/**
 * The filters as `CatalogQuery` strings, only those set, in a fixed order (the query key and the
 * paths are built from this). The default sort is left out: it is the API's default too.
 */
export function filterParams(filters: CatalogFilters, searching: boolean): Record<string, string> {
  const values: Record<(typeof PARAM_ORDER)[number], string> = {
    category: filters.category.join(','),
    level: filters.level.join(','),
    price: filters.price ?? '',
    rating: filters.rating === null ? '' : String(filters.rating),
    duration: filters.duration.join(','),
    sort: filters.sort && filters.sort !== defaultSort(searching) ? filters.sort : '',
  };
  const params: Record<string, string> = {};
  for (const name of PARAM_ORDER) if (values[name]) params[name] = values[name];
  return params;
}

/**
 * `name=value&…` with each value encoded but its list commas kept (`category=a,b`), as a person
 * would type it.
 */
export const queryString = (params: Record<string, string>): string =>
  Object.entries(params)
    .map(([name, value]) => `${name}=${value.split(',').map(encodeURIComponent).join(',')}`)
    .join('&');

/** Whether any filter (not the sort) is set. */
export const hasFilters = (filters: CatalogFilters): boolean =>
  filters.category.length > 0 ||
  filters.level.length > 0 ||
  filters.price !== null ||
  filters.rating !== null ||
  filters.duration.length > 0;

/** A chosen filter value, for the chips and the 'no results' list: what it is and how to remove it. */
export interface ActiveFilter {
  key: string;
  label: string;
  without: CatalogFilters;
}

export const ratingName = (value: number) => `${value} & up`;
export const PRICE_NAMES: Record<PriceFilter, string> = { free: 'Free', paid: 'Paid' };
export const durationName = (id: DurationBucket) => DURATION_BUCKETS.find((bucket) => bucket.id === id)?.name ?? id;

/** Every chosen filter value (not the sort), each with the filters without it. */
export function activeFilters(filters: CatalogFilters, categoryName: (slug: string) => string): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  for (const slug of filters.category) {
    chips.push({
      key: `category:${slug}`,
      label: categoryName(slug),
      without: { ...filters, category: filters.category.filter((s) => s !== slug) },
    });
  }
  for (const level of filters.level) {
    chips.push({
      key: `level:${level}`,
      label: LEVEL_NAMES[level],
      without: { ...filters, level: filters.level.filter((l) => l !== level) },
    });
  }
  if (filters.price) {
    chips.push({ key: 'price', label: PRICE_NAMES[filters.price], without: { ...filters, price: null } });
  }
  if (filters.rating !== null) {
    chips.push({ key: 'rating', label: `Rating ${ratingName(filters.rating)}`, without: { ...filters, rating: null } });
  }
  for (const id of filters.duration) {
    chips.push({
      key: `duration:${id}`,
      label: durationName(id),
      without: { ...filters, duration: filters.duration.filter((d) => d !== id) },
    });
  }
  return chips;
}

/** The sorts a list offers: 'Most relevant' only for a search. */
export const sortChoices = (searching: boolean) =>
  CATALOG_SORTS.filter((sort) => searching || sort !== 'relevance').map((sort) => ({
    value: sort,
    name: SORT_NAMES[sort],
  }));

/** The course list filtered by one category (a link from Home's strip or a suggestion). */
export const categoryPath = (slug: string) => `/course-list?category=${encodeURIComponent(slug)}`;
