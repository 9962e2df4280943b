import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SUGGEST_DELAY_MS } from '../src/components/SearchBox';
import {
  CATEGORIES_PATH,
  catalogPage,
  currentPath,
  deferred,
  FEATURED_PATH,
  getCalls,
  mockGet,
  renderAt,
  serverError,
  settle,
  signOut,
  user,
} from './helpers';

const suggest = (q: string) => `/api/course/suggest?q=${encodeURIComponent(q)}`;
const KOA = {
  success: true,
  suggestions: {
    courses: [
      { _id: 'koa1', courseTitle: 'Koa from scratch', educatorName: 'Jane Educator' },
      { _id: 'koa2', courseTitle: 'APIs with Koa', educatorName: null },
    ],
    categories: [{ slug: 'web-development', name: 'Web Development' }],
  },
};

const home = (extra: Record<string, () => unknown> = {}) =>
  mockGet({
    [FEATURED_PATH]: () => catalogPage([]),
    [CATEGORIES_PATH]: () => ({ success: true, categories: [] }),
    '/api/course/koa1': () => new Promise(() => {}),
    '/api/course/all?category=web-development&facets=1': () => catalogPage([]),
    '/api/course/all?search=koa': () => catalogPage([]),
    ...extra,
  });

const box = () => screen.getByRole('combobox', { name: 'Search for courses' });
const listbox = () => screen.getByRole('listbox', { name: 'Suggestions' });

beforeEach(() => {
  signOut();
});

describe('Search suggestions', () => {
  it('asks once typing pauses, from 2 characters, and lists courses and categories in groups', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    home({ [suggest('koa')]: () => KOA });
    renderAt('/');
    const input = box();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    // It names the (hidden while empty) listbox.
    expect(document.getElementById(input.getAttribute('aria-controls') ?? '')).toHaveAttribute('role', 'listbox');

    await user.type(input, 'k');
    await settle(SUGGEST_DELAY_MS * 2);
    // One character: nothing asked.
    expect(getCalls(suggest('k'))).toBe(0);

    await user.type(input, 'oa');
    // Not while typing…
    expect(getCalls(suggest('ko'))).toBe(0);
    expect(getCalls(suggest('koa'))).toBe(0);
    await settle(SUGGEST_DELAY_MS);
    // …then once, for the whole text.
    await waitFor(() => expect(getCalls(suggest('koa'))).toBe(1));
    expect(getCalls(suggest('ko'))).toBe(0);
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'));

    const courses = within(listbox()).getByRole('group', { name: 'Courses' });
    expect(
      within(courses)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Koa from scratchJane Educator', 'APIs with Koa']);
    const categories = within(listbox()).getByRole('group', { name: 'Categories' });
    expect(within(categories).getByRole('option', { name: 'Web Development' })).toBeInTheDocument();
  });

  it('ArrowDown/ArrowUp move through the options (aria-activedescendant); Enter opens the course', async () => {
    home({ [suggest('koa')]: () => KOA });
    renderAt('/');
    await user.type(box(), 'koa');
    await screen.findByRole('option', { name: /Koa from scratch/ });
    await user.keyboard('{ArrowDown}');
    const first = screen.getByRole('option', { name: /Koa from scratch/ });
    expect(box()).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'APIs with Koa' }).id);
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/course/koa1');
  });

  it('Enter on a category opens the course list filtered by it', async () => {
    home({ [suggest('koa')]: () => KOA });
    renderAt('/');
    await user.type(box(), 'koa');
    await screen.findByRole('option', { name: 'Web Development' });
    await user.keyboard('{ArrowUp}');
    expect(box()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Web Development' }).id);
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/course-list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Course List' })).toBeInTheDocument();
  });

  it('Enter with no option chosen searches, as before', async () => {
    home({ [suggest('koa')]: () => KOA });
    renderAt('/');
    await user.type(box(), 'koa');
    await screen.findByRole('option', { name: /Koa from scratch/ });
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/course-list/koa');
  });

  it('a click opens the option clicked', async () => {
    home({ [suggest('koa')]: () => KOA });
    renderAt('/');
    await user.type(box(), 'koa');
    await user.click(await screen.findByRole('option', { name: /Koa from scratch/ }));
    expect(currentPath()).toBe('/course/koa1');
  });

  it('Escape closes the list, keeping the text', async () => {
    home({ [suggest('koa')]: () => KOA });
    renderAt('/');
    await user.type(box(), 'koa');
    await screen.findByRole('option', { name: /Koa from scratch/ });
    await user.keyboard('{ArrowDown}');
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    expect(box()).toHaveValue('koa');
    // ArrowDown opens it again.
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(box()).toHaveAttribute('aria-expanded', 'true'));
  });

  it("says 'Searching...' while the suggestions load, and when they failed", async () => {
    const answer = deferred<unknown>();
    home({
      [suggest('koa')]: () => answer.promise,
      [suggest('koax')]: () => {
        throw serverError('Suggestions are down', 503);
      },
    });
    renderAt('/');
    await user.type(box(), 'koa');
    expect(await screen.findByText('Searching...')).toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    answer.resolve({ success: true, suggestions: { courses: [], categories: [] } });
    await waitFor(() => expect(screen.queryByText('Searching...')).not.toBeInTheDocument());
    expect(box()).toHaveAttribute('aria-expanded', 'false');

    await user.type(box(), 'x');
    expect(await screen.findByText('Could not load suggestions.')).toBeInTheDocument();
    // Enter still searches.
    await user.keyboard('{Enter}');
    expect(currentPath()).toBe('/course-list/koax');
  });
});
