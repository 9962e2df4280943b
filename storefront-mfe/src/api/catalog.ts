import {
  api,
  type CatalogSuggestions,
  type Category,
  type CourseCard,
  type CourseCatalogPage,
  type InfiniteData,
  infiniteQueryOptions,
  mergePages,
  queryKeys,
  queryOptions,
  searchText,
} from '@courseport/shared-ui';
import { queryString } from '../lib/catalog-params';

const CATALOG_PATH = '/api/course/all';

/**
 * The path of one catalog page: `/api/course/all` for the first page of every course, and
 * `?search=<encodeURIComponent(search)>` for a search. The shell prefetches the first page with
 * the same string (`contracts/src/platform.ts`), so keep the two identical. With filters or a sort
 * (`filterParams`), they follow the search, and the first page asks for the filter counts too
 * (`facets=1`); the unfiltered list gets its counts from `facetsQuery`.
 */
export function catalogPath(search: string, offset = 0, filters: Readonly<Record<string, string>> = {}): string {
  const params: string[] = [];
  // The API searches on at most SEARCH_MAX_LENGTH characters (the shell's prefetch cuts the same way).
  const text = searchText(search);
  if (text) params.push(`search=${encodeURIComponent(text)}`);
  const filtered = Object.keys(filters).length > 0;
  if (filtered) params.push(queryString(filters));
  if (offset > 0) params.push(`offset=${offset}`);
  else if (filtered) params.push('facets=1');
  return params.length ? `${CATALOG_PATH}?${params.join('&')}` : CATALOG_PATH;
}

/**
 * One page of the catalog. No AbortSignal: a request with one could not take the shell's
 * prefetched first page.
 */
export async function fetchCatalogPage(
  search: string,
  offset: number,
  filters: Readonly<Record<string, string>> = {},
): Promise<CourseCatalogPage> {
  const res = await api.get<Partial<CourseCatalogPage>>(catalogPath(search, offset, filters));
  const courses = res.courses ?? [];
  // An API from before paging sends every course and no total.
  const page: CourseCatalogPage = { courses, total: res.total ?? offset + courses.length };
  if (res.facets) page.facets = res.facets;
  return page;
}

/**
 * The loaded pages as one list: a course added meanwhile shifts the pages by one, so cards
 * already shown are skipped; the newest page's total counts, and an empty page means there is
 * nothing more, whatever the total said.
 */
export function mergeCatalogPages(pages: readonly CourseCatalogPage[]): { courses: CourseCard[]; total: number } {
  const courses: CourseCard[] = mergePages(pages.map((page) => page.courses));
  const last = pages.at(-1);
  const total = !last || last.courses.length === 0 ? courses.length : Math.max(last.total, courses.length);
  return { courses, total };
}

/**
 * The published courses matching `search` (every course for '') and the filters (`filterParams`),
 * newest first unless sorted, a page at a time under `queryKeys.catalog.pages(search, filters)`;
 * the next page starts at the number of courses loaded.
 */
export const catalogQuery = (search: string, filters: Readonly<Record<string, string>> = {}) => {
  const text = searchText(search);
  return infiniteQueryOptions<
    CourseCatalogPage,
    Error,
    InfiniteData<CourseCatalogPage, number>,
    ReturnType<typeof queryKeys.catalog.pages>,
    number
  >({
    queryKey: queryKeys.catalog.pages(text, filters),
    queryFn: ({ pageParam }) => fetchCatalogPage(text, pageParam, filters),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) => {
      if (lastPage.courses.length === 0) return undefined;
      const { courses, total } = mergeCatalogPages(allPages);
      return courses.length < total ? courses.length : undefined;
    },
  });
};

/** The filter counts of the unfiltered list of a search: one card and the facets. */
export const facetsPath = (search: string) => {
  const text = searchText(search);
  return `${CATALOG_PATH}?${text ? `search=${encodeURIComponent(text)}&` : ''}limit=1&facets=1`;
};

export const facetsQuery = (search: string) => {
  const text = searchText(search);
  return queryOptions({
    queryKey: queryKeys.catalog.facets(text),
    queryFn: async () => (await api.get<Partial<CourseCatalogPage>>(facetsPath(text))).facets ?? null,
  });
};

export const FEATURED_COUNT = 8;
/** Home's featured courses: the best rated (then most enrolled) first. The shell prefetches this path for `/`. */
export const FEATURED_PATH = `${CATALOG_PATH}?sort=rating&limit=${FEATURED_COUNT}`;

export const featuredQuery = () =>
  queryOptions({
    queryKey: queryKeys.catalog.featured(),
    queryFn: async () => (await api.get<Partial<CourseCatalogPage>>(FEATURED_PATH)).courses ?? [],
  });

export const CATEGORIES_PATH = '/api/categories';

export const categoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.catalog.categories(),
    queryFn: async () => (await api.get<{ categories?: Category[] }>(CATEGORIES_PATH)).categories ?? [],
  });

/** Suggestions are asked for from this many characters on. */
export const SUGGEST_MIN_LENGTH = 2;
export const suggestPath = (text: string) => `/api/course/suggest?q=${encodeURIComponent(text)}`;

export const suggestionsQuery = (text: string) =>
  queryOptions({
    queryKey: queryKeys.catalog.suggestions(text),
    queryFn: async ({ signal }) =>
      (await api.get<{ suggestions?: CatalogSuggestions }>(suggestPath(text), { signal })).suggestions ?? {
        courses: [],
        categories: [],
      },
    staleTime: 60_000,
  });
