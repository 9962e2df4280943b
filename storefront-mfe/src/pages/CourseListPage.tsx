import { Link, type PageDataLoader, usePageTitle, useParams } from '@courseport/shared-ui';
import { catalogQuery, facetsQuery } from '../api/catalog';
import { SearchBox } from '../components/SearchBox';
import { StorefrontPage } from '../components/StorefrontPage';
import { CourseResults } from '../features/catalog/components/CourseResults';
import { filterParams, parseFilters } from '../lib/catalog-params';
import '../styles/list.css';
import { SearchChip } from '../features/catalog/components/SearchChip';

/** `/course-list` and `/course-list/:input`: every course, or those whose title contains the input. */
export default function CourseListPage() {
  const query = (useParams().input ?? '').trim();
  usePageTitle(query ? `Search: ${query}` : 'Courses');
  return (
    <StorefrontPage>
      <header className="sf-list-head">
        <div className="sf-container sf-list-head-inner">
          <div>
            <h1 className="sf-list-title">Course List</h1>
            <nav aria-label="Breadcrumb" className="sf-breadcrumb">
              <Link to="/">Home</Link>
              <span aria-hidden="true">/</span>
              <span aria-current="page">Course List</span>
            </nav>
          </div>
          <SearchBox clearOnSubmit size="middle" />
        </div>
      </header>
      <div className="sf-container sf-list-body">
        {query && <SearchChip query={query} />}
        <CourseResults query={query} />
      </div>
    </StorefrontPage>
  );
}

/**
 * The server renders the page with the first page of results in the cache: for the search (the
 * shell's prefetch path) and, from the query string, the filters and sort, under the key the
 * browser's first render asks for (`useCatalogFilters` reads them the same way). The filter counts
 * of an unfiltered list are fetched by the browser (the sidebar renders without counts until then,
 * on the server and in the browser's first render alike).
 */
export const loadPageData: PageDataLoader = async (client, { input = '' }, query = new URLSearchParams()) => {
  const search = input.trim();
  const params = filterParams(parseFilters(query, !!search), !!search);
  await Promise.all([
    client.prefetchInfiniteQuery(catalogQuery(search, params)),
    // An unfiltered list's counts come apart from its first page (CourseResults): the sidebar is
    // drawn with them, so nothing moves when the browser takes over.
    Object.keys(params).length === 0 ? client.prefetchQuery(facetsQuery(search)) : undefined,
  ]);
};
