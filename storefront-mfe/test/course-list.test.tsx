import type { CourseCard } from '@courseport/shared-ui';
import { makeThumbnail } from '@courseport/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_COURSES_PATH,
  apiGet,
  button,
  catalogPage,
  currentPath,
  deferred,
  link,
  makeCourse,
  mockGet,
  renderAt,
  serverError,
  settle,
  signOut,
  user,
} from './helpers';

const COURSES = [
  makeCourse({ _id: 'java', courseTitle: 'Java basics' }),
  makeCourse({ _id: 'js', courseTitle: 'Modern JavaScript' }),
  makeCourse({ _id: 'py', courseTitle: 'Python for Data Science' }),
  makeCourse({ _id: 'cpp', courseTitle: 'C++ in Practice' }),
];

/** `count` courses, newest first: 'Course 1' … 'Course {count}'. */
const numbered = (count: number, prefix = 'Course') =>
  Array.from({ length: count }, (_, i) => makeCourse({ _id: `${prefix}-${i + 1}`, courseTitle: `${prefix} ${i + 1}` }));

beforeEach(() => {
  signOut();
});

/**
 * Answers `GET /api/course/all[?search=…][&offset=…]` as the API does: titles containing the
 * search (ignoring case), `pageSize` of them from the offset, and how many match in all.
 */
function serveCatalog(courses: CourseCard[] = COURSES, pageSize = 48) {
  apiGet.mockImplementation((async (path: string) => {
    const url = new URL(path, 'http://api.test');
    if (url.pathname !== ALL_COURSES_PATH) throw new Error(`Unexpected GET ${path}`);
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const matching = courses.filter((c) => c.courseTitle.toLowerCase().includes(search));
    return catalogPage(matching.slice(offset, offset + pageSize), matching.length);
  }) as never);
}
/**
 * The list's paths the page asked the API for, in order (not the filter counts of the unfiltered
 * list, asked for apart: `?limit=1&facets=1`, nor suggestions while typing).
 */
const requested = () =>
  apiGet.mock.calls
    .map(([path]) => path as string)
    .filter((path) => !path.endsWith('limit=1&facets=1') && !path.startsWith('/api/course/suggest'));
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Courses' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const chip = () => document.querySelector('.sf-chip');
const showMore = () => screen.queryByText('Show more courses');
const search = async (text: string) => {
  await user.type(screen.getByLabelText('Search for courses'), text);
  await user.click(button('Search'));
};

describe('Course list', () => {
  it("shows the title 'Course List', the breadcrumb 'Home / Course List' and every course", async () => {
    serveCatalog();
    renderAt('/course-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Course List' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' }) as HTMLElement;
    expect(breadcrumb.textContent?.replace(/\s+/g, '')).toBe('Home/CourseList');
    expect(link('Home', breadcrumb)).toHaveAttribute('href', '/');

    await screen.findByText('Java basics');
    expect(cardTitles()).toEqual(COURSES.map((c) => c.courseTitle));
    expect(screen.getByText('Showing 4 courses')).toBeInTheDocument();
    expect(showMore()).toBeNull();
    expect(chip()).toBeNull();
    expect(screen.getByLabelText('Search for courses')).toHaveValue('');
    // The path the shell prefetches for /course-list.
    expect(requested()).toEqual(['/api/course/all']);
  });

  it("names each card by its title, linked to the course page, with the educator's name linked to their instructor page", async () => {
    serveCatalog([
      makeCourse({ _id: 'java', courseTitle: 'Java basics' }),
      makeCourse({ _id: 'anon', courseTitle: 'Untaught', educator: null }),
    ]);
    renderAt('/course-list');
    const card = (await screen.findByText('Java basics')).closest('article') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Java basics' })).toHaveAttribute('href', '/course/java');
    expect(within(card).getByRole('link', { name: 'Jane Educator' })).toHaveAttribute(
      'href',
      '/instructor/educator-jane',
    );
    const untaught = screen.getByText('Untaught').closest('article') as HTMLElement;
    expect(within(untaught).getAllByRole('link')).toHaveLength(1);
    expect(within(untaught).getByText('Unknown Educator')).toBeInTheDocument();

    await user.click(within(card).getByRole('link', { name: 'Jane Educator' }));
    expect(currentPath()).toBe('/instructor/educator-jane');
  });

  it("says 'Showing 1 course' for a single course", async () => {
    serveCatalog();
    renderAt('/course-list/python');
    await screen.findByText('Python for Data Science');
    expect(screen.getByText('Showing 1 course')).toBeInTheDocument();
  });

  it('goes home from the breadcrumb', async () => {
    serveCatalog();
    renderAt('/course-list');
    await screen.findByText('Java basics');
    await user.click(link('Home', screen.getByRole('navigation', { name: 'Breadcrumb' }) as HTMLElement));
    expect(currentPath()).toBe('/');
  });

  it("asks the API for the search, case as typed ('JAVA' matches 'Java basics')", async () => {
    serveCatalog();
    renderAt('/course-list/JAVA');
    await screen.findByText('Java basics');
    expect(cardTitles()).toEqual(['Java basics', 'Modern JavaScript']);
    expect(screen.queryByText('Python for Data Science')).not.toBeInTheDocument();
    expect(chip()).toHaveTextContent('JAVA');
    expect(requested()).toEqual(['/api/course/all?search=JAVA']);
  });

  it('decodes the search text of the URL and sends it encoded, exactly as the shell prefetches it', async () => {
    serveCatalog();
    renderAt('/course-list/c%2B%2B%20in');
    await screen.findByText('C++ in Practice');
    expect(cardTitles()).toEqual(['C++ in Practice']);
    expect(chip()).toHaveTextContent('c++ in');
    expect(requested()).toEqual(['/api/course/all?search=c%2B%2B%20in']);
  });

  it('trims the search, and treats a blank one as no search', async () => {
    serveCatalog();
    renderAt('/course-list/%20%20data%20science%20');
    await screen.findByText('Python for Data Science');
    expect(requested()).toEqual(['/api/course/all?search=data%20science']);
  });

  it('searches on the first 100 characters of a longer text, as the API and the shell do', async () => {
    serveCatalog();
    renderAt(`/course-list/${'a'.repeat(150)}`);
    await waitFor(() => expect(requested()).toEqual([`/api/course/all?search=${'a'.repeat(100)}`]));
  });

  it("the chip's cross goes back to every course", async () => {
    serveCatalog();
    renderAt('/course-list/python');
    await screen.findByText('Python for Data Science');
    expect(cardTitles()).toEqual(['Python for Data Science']);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(currentPath()).toBe('/course-list');
    await waitFor(() => expect(chip()).toBeNull());
    await waitFor(() => expect(cardTitles()).toHaveLength(4));
    expect(requested()).toEqual(['/api/course/all?search=python', '/api/course/all']);
  });

  it('searching opens /course-list/{text}, clears the box and asks the API', async () => {
    serveCatalog();
    renderAt('/course-list');
    await screen.findByText('Java basics');
    const box = screen.getByLabelText('Search for courses');
    await search('data science');
    expect(currentPath()).toBe('/course-list/data%20science');
    expect(box).toHaveValue('');
    expect(chip()).toHaveTextContent('data science');
    await waitFor(() => expect(cardTitles()).toEqual(['Python for Data Science']));
    expect(requested()).toEqual(['/api/course/all', '/api/course/all?search=data%20science']);
  });

  it("shows 'No courses found' and a hint when nothing matches", async () => {
    serveCatalog();
    renderAt('/course-list/haskell');
    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    expect(screen.getByText(/Try a different or shorter search term/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Courses' })).not.toBeInTheDocument();
    expect(link('View all courses')).toHaveAttribute('href', '/course-list');
    expect(showMore()).toBeNull();
  });

  it("shows 'No courses found' when there are no courses at all", async () => {
    serveCatalog([]);
    renderAt('/course-list');
    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    expect(screen.getByText(/New courses are on their way/)).toBeInTheDocument();
    expect(screen.queryByText('View all courses')).not.toBeInTheDocument();
  });

  it('shows Loading... while the courses load', async () => {
    const answer = deferred<unknown>();
    mockGet({ [ALL_COURSES_PATH]: () => answer.promise });
    renderAt('/course-list');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve(catalogPage(COURSES));
    await screen.findByText('Java basics');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows an error with Retry, which loads the courses again', async () => {
    let fail = true;
    mockGet({
      '/api/course/all?search=java': () => {
        if (fail) throw serverError('Service unavailable', 503);
        return catalogPage(COURSES.slice(0, 2));
      },
    });
    renderAt('/course-list/java');
    expect(await screen.findByText('Could not load courses')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    fail = false;
    await user.click(button('Retry'));
    await screen.findByText('Java basics');
    expect(cardTitles()).toEqual(['Java basics', 'Modern JavaScript']);
  });
});

describe('Course list: thumbnails', () => {
  it("loads the first card's thumbnail (the page's LCP image) first, the others lazily", async () => {
    serveCatalog(COURSES.map((course) => ({ ...course, thumbnail: makeThumbnail(course._id) })));
    renderAt('/course-list');
    await screen.findByText('Java basics');
    const [first, ...rest] = screen.getByRole('list', { name: 'Courses' }).querySelectorAll('img');
    expect(first).toHaveAccessibleName('Java basics');
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(rest).toHaveLength(3);
    for (const img of rest) {
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img).not.toHaveAttribute('fetchpriority');
    }
  });
});

describe('Course list: more courses than one page', () => {
  it("shows 'Showing N of T courses' and 'Show more courses' until every course is shown", async () => {
    const courses = numbered(7);
    serveCatalog(courses, 3);
    renderAt('/course-list');
    await screen.findByText('Course 1');
    expect(cardTitles()).toEqual(['Course 1', 'Course 2', 'Course 3']);
    expect(screen.getByText('Showing 3 of 7 courses')).toBeInTheDocument();

    await user.click(button('Show more courses'));
    await screen.findByText('Showing 6 of 7 courses');
    expect(cardTitles()).toEqual(courses.slice(0, 6).map((c) => c.courseTitle));

    await user.click(button('Show more courses'));
    await screen.findByText('Showing 7 courses');
    expect(cardTitles()).toEqual(courses.map((c) => c.courseTitle));
    expect(showMore()).toBeNull();
    expect(requested()).toEqual(['/api/course/all', '/api/course/all?offset=3', '/api/course/all?offset=6']);
  });

  it('pages through a search', async () => {
    serveCatalog([...numbered(5, 'Java'), ...numbered(4, 'Rust')], 2);
    renderAt('/course-list/java');
    await screen.findByText('Showing 2 of 5 courses');
    await user.click(button('Show more courses'));
    await screen.findByText('Showing 4 of 5 courses');
    await user.click(button('Show more courses'));
    await screen.findByText('Showing 5 courses');
    expect(cardTitles()).toEqual(['Java 1', 'Java 2', 'Java 3', 'Java 4', 'Java 5']);
    expect(requested()).toEqual([
      '/api/course/all?search=java',
      '/api/course/all?search=java&offset=2',
      '/api/course/all?search=java&offset=4',
    ]);
  });

  it('spins and disables the button while the next page loads, keeping what is shown', async () => {
    const next = deferred<unknown>();
    const courses = numbered(5);
    mockGet({
      [ALL_COURSES_PATH]: () => catalogPage(courses.slice(0, 3), 5),
      '/api/course/all?offset=3': () => next.promise,
    });
    renderAt('/course-list');
    await user.click(await screen.findByText('Show more courses'));
    const loading = button('Loading...');
    expect(loading).toBeDisabled();
    expect(loading.querySelector('.cp-spinner')).not.toBeNull();
    expect(cardTitles()).toEqual(['Course 1', 'Course 2', 'Course 3']);
    expect(screen.getByText('Showing 3 of 5 courses')).toBeInTheDocument();
    // Not the first page's loading state.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    next.resolve(catalogPage(courses.slice(3), 5));
    await screen.findByText('Showing 5 courses');
    expect(cardTitles()).toEqual(courses.map((c) => c.courseTitle));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('keeps the courses and offers Retry on the button when the next page fails', async () => {
    const courses = numbered(5);
    let fail = true;
    mockGet({
      [ALL_COURSES_PATH]: () => catalogPage(courses.slice(0, 3), 5),
      '/api/course/all?offset=3': () => {
        if (fail) throw serverError('Service unavailable', 503);
        return catalogPage(courses.slice(3), 5);
      },
    });
    renderAt('/course-list');
    await user.click(await screen.findByText('Show more courses'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load more courses. Service unavailable');
    expect(cardTitles()).toEqual(['Course 1', 'Course 2', 'Course 3']);
    expect(screen.getByText('Showing 3 of 5 courses')).toBeInTheDocument();
    expect(screen.queryByText('Could not load courses')).not.toBeInTheDocument();
    expect(showMore()).toBeNull();

    fail = false;
    await user.click(button('Retry'));
    await screen.findByText('Showing 5 courses');
    expect(cardTitles()).toEqual(courses.map((c) => c.courseTitle));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('skips a course it already shows when a new course shifted the pages', async () => {
    const courses = numbered(5);
    mockGet({
      [ALL_COURSES_PATH]: () => catalogPage(courses.slice(0, 3), 5),
      // A course was added at the top meanwhile: the second page starts with 'Course 3' again.
      '/api/course/all?offset=3': () => catalogPage(courses.slice(2), 6),
    });
    renderAt('/course-list');
    await user.click(await screen.findByText('Show more courses'));
    await screen.findByText('Showing 5 of 6 courses');
    expect(cardTitles()).toEqual(courses.map((c) => c.courseTitle));
  });
});

describe('Course list: searches in quick succession', () => {
  it('never lets an answer for an earlier search replace the newer one', async () => {
    const java = deferred<unknown>();
    const python = deferred<unknown>();
    mockGet({
      '/api/course/all?search=java': () => java.promise,
      '/api/course/all?search=python': () => python.promise,
    });
    renderAt('/course-list/java');
    await search('python');
    expect(currentPath()).toBe('/course-list/python');

    // The earlier search answers first, and the page has done all it does with that answer: the
    // newer one is still loading.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    java.resolve(catalogPage(COURSES.slice(0, 2)));
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('Java basics')).not.toBeInTheDocument();

    python.resolve(catalogPage([COURSES[2] as CourseCard]));
    await screen.findByText('Python for Data Science');
    expect(cardTitles()).toEqual(['Python for Data Science']);
  });

  it('ignores an earlier search that answers after the newer one', async () => {
    const java = deferred<unknown>();
    mockGet({
      '/api/course/all?search=java': () => java.promise,
      '/api/course/all?search=python': () => catalogPage([COURSES[2] as CourseCard]),
    });
    renderAt('/course-list/java');
    await search('python');
    await screen.findByText('Python for Data Science');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    java.resolve(catalogPage(COURSES.slice(0, 2)));
    await settle();
    expect(cardTitles()).toEqual(['Python for Data Science']);
    expect(chip()).toHaveTextContent('python');
  });

  it('drops a next page that arrives after the search changed', async () => {
    const next = deferred<unknown>();
    const javaCourses = numbered(4, 'Java');
    mockGet({
      '/api/course/all?search=java': () => catalogPage(javaCourses.slice(0, 2), 4),
      '/api/course/all?search=java&offset=2': () => next.promise,
      '/api/course/all?search=rust': () => catalogPage(numbered(1, 'Rust'), 1),
    });
    renderAt('/course-list/java');
    await user.click(await screen.findByText('Show more courses'));
    expect(button('Loading...')).toBeDisabled();
    await search('rust');
    await screen.findByText('Rust 1');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    next.resolve(catalogPage(javaCourses.slice(2), 4));
    await settle();
    expect(cardTitles()).toEqual(['Rust 1']);
    expect(screen.getByText('Showing 1 course')).toBeInTheDocument();
  });
});
