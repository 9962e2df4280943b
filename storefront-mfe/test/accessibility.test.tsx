import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  ALL_COURSES_PATH,
  catalogPage,
  deferred,
  FEATURED_PATH,
  makeCourse,
  makeDetails,
  mockGet,
  renderAt,
  serverError,
  signOut,
  user,
} from './helpers';

const COURSE_PATH = '/api/course/c1';
const COURSES = [makeCourse({ _id: 'c1', courseTitle: 'Java basics', averageRating: 4.5 })];

beforeEach(() => {
  signOut();
  document.title = 'Before';
});

const serve = (details = makeDetails()) =>
  mockGet({
    [ALL_COURSES_PATH]: () => catalogPage(COURSES),
    [FEATURED_PATH]: () => catalogPage(COURSES),
    '/api/course/all?search=java': () => catalogPage(COURSES),
    [COURSE_PATH]: () => ({ success: true, courseData: details }),
  });

const h1s = () => document.querySelectorAll('h1');

describe('Storefront pages: landmarks, headings and titles', () => {
  it.each([
    ['/', 'Courseport', 'Java basics'],
    ['/course-list', 'Courses · Courseport', 'Java basics'],
    ['/course-list/java', 'Search: java · Courseport', 'Java basics'],
    ['/course/c1', 'Complete React Bootcamp · Courseport', 'Course Structure'],
  ])('%s: no <main> of its own (the shell has it), exactly one h1, and the title %s', async (path, title, shown) => {
    serve();
    renderAt(path);
    await screen.findByText(shown);
    expect(document.querySelector('main')).toBeNull();
    expect(h1s()).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('gives the previous title back when the page goes', async () => {
    serve();
    const { unmount } = renderAt('/course-list');
    await waitFor(() => expect(document.title).toBe('Courses · Courseport'));
    unmount();
    expect(document.title).toBe('Before');
  });

  it('a course page has one h1 while loading, when missing and when it failed', async () => {
    const answer = deferred<unknown>();
    mockGet({ [COURSE_PATH]: () => answer.promise });
    const loading = renderAt('/course/c1');
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect([...h1s()].map((h) => h.textContent)).toEqual(['Course details']);
    loading.unmount();

    mockGet({
      [COURSE_PATH]: () => {
        throw serverError('Course not found', 404);
      },
    });
    const missing = renderAt('/course/c1');
    await screen.findByText('Course not found');
    expect(h1s()).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Course not found · Courseport'));
    missing.unmount();

    mockGet({
      [COURSE_PATH]: () => {
        throw serverError('Internal server error', 500);
      },
    });
    renderAt('/course/c1');
    await screen.findByText('Could not load this course');
    expect(h1s()).toHaveLength(1);
  });

  it("keeps one h1 when the description has headings of its own: they go under 'Course Description'", async () => {
    serve(makeDetails({ courseDescription: '<h1>Big title</h1><h2>Part</h2><p>Text</p>' }));
    renderAt('/course/c1');
    await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
    const rich = await waitFor(() => {
      const found = document.querySelector('.sf-rich-text');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(within(rich).getByText('Big title').tagName).toBe('H3');
    expect(within(rich).getByText('Part').tagName).toBe('H4');
    expect(h1s()).toHaveLength(1);
  });
});

describe('Storefront: controls and ratings are named', () => {
  it("names star ratings by the rating ('Rated 4.5 out of 5'), read once", async () => {
    serve();
    renderAt('/course-list');
    const card = (await screen.findByText('Java basics')).closest('article') as HTMLElement;
    const stars = within(card).getByRole('img', { name: 'Rated 4.5 out of 5' });
    expect(stars.querySelectorAll('svg[data-filled="true"]')).toHaveLength(4);
    expect(within(card).getByText('4.5')).toHaveAttribute('aria-hidden', 'true');
  });

  it('names each Preview button by the lecture it plays', async () => {
    serve();
    renderAt('/course/c1');
    await user.click(await screen.findByText('Getting Started'));
    const preview = within(screen.getByText('Welcome to the course').closest('li') as HTMLElement)
      .getByText('Preview')
      .closest('button');
    expect(preview).toHaveAttribute('aria-label', 'Preview Welcome to the course');
  });

  it('draws the Preview link in the strong primary shades (AA contrast on white, hover included)', () => {
    // The tests run from the repository's root or from storefront-mfe/.
    const file = ['storefront-mfe/src/styles/course.css', 'src/styles/course.css']
      .map((f) => resolve(f))
      .find(existsSync);
    const css = readFileSync(file ?? '', 'utf8');
    const rule = (selector: string) => css.slice(css.indexOf(`${selector} {`)).split('}')[0] ?? '';
    expect(rule('.sf-page .sf-lecture-preview.cp-btn-link')).toContain('var(--cp-color-primary-strong)');
    expect(rule('.sf-page .sf-lecture-preview.cp-btn-link:not(:disabled):hover')).toContain(
      'var(--cp-color-primary-active)',
    );
  });
});

describe('Storefront: focus', () => {
  it("hands the focus from the course page's loading heading to the course's title when it arrives", async () => {
    const answer = deferred<unknown>();
    mockGet({ [COURSE_PATH]: () => answer.promise });
    renderAt('/course/c1');
    // The shell focuses a new page's h1.
    const loading = screen.getByRole('heading', { level: 1, name: 'Course details' });
    loading.focus();
    expect(loading).toHaveFocus();
    answer.resolve({ success: true, courseData: makeDetails() });
    const title = await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
    await waitFor(() => expect(title).toHaveFocus());
  });

  it('leaves the focus alone when the loading heading did not have it', async () => {
    const answer = deferred<unknown>();
    mockGet({ [COURSE_PATH]: () => answer.promise });
    renderAt('/course/c1');
    answer.resolve({ success: true, courseData: makeDetails() });
    const title = await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
    expect(title).not.toHaveFocus();
  });
});
