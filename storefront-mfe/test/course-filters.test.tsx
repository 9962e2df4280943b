import { ROUTES } from '@courseport/contracts/platform';
import {
  type CatalogFacets,
  type CourseCard,
  createQueryClient,
  QueryProvider,
  useLocation,
  useNavigate,
} from '@courseport/shared-ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PARAM_ORDER } from '../src/lib/catalog-params';
import CourseListPage, { loadPageData } from '../src/pages/CourseListPage';
import {
  apiGet,
  button,
  catalogPage,
  currentPath,
  deferred,
  makeCourse,
  renderRoutes,
  serverError,
  settle,
  signOut,
  user,
} from './helpers';

const WEB = { slug: 'web-development', name: 'Web Development' };
const DATA = { slug: 'data-science', name: 'Data Science' };

const COURSES: CourseCard[] = [
  makeCourse({ _id: 'koa', courseTitle: 'Koa APIs', category: WEB, level: 'beginner', coursePrice: 0, discount: 0 }),
  makeCourse({ _id: 'react', courseTitle: 'React in depth', category: WEB, level: 'advanced', coursePrice: 499 }),
  makeCourse({
    _id: 'pandas',
    courseTitle: 'Pandas basics',
    category: DATA,
    level: 'beginner',
    coursePrice: 0,
    discount: 0,
  }),
];

const FACETS: CatalogFacets = {
  category: [
    { ...WEB, count: 2 },
    { ...DATA, count: 1 },
  ],
  level: [
    { value: 'beginner', count: 2 },
    { value: 'intermediate', count: 0 },
    { value: 'advanced', count: 1 },
  ],
  price: [
    { value: 'free', count: 2 },
    { value: 'paid', count: 1 },
  ],
  rating: [{ value: 4.5, count: 1 }],
  duration: [{ value: '1-3h', count: 3 }],
};

/**
 * Answers the catalog as the API would, on a small scale: `category`, `level` and `price` filter,
 * `sort=rating` reverses the order (enough to see it applied), and `facets=1` adds `FACETS`.
 */
function serveCatalog(courses: CourseCard[] = COURSES) {
  apiGet.mockImplementation((async (path: string) => {
    const url = new URL(path, 'http://api.test');
    if (url.pathname !== '/api/course/all') throw new Error(`Unexpected GET ${path}`);
    const q = url.searchParams;
    const list = (name: string) => q.get(name)?.split(',') ?? null;
    let matching = courses.filter(
      (c) =>
        c.courseTitle.toLowerCase().includes((q.get('search') ?? '').toLowerCase()) &&
        (!list('category') || list('category')?.includes(c.category?.slug ?? '')) &&
        (!list('level') || list('level')?.includes(c.level ?? '')) &&
        (!q.get('price') || (q.get('price') === 'free') === (c.coursePrice === 0)),
    );
    if (q.get('sort') === 'rating') matching = [...matching].reverse();
    const limit = Number(q.get('limit') ?? 48);
    return {
      ...catalogPage(matching.slice(0, limit), matching.length),
      ...(q.get('facets') ? { facets: FACETS } : {}),
    };
  }) as never);
}

const requested = () => apiGet.mock.calls.map(([path]) => path as string);
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Courses' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(-1)}>
      Browser back
    </button>
  );
}

/** Renders nothing; its render with a query string waits for `wait` (thrown until done). */
function SlowWithQuery({ wait }: { wait: { done: boolean; promise: Promise<void> } }) {
  const { search } = useLocation();
  if (search && !wait.done) throw wait.promise;
  return null;
}

/** The course list at `path` with a query client of its own, the location (with its query) and a Back button. */
function renderList(path: string, client = createQueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const page = (
    <QueryProvider client={client}>
      <CourseListPage />
      <Back />
    </QueryProvider>
  );
  return renderRoutes(
    [
      { path: '/course-list', element: page },
      { path: '/course-list/:input', element: page },
    ],
    path,
    { withSearch: true },
  );
}

const sidebar = () => screen.getByRole('complementary', { name: 'Filters' });
const group = (legend: string, scope: HTMLElement = sidebar()) => within(scope).getByRole('group', { name: legend });

const setWidth = (width: number) => {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
};

beforeEach(() => {
  signOut();
  setWidth(1280);
});
afterEach(() => setWidth(1024));

describe('Course list filters (desktop sidebar)', () => {
  it('shows each group as a fieldset with counts from the facets', async () => {
    serveCatalog();
    renderList('/course-list');
    await screen.findByText('Koa APIs');
    // The unfiltered list is the shell's prefetch path; its counts are asked for apart.
    expect(requested()).toEqual(['/api/course/all', '/api/course/all?limit=1&facets=1']);
    expect(await within(group('Category')).findByRole('checkbox', { name: 'Web Development (2)' })).not.toBeChecked();
    expect(within(group('Category')).getByRole('checkbox', { name: 'Data Science (1)' })).toBeInTheDocument();
    expect(within(group('Level')).getByRole('checkbox', { name: 'Beginner (2)' })).toBeInTheDocument();
    expect(within(group('Level')).getByRole('checkbox', { name: 'Intermediate (0)' })).toBeInTheDocument();
    expect(within(group('Price')).getByRole('radio', { name: 'Any price' })).toBeChecked();
    expect(within(group('Price')).getByRole('radio', { name: 'Free (2)' })).toBeInTheDocument();
    expect(within(group('Rating')).getByRole('radio', { name: '4.5 & up (1)' })).toBeInTheDocument();
    expect(within(group('Duration')).getByRole('checkbox', { name: '1–3 hours (3)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Filters/ })).not.toBeInTheDocument();
  });

  it('puts each choice in the URL, asks the API for it, and Back restores the previous list', async () => {
    serveCatalog();
    renderList('/course-list');
    await screen.findByText('Koa APIs');
    await user.click(await within(group('Category')).findByRole('checkbox', { name: /^Web Development/ }));
    expect(currentPath()).toBe('/course-list?category=web-development');
    await waitFor(() => expect(cardTitles()).toEqual(['Koa APIs', 'React in depth']));
    expect(requested()).toContain('/api/course/all?category=web-development&facets=1');

    await user.click(within(group('Price')).getByRole('radio', { name: /^Free/ }));
    expect(currentPath()).toBe('/course-list?category=web-development&price=free');
    await waitFor(() => expect(cardTitles()).toEqual(['Koa APIs']));
    expect(screen.getByText('Showing 1 course')).toBeInTheDocument();
    expect(within(group('Price')).getByRole('radio', { name: /^Free/ })).toBeChecked();

    await user.click(button('Browser back'));
    expect(currentPath()).toBe('/course-list?category=web-development');
    await waitFor(() => expect(cardTitles()).toEqual(['Koa APIs', 'React in depth']));
    expect(within(group('Price')).getByRole('radio', { name: 'Any price' })).toBeChecked();
  });

  it('shows a choice at once, while the router is still rendering its new location', async () => {
    serveCatalog();
    // The page's render of a new location waits for `slowRender`, as a slow device's would take long.
    const slowRender = deferred<void>();
    const wait = { done: false, promise: slowRender.promise };
    wait.promise = slowRender.promise.then(() => {
      wait.done = true;
    });
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    const page = (
      <QueryProvider client={client}>
        <CourseListPage />
        <Suspense fallback={null}>
          <SlowWithQuery wait={wait} />
        </Suspense>
      </QueryProvider>
    );
    renderRoutes([{ path: '/course-list', element: page }], '/course-list', { withSearch: true });
    await screen.findByText('Koa APIs');

    const web = await within(group('Category')).findByRole('checkbox', { name: /^Web Development/ });
    await user.click(web);
    expect(web).toBeChecked();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'rating');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    // Still the previous location, and the list it showed.
    expect(currentPath()).toBe('/course-list');
    expect(cardTitles()).toEqual(['Koa APIs', 'React in depth', 'Pandas basics']);

    await act(async () => slowRender.resolve());
    await waitFor(() => expect(currentPath()).toBe('/course-list?category=web-development&sort=rating'));
    await waitFor(() => expect(cardTitles()).toEqual(['React in depth', 'Koa APIs']));
    expect(within(group('Category')).getByRole('checkbox', { name: /^Web Development/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
  });

  it('restores the list from a shared URL, with the search in the path', async () => {
    serveCatalog();
    renderList('/course-list/a?level=beginner,advanced&price=free&sort=rating');
    await waitFor(() => expect(cardTitles()).toEqual(['Pandas basics', 'Koa APIs']));
    expect(requested()[0]).toBe('/api/course/all?search=a&level=beginner,advanced&price=free&sort=rating&facets=1');
    expect(within(group('Level')).getByRole('checkbox', { name: /^Beginner/ })).toBeChecked();
    expect(within(group('Level')).getByRole('checkbox', { name: /^Advanced/ })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('rating');
    // A card says its level.
    expect(screen.getByText('Koa APIs').closest('article')).toHaveTextContent('Beginner');
  });

  it('ignores unknown values in the URL', async () => {
    serveCatalog();
    renderList('/course-list?level=expert&price=cheap&rating=2&sort=relevance&category=Bad%20Slug');
    await screen.findByText('Koa APIs');
    expect(requested()[0]).toBe('/api/course/all');
  });

  it('sorts: the choice goes in the URL, and "Most relevant" is offered only for a search', async () => {
    serveCatalog();
    renderList('/course-list');
    await screen.findByText('Koa APIs');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('newest');
    expect(within(sort).queryByRole('option', { name: 'Most relevant' })).not.toBeInTheDocument();
    await user.selectOptions(sort, 'Highest rated');
    expect(currentPath()).toBe('/course-list?sort=rating');
    await waitFor(() => expect(cardTitles()).toEqual(['Pandas basics', 'React in depth', 'Koa APIs']));
    expect(requested()).toContain('/api/course/all?sort=rating&facets=1');
    // The default order leaves the URL.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Newest');
    expect(currentPath()).toBe('/course-list');
  });

  it('offers "Most relevant" first for a search, its default', async () => {
    serveCatalog();
    renderList('/course-list/koa');
    await screen.findByText('Koa APIs');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('relevance');
    expect(within(sort).getAllByRole('option')[0]).toHaveTextContent('Most relevant');
    await user.selectOptions(sort, 'Most popular');
    expect(currentPath()).toBe('/course-list/koa?sort=popular');
  });

  it('shows the chosen filters as chips: a cross removes one, "Clear all" every one (the sort stays)', async () => {
    serveCatalog();
    renderList('/course-list?category=web-development&level=beginner&sort=rating');
    await screen.findByText('Koa APIs');
    const chips = screen.getByRole('list', { name: 'Filtered by' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Web Development', 'Beginner']);
    await user.click(screen.getByRole('button', { name: 'Remove filter Beginner' }));
    expect(currentPath()).toBe('/course-list?category=web-development&sort=rating');
    await user.click(button('Clear all'));
    expect(currentPath()).toBe('/course-list?sort=rating');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Filtered by' })).not.toBeInTheDocument());
  });

  it("says 'No courses match your filters', naming each filter with a remove button and 'Clear all filters'", async () => {
    serveCatalog();
    renderList('/course-list?category=data-science&level=advanced');
    expect(await screen.findByText('No courses match your filters')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Active filters' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(list).getByRole('button', { name: 'Remove Advanced' }));
    expect(currentPath()).toBe('/course-list?category=data-science');
    await screen.findByText('Pandas basics');

    await user.click(within(group('Level')).getByRole('checkbox', { name: /^Advanced/ }));
    await user.click(await screen.findByRole('button', { name: 'Clear all filters' }));
    expect(currentPath()).toBe('/course-list');
    await waitFor(() => expect(cardTitles()).toHaveLength(3));
  });

  it('shows Loading... while a filtered list loads, and its error with Retry', async () => {
    const answer = deferred<unknown>();
    let fail = true;
    apiGet.mockImplementation((async (path: string) => {
      if (path === '/api/course/all?price=paid&facets=1') return answer.promise;
      if (path === '/api/course/all?price=free&facets=1') {
        if (fail) throw serverError('Service unavailable', 503);
        return { ...catalogPage(COURSES.slice(0, 1)), facets: FACETS };
      }
      throw new Error(`Unexpected GET ${path}`);
    }) as never);
    renderList('/course-list?price=paid');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve({ ...catalogPage(COURSES.slice(1, 2)), facets: FACETS });
    await screen.findByText('React in depth');

    await user.click(within(group('Price')).getByRole('radio', { name: /^Free/ }));
    expect(await screen.findByText('Could not load courses')).toBeInTheDocument();
    // The counts stay while the error shows.
    expect(within(group('Price')).getByRole('radio', { name: 'Free (2)' })).toBeChecked();
    fail = false;
    await user.click(button('Retry'));
    await screen.findByText('Koa APIs');
  });
});

describe('Course list filters (phone sheet)', () => {
  it("hides the sidebar and opens the filters in a sheet from a 'Filters' button, focus going back on close", async () => {
    setWidth(390);
    serveCatalog();
    renderList('/course-list?price=free');
    await screen.findByText('Koa APIs');
    expect(screen.queryByRole('complementary', { name: 'Filters' })).not.toBeInTheDocument();
    const open = screen.getByRole('button', { name: 'Filters (1)' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' }, { timeout: 10_000 });
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(within(group('Price', sheet)).getByRole('radio', { name: 'Free (2)' })).toBeChecked();

    await user.click(within(group('Category', sheet)).getByRole('checkbox', { name: /^Web Development/ }));
    expect(currentPath()).toBe('/course-list?category=web-development&price=free');
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Show 1 course' })).toBeInTheDocument());

    await user.click(within(sheet).getByRole('button', { name: 'Show 1 course' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the sheet with Escape', async () => {
    setWidth(390);
    serveCatalog();
    renderList('/course-list');
    await screen.findByText('Koa APIs');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' }, { timeout: 10_000 });
    fireEvent.keyDown(sheet, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false'),
    );
  });
});

describe('Course list filters: server render', () => {
  it("fills the cache, from the URL's query string, under the key the page's first render asks for", async () => {
    serveCatalog();
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    await loadPageData(client, { input: ' a ' }, new URLSearchParams('level=beginner&price=free&sort=rating&x=1'));
    expect(requested()).toEqual(['/api/course/all?search=a&level=beginner&price=free&sort=rating&facets=1']);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderList('/course-list/%20a%20?price=free&level=beginner&sort=rating', client);
    // Drawn from the cache at once, with its counts, and not asked for again.
    expect(cardTitles()).toEqual(['Pandas basics', 'Koa APIs']);
    expect(within(group('Price')).getByRole('radio', { name: 'Free (2)' })).toBeChecked();
    await settle();
    expect(requested()).toHaveLength(1);
  });

  it("names the same query parameters as the shell's route table (which prefetches nothing with them)", () => {
    for (const path of ['/course-list', '/course-list/:input']) {
      expect(ROUTES.find((route) => route.path === path)?.queryParams).toEqual(PARAM_ORDER);
    }
  });

  it('without a query string, fills the key of the unfiltered list (the shell prefetch path) and its counts', async () => {
    serveCatalog();
    const client = createQueryClient({ defaultOptions: { queries: { retry: false } } });
    await loadPageData(client, {});
    expect(requested()).toEqual(['/api/course/all', '/api/course/all?limit=1&facets=1']);
  });
});
