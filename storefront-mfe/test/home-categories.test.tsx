import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CATEGORIES_PATH,
  catalogPage,
  currentPath,
  deferred,
  FEATURED_PATH,
  failsUntilRecovered,
  getCalls,
  mockGet,
  renderAt,
  serverError,
  signOut,
  user,
} from './helpers';

const CATEGORIES = [
  { slug: 'web-development', name: 'Web Development', courseCount: 12 },
  { slug: 'design', name: 'Design', courseCount: 1 },
  { slug: 'empty', name: 'Nothing yet', courseCount: 0 },
];

beforeEach(() => {
  signOut();
});

const strip = () => screen.getByRole('navigation', { name: 'Browse by category' });

describe('Home: Browse by category', () => {
  it('links each category with a course to the course list filtered by it, with its count', async () => {
    mockGet({
      [FEATURED_PATH]: () => catalogPage([]),
      [CATEGORIES_PATH]: () => ({ success: true, categories: CATEGORIES }),
      '/api/course/all?category=web-development&facets=1': () => catalogPage([]),
    });
    renderAt('/');
    const web = await within(strip()).findByRole('link', { name: 'Web Development 12 courses' });
    expect(web).toHaveAttribute('href', '/course-list?category=web-development');
    expect(within(strip()).getByRole('link', { name: 'Design 1 course' })).toBeInTheDocument();
    expect(within(strip()).queryByText('Nothing yet')).not.toBeInTheDocument();
    expect(within(strip()).getAllByRole('listitem')).toHaveLength(2);
    await user.click(web);
    expect(currentPath()).toBe('/course-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course List' })).toBeInTheDocument();
  });

  it('says it is loading until the categories arrive', async () => {
    const answer = deferred<unknown>();
    mockGet({ [FEATURED_PATH]: () => catalogPage([]), [CATEGORIES_PATH]: () => answer.promise });
    renderAt('/');
    expect(within(strip()).getByText('Loading categories...')).toBeInTheDocument();
    expect(strip()).toHaveAttribute('aria-busy', 'true');
    answer.resolve({ success: true, categories: CATEGORIES });
    expect(await within(strip()).findByRole('link', { name: /^Design/ })).toBeInTheDocument();
    expect(screen.queryByText('Loading categories...')).not.toBeInTheDocument();
  });

  it("shows the error with 'Try again', which loads them again", async () => {
    const categories = failsUntilRecovered(serverError('Database unavailable', 503), () => ({
      success: true,
      categories: CATEGORIES,
    }));
    mockGet({ [FEATURED_PATH]: () => catalogPage([]), [CATEGORIES_PATH]: categories.handler });
    renderAt('/');
    expect(await within(strip()).findByText(/Could not load categories/)).toHaveTextContent('Database unavailable');
    categories.recover();
    await user.click(within(strip()).getByRole('button', { name: 'Try again' }));
    expect(await within(strip()).findByRole('link', { name: /^Web Development/ })).toBeInTheDocument();
    expect(getCalls(CATEGORIES_PATH)).toBe(2);
  });

  it('leaves the strip out when no category has a course', async () => {
    mockGet({
      [FEATURED_PATH]: () => catalogPage([]),
      [CATEGORIES_PATH]: () => ({ success: true, categories: [CATEGORIES[2]] }),
    });
    renderAt('/');
    await screen.findByText('No courses available yet');
    await screen.findByText('Learn from the best');
    expect(screen.queryByRole('navigation', { name: 'Browse by category' })).not.toBeInTheDocument();
  });
});
