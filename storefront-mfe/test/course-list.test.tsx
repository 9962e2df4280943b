import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ALL_COURSES_PATH,
  apiGet,
  button,
  currentPath,
  deferred,
  getCalls,
  link,
  makeCourse,
  mockGet,
  renderAt,
  serverError,
  setupUser,
  signOut,
} from './helpers';

vi.mock('@courseport/shared-ui', async (orig) => ({
  ...(await orig<typeof import('@courseport/shared-ui')>()),
  api: { get: vi.fn(), post: vi.fn() },
}));

const COURSES = [
  makeCourse({ _id: 'java', courseTitle: 'Java basics' }),
  makeCourse({ _id: 'js', courseTitle: 'Modern JavaScript' }),
  makeCourse({ _id: 'py', courseTitle: 'Python for Data Science' }),
  makeCourse({ _id: 'cpp', courseTitle: 'C++ in Practice' }),
];

let user: ReturnType<typeof setupUser>;

beforeEach(() => {
  user = setupUser();
  apiGet.mockReset();
  signOut();
});

const coursesAnswer = (courses = COURSES) => mockGet({ [ALL_COURSES_PATH]: () => ({ success: true, courses }) });
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Courses' }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const chip = () => document.querySelector('.sf-chip');

describe('Course list', () => {
  it("shows the title 'Course List', the breadcrumb 'Home / Course List' and every course", async () => {
    coursesAnswer();
    renderAt('/course-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Course List' })).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' }) as HTMLElement;
    expect(breadcrumb.textContent?.replace(/\s+/g, '')).toBe('Home/CourseList');
    expect(link('Home', breadcrumb)).toHaveAttribute('href', '/');

    await screen.findByText('Java basics');
    expect(cardTitles()).toEqual(COURSES.map((c) => c.courseTitle));
    expect(screen.getByText('Showing 4 courses')).toBeInTheDocument();
    expect(chip()).toBeNull();
    expect(screen.getByLabelText('Search for courses')).toHaveValue('');
  });

  it('goes home from the breadcrumb', async () => {
    coursesAnswer();
    renderAt('/course-list');
    await screen.findByText('Java basics');
    await user.click(link('Home', screen.getByRole('navigation', { name: 'Breadcrumb' }) as HTMLElement));
    expect(currentPath()).toBe('/');
  });

  it("filters by a case-insensitive substring of the title ('JAVA' matches 'Java basics')", async () => {
    coursesAnswer();
    renderAt('/course-list/JAVA');
    await screen.findByText('Java basics');
    expect(cardTitles()).toEqual(['Java basics', 'Modern JavaScript']);
    expect(screen.queryByText('Python for Data Science')).not.toBeInTheDocument();
    expect(chip()).toHaveTextContent('JAVA');
  });

  it('decodes the search text of the URL', async () => {
    coursesAnswer();
    renderAt('/course-list/c%2B%2B%20in');
    await screen.findByText('C++ in Practice');
    expect(cardTitles()).toEqual(['C++ in Practice']);
    expect(chip()).toHaveTextContent('c++ in');
  });

  it("the chip's cross goes back to every course", async () => {
    coursesAnswer();
    renderAt('/course-list/python');
    await screen.findByText('Python for Data Science');
    expect(cardTitles()).toEqual(['Python for Data Science']);

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(currentPath()).toBe('/course-list');
    await waitFor(() => expect(chip()).toBeNull());
    expect(cardTitles()).toHaveLength(4);
    // The courses are loaded once: filtering happens in the browser.
    expect(getCalls(ALL_COURSES_PATH)).toBe(1);
  });

  it('searching opens /course-list/{text} and clears the box', async () => {
    coursesAnswer();
    renderAt('/course-list');
    await screen.findByText('Java basics');
    const box = screen.getByLabelText('Search for courses');
    await user.type(box, 'data science');
    await user.click(button('Search'));
    expect(currentPath()).toBe('/course-list/data%20science');
    expect(box).toHaveValue('');
    expect(chip()).toHaveTextContent('data science');
    expect(cardTitles()).toEqual(['Python for Data Science']);
  });

  it("shows 'No courses found' and a hint when nothing matches", async () => {
    coursesAnswer();
    renderAt('/course-list/haskell');
    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    expect(screen.getByText(/Try a different or shorter search term/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Courses' })).not.toBeInTheDocument();
    expect(link('View all courses')).toHaveAttribute('href', '/course-list');
  });

  it("shows 'No courses found' when there are no courses at all", async () => {
    coursesAnswer([]);
    renderAt('/course-list');
    expect(await screen.findByText('No courses found')).toBeInTheDocument();
    expect(screen.getByText(/New courses are on their way/)).toBeInTheDocument();
  });

  it('shows Loading... while the courses load', async () => {
    const answer = deferred<unknown>();
    mockGet({ [ALL_COURSES_PATH]: () => answer.promise });
    renderAt('/course-list');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve({ success: true, courses: COURSES });
    await screen.findByText('Java basics');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows an error with Retry, which loads the courses again', async () => {
    let fail = true;
    mockGet({
      [ALL_COURSES_PATH]: () => {
        if (fail) throw serverError('Service unavailable', 503);
        return { success: true, courses: COURSES };
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
