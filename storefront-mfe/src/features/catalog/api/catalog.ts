import {
  api,
  type CourseCard,
  type CourseCatalogPage,
  type InfiniteData,
  infiniteQueryOptions,
  mergePages,
  queryKeys,
  searchText,
} from '@courseport/shared-ui';

const CATALOG_PATH = '/api/course/all';

/**
 * The path of one catalog page: `/api/course/all` for the first page of every course, and
 * `?search=<encodeURIComponent(search)>` for a search. The shell prefetches the first page with
 * the same string (`shell/routes.mjs`), so keep the two identical.
 */
export function catalogPath(search: string, offset = 0): string {
  const params: string[] = [];
  // The API searches on at most SEARCH_MAX_LENGTH characters (the shell's prefetch cuts the same way).
  const text = searchText(search);
  if (text) params.push(`search=${encodeURIComponent(text)}`);
  if (offset > 0) params.push(`offset=${offset}`);
  return params.length ? `${CATALOG_PATH}?${params.join('&')}` : CATALOG_PATH;
}

/**
 * One page of the catalog. No AbortSignal: a request with one could not take the shell's
 * prefetched first page.
 */
export async function fetchCatalogPage(search: string, offset: number): Promise<CourseCatalogPage> {
  const res = await api.get<Partial<CourseCatalogPage>>(catalogPath(search, offset));
  const courses = res.courses ?? [];
  // An API from before paging sends every course and no total.
  return { courses, total: res.total ?? offset + courses.length };
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
 * The published courses matching `search` (every course for ''), newest first, a page at a time
 * under `queryKeys.catalog.pages(search)`; the next page starts at the number of courses loaded.
 */
export const catalogQuery = (search: string) => {
  const text = searchText(search);
  return infiniteQueryOptions<
    CourseCatalogPage,
    Error,
    InfiniteData<CourseCatalogPage, number>,
    ReturnType<typeof queryKeys.catalog.pages>,
    number
  >({
    queryKey: queryKeys.catalog.pages(text),
    queryFn: ({ pageParam }) => fetchCatalogPage(text, pageParam),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) => {
      if (lastPage.courses.length === 0) return undefined;
      const { courses, total } = mergeCatalogPages(allPages);
      return courses.length < total ? courses.length : undefined;
    },
  });
};
