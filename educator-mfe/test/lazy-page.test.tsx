import { act, render, screen } from '@testing-library/react';
import { Component, type ReactElement, type ReactNode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '../src/lib/lazy-page';
import { PATHS } from '../src/lib/paths';
import { EDUCATOR_PAGES, educatorPageAt } from '../src/pages/EducatorPortal';
import MyCoursesPage from '../src/pages/MyCoursesPage';
import { deferred, user } from './helpers';

const module = (text: string) => ({ default: () => <p>{text}</p> });

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state: { error: string | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

let counterMounts = 0;
function Counter() {
  const [count, setCount] = useState(() => {
    counterMounts += 1;
    return 0;
  });
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count}
    </button>
  );
}

/** Renders in an awaited act scope: a suspended render is retried there once its promise settles. */
async function renderSuspending(ui: ReactElement) {
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(ui);
  });
  return rendered as ReturnType<typeof render>;
}

describe('a page in its own chunk (lazyPage)', () => {
  it("shows the loading state until the page's chunk is there, then the page, fetching it once", async () => {
    const chunk = deferred<ReturnType<typeof module>>();
    const importPage = vi.fn(() => chunk.promise);
    const { element: page } = lazyPage(importPage, <p role="status">Loading...</p>);
    await renderSuspending(page);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    await act(async () => chunk.resolve(module('The page')));
    expect(await screen.findByText('The page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without the loading state, when the chunk was fetched before the first render', async () => {
    const importPage = vi.fn(async () => module('Fetched early'));
    const { element: page, load } = lazyPage(importPage, <p role="status">Loading...</p>);
    await load();
    render(page);
    expect(screen.getByText('Fetched early')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(importPage).toHaveBeenCalledTimes(1);
  });

  it('keeps the page mounted, and its state, when what is around it renders again', async () => {
    counterMounts = 0;
    const chunk = deferred<{ default: typeof Counter }>();
    const { element: page } = lazyPage(() => chunk.promise, <p role="status">Loading...</p>);
    const { rerender } = await renderSuspending(<section title="first">{page}</section>);
    await act(async () => chunk.resolve({ default: Counter }));
    await user.click(await screen.findByRole('button', { name: 'Clicked 0' }));
    rerender(<section title="second">{page}</section>);
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeInTheDocument();
    expect(counterMounts).toBe(1);
  });

  it('hands a chunk that fails to the error boundary without fetching again, and fetches it again when mounted again', async () => {
    const importPage = vi
      .fn<() => Promise<ReturnType<typeof module>>>()
      .mockRejectedValueOnce(new Error('Failed to fetch the chunk'))
      .mockResolvedValue(module('Second try'));
    // React reports the error the boundary caught.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { element } = lazyPage(importPage, <p role="status">Loading...</p>);
    const page = <Boundary>{element}</Boundary>;
    const first = await renderSuspending(page);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch the chunk');
    expect(importPage).toHaveBeenCalledTimes(1);
    // The error screen's Retry mounts the page again.
    first.unmount();
    await renderSuspending(page);
    expect(await screen.findByText('Second try')).toBeInTheDocument();
    expect(importPage).toHaveBeenCalledTimes(2);
    consoleError.mockRestore();
  });
});

describe("the educator portal's pages", () => {
  it('finds the page of each address under /educator, the dashboard for an unknown one, none outside', async () => {
    const at = (pathname: string) =>
      EDUCATOR_PAGES.indexOf(educatorPageAt(pathname) as (typeof EDUCATOR_PAGES)[number]);
    expect(at('/educator')).toBe(0);
    expect(at('/educator/')).toBe(0);
    expect(await educatorPageAt('/educator/my-courses')?.load()).toMatchObject({ default: MyCoursesPage });
    // (A page drawn with antd comes in antd's theme: its chunk's page is wrapped, #34.)
    const path = (pathname: string) => EDUCATOR_PAGES[at(pathname)]?.path;
    expect(path('/educator/courses/c%201/edit')).toBe('courses/:id/edit');
    expect(at('/educator/no-such-page')).toBe(0);
    expect(at('/educator/courses/c1')).toBe(0);
    expect(educatorPageAt('/my-enrollments')).toBeNull();
    expect(educatorPageAt('/educators')).toBeNull();
    expect(educatorPageAt('/')).toBeNull();
  });

  it("gives every address of the portal's links its own page", () => {
    const addresses = Object.values(PATHS).map((path) => (typeof path === 'string' ? path : path('c1')));
    const pages = addresses.map((address) => educatorPageAt(address));
    expect(new Set(pages).size).toBe(addresses.length);
    expect(new Set(pages)).toEqual(new Set(EDUCATOR_PAGES));
  });
});
