/**
 * Test tools shared by every front end's component tests (`@courseport/shared-ui/testing`).
 * Never imported by application code.
 */
import { PORTALS, type PortalName } from '@courseport/contracts/platform';
import { useCurrency } from '@courseport/shared-ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { type ComponentType, type ReactElement, StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, expect, type Mock, vi } from 'vitest';

/** Routers for rendering a screen at a path in tests (the app gets them from shared-ui). */
export { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
export { holdSpecTexts, SPEC_TEXTS, type SpecScenarios, showsText } from './spec-texts';

import type { Chapter, CourseReview, Lecture, ThumbnailImage } from '@courseport/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../src/api/client';
import type { CourseCard } from '../src/contracts/index';
import { createQueryClient, type QueryClient } from '../src/query/index';
import { type SessionState, sessionStore } from '../src/session/store';

/**
 * The test tools around the mocked `api` (`vi.mock('@courseport/shared-ui', …)` with
 * `api: { get: vi.fn(), post: vi.fn() }`: the portals' set-up, or a test file's own): the mocks,
 * answers per path, what was asked.
 * Every test starts with them (and any `others`) unanswered and uncalled.
 */
export function apiMocks(api: { get: unknown; post: unknown }, ...others: unknown[]) {
  const apiGet = api.get as Mock;
  const apiPost = api.post as Mock;
  beforeEach(() => {
    // Nothing to reset in a file that does not mock them.
    for (const mock of [apiGet, apiPost, ...others]) if (vi.isMockFunction(mock)) mock.mockReset();
  });
  return {
    apiGet,
    apiPost,
    /** How many GETs of `path` were made. */
    getCalls: (path: string) => callsTo(apiGet, path),
    /** Answers GETs per path: a handler returns the body or throws (or returns a promise). */
    mockGet: (handlers: Record<string, () => unknown>) => answerByPath(apiGet, 'GET', handlers),
    /** Holds the GETs of `path` until the test answers them (`resolve(body)` or `reject(error)`). */
    pendingGet: (path: string) => {
      const answer = deferred<unknown>();
      answerByPath(apiGet, 'GET', { [path]: () => answer.promise });
      return answer;
    },
    /** GETs of `path` fail with `error` until `recover()`, then `answer` (see `failsUntilRecovered`). */
    failingGet: (path: string, error: Error, answer: () => unknown) => {
      const failing = failsUntilRecovered(error, answer);
      answerByPath(apiGet, 'GET', { [path]: failing.handler });
      return failing;
    },
    /** Answers POSTs per path; a handler gets the body. */
    mockPost: (handlers: Record<string, (body: unknown) => unknown>) => answerByPath(apiPost, 'POST', handlers),
    /** The bodies posted to `path`, in order. */
    postBodies: (path: string) => apiPost.mock.calls.filter(([p]) => p === path).map(([, body]) => body),
  };
}

export type User = ReturnType<typeof setupUser>;
/** The user-event instance of the current test (a fresh one before each). */
export let user: User;
beforeEach(() => {
  user = setupUser();
});

/** A catalog card for course `_id`, by Jane Educator, unless overridden. */
export function makeCourseCard(overrides: Partial<CourseCard> & Pick<CourseCard, '_id'>): CourseCard {
  return {
    courseTitle: `Course ${overrides._id}`,
    courseThumbnail: `https://img.example.com/${overrides._id}.jpg`,
    coursePrice: 499,
    discount: 10,
    educator: { _id: 'educator-jane', name: 'Jane Educator' },
    averageRating: 4,
    ratingCount: 12,
    enrolledCount: 340,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * A written review of a course, as the API lists it (with `extra`'s fields, such as the `course`
 * of the educator's and admin's lists): four stars, two lines of text, never edited, no reply.
 */
export function makeReview<T extends object = object>(
  overrides: Partial<CourseReview> & Pick<CourseReview, '_id'>,
  extra?: T,
): CourseReview & T {
  return {
    reviewer: { name: 'Ada Lovelace', imageUrl: 'https://img.example.com/ada.png' },
    rating: 4,
    text: 'Clear and thorough.\nThe hooks chapter was the best.',
    createdAt: '2025-04-02T10:00:00.000Z',
    updatedAt: '2025-04-02T10:00:00.000Z',
    reply: null,
    ...(extra as T),
    ...overrides,
  };
}

/** A lecture: 10 minutes, paid, first in its chapter, unless overridden. */
export const makeLecture = (overrides: Partial<Lecture> & Pick<Lecture, 'lectureId' | 'lectureTitle'>): Lecture => ({
  lectureDuration: 10,
  isPreviewFree: false,
  lectureOrder: 1,
  ...overrides,
});

/**
 * The React course's first chapter, as the course page and the player tests know it: 'Getting
 * Started' ('Welcome to the course' l1 20m, 'Setting up your tools' l2 45m), each lecture as the
 * caller adapts it (`lecture` makes them; `l1`/`l2` change them).
 */
export function gettingStartedChapter({
  lecture = makeLecture,
  l1 = {},
  l2 = {},
}: {
  lecture?: typeof makeLecture;
  l1?: Partial<Lecture>;
  l2?: Partial<Lecture>;
} = {}): Chapter {
  return {
    chapterId: 'ch1',
    chapterTitle: 'Getting Started',
    chapterOrder: 1,
    chapterContent: [
      lecture({
        lectureId: 'l1',
        lectureTitle: 'Welcome to the course',
        lectureDuration: 20,
        lectureUrl: 'https://youtu.be/intro123?si=share',
        lectureOrder: 1,
        ...l1,
      }),
      lecture({ lectureId: 'l2', lectureTitle: 'Setting up your tools', lectureDuration: 45, lectureOrder: 2, ...l2 }),
    ],
  };
}

/**
 * A fresh query cache for one rendering: no retries (a failure shows at once), nothing shared
 * between tests; `queries` adds query defaults.
 */
export const testQueryClient = (queries: { refetchOnWindowFocus?: boolean } = {}): QueryClient =>
  createQueryClient({ defaultOptions: { queries: { retry: false, ...queries } } });

/** Back to the session store's first state (loading, nobody signed in, no callbacks). */
/** Fixes the currency label for this test (portal tests: their set-up mocks `useCurrency`). */
export const setCurrencyLabel = (label: string) => vi.mocked(useCurrency).mockReturnValue(label);

export const resetSession = () => sessionStore.setState(sessionStore.getInitialState(), true);

/** Nobody signed in, and the session known to be so. */
export function signOut(state: Partial<SessionState> = {}) {
  sessionStore.setState({ status: 'signed-out', identity: null, user: null, userLoaded: true, roles: [], ...state });
}

/**
 * Sam Student signed in with the profile loaded (or, with `roles`, any signed-in user; with
 * `user: null`, one whose profile the test gives itself), enrolled in `enrolledCourses`.
 */
export function signIn(state: Partial<SessionState> = {}, enrolledCourses: string[] = []) {
  const roles = state.roles ?? ['student'];
  sessionStore.setState({
    status: 'signed-in',
    userLoaded: true,
    roles,
    user: { _id: 'u1', email: 'sam@example.com', name: 'Sam Student', imageUrl: '', roles, enrolledCourses },
    ...state,
  });
}

/** A processed thumbnail as the API describes it (`${base}/${width}.${format}`), 1280×720, AVIF, WebP and JPEG. */
export const makeThumbnail = (id: string): ThumbnailImage => ({
  base: `https://app.example/api/media/${id}`,
  width: 1280,
  height: 720,
  widths: [320, 640, 960, 1280],
  formats: ['avif', 'webp', 'jpeg'],
  placeholder: 'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAwA0JaQAA3AA/vuUAAA=',
});

/** user-event without the pointer-events style check (slow in jsdom, and antd never relies on it). */
export const setupUser = (options: Parameters<typeof userEvent.setup>[0] = {}) =>
  userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, ...options });

/**
 * Makes a mocked API method answer per path: a handler returns the body, throws, or returns a
 * promise; any other path fails the test loudly.
 */
export function answerByPath(mock: Mock, verb: string, handlers: Record<string, (...rest: never[]) => unknown>): void {
  mock.mockImplementation(async (path: string, ...rest: never[]) => {
    const handler = handlers[path];
    if (!handler) throw new Error(`Unexpected ${verb} ${path}`);
    return handler(...rest);
  });
}

/** How often a mocked API method was called for `path`. */
export const callsTo = (mock: Mock, path: string) => mock.mock.calls.filter(([p]) => p === path).length;

/** What the API client throws when the server answers `{ success: false, message }`. */
export const serverError = (message: string, status = 400) =>
  new ApiError(message, status, { success: false, message });
/** What the API client throws when the server cannot be reached. */
export const networkError = () => new ApiError(NETWORK_ERROR_MESSAGE, 0);

/**
 * Runs all the work a page has scheduled, so that a test may then assert that something did NOT
 * happen (never wait a fixed real time for that). Needs the fake clock, installed by the test with
 * `vi.useFakeTimers({ shouldAdvanceTime: true })`: pending promises settle and the clock moves on by
 * `ms`, running TanStack Query's notifications, React's renders and any timer due by then.
 */
export async function settle(ms = 100): Promise<void> {
  if (!vi.isFakeTimers()) throw new Error('settle() needs vi.useFakeTimers({ shouldAdvanceTime: true })');
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** A promise the test settles when it wants to (to see in-between states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * The button labelled `label` inside `scope`. Found by its text: role queries with a name compute
 * styles for every node, which is slow in jsdom with antd's injected CSS.
 */
export function button(label: string, scope: HTMLElement = document.body): HTMLButtonElement {
  const found = within(scope).getByText(label).closest('button');
  if (!found) throw new Error(`"${label}" is not inside a button`);
  return found;
}

/** The link whose text is `label` inside `scope`. */
export function link(label: string, scope: HTMLElement = document.body): HTMLAnchorElement {
  const found = within(scope).getByText(label).closest('a');
  if (!found) throw new Error(`"${label}" is not inside a link`);
  return found;
}

/** The open dialog (modal or confirmation) that shows `text`. */
export async function findDialog(text: string): Promise<HTMLElement> {
  const dialog = (await screen.findByText(text)).closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error(`"${text}" is not inside a dialog`);
  return dialog;
}

/** The table row that contains `text`. */
export function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`No table row contains "${text}"`);
  return row;
}

/** Shows the current location (path, and query when asked), so a test can see where it went. */
export function LocationProbe({ withSearch = false }: { withSearch?: boolean }) {
  const { pathname, search } = useLocation();
  return <span data-testid="location">{withSearch ? pathname + search : pathname}</span>;
}

export const currentPath = () => screen.getByTestId('location').textContent;

type RenderRoutesOptions = { withSearch?: boolean; strict?: boolean };

/**
 * Renders a portal's routes at `path`, as the shell (and the standalone mode) does, with a catch-all
 * "Elsewhere" page and the location probe (with the query string when `withSearch`).
 */
export function renderRoutes(
  routes: ReadonlyArray<{ path: string; element: ReactElement }>,
  path: string,
  { withSearch = false, strict = false }: RenderRoutesOptions = {},
) {
  const tree = (
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {routes.map(({ path: routePath, element }) => (
          <Route key={routePath} path={routePath} element={element} />
        ))}
        <Route path="*" element={<p>Elsewhere</p>} />
      </Routes>
      <LocationProbe withSearch={withSearch} />
    </MemoryRouter>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}

/**
 * Renders a portal's routes from the platform registry at `path`, as the shell does: `pages` gives
 * each page module the portal exposes its element, rendered inside `wrap` (a query provider, say).
 */
export function renderPortalAt(
  portal: PortalName,
  pages: Record<string, ComponentType>,
  path: string,
  { wrap = (page) => page, ...options }: RenderRoutesOptions & { wrap?: (page: ReactElement) => ReactElement } = {},
) {
  const routes = PORTALS[portal].routes.map((route) => {
    const Page = pages[route.module];
    if (!Page) throw new Error(`No page given for ${portal}'s ${route.module}`);
    return { path: route.path, element: wrap(<Page />) };
  });
  return renderRoutes(routes, path, options);
}

/**
 * An answer that fails with `error` until the test calls `recover()`, then gives `answer()`: for a
 * page's error state and its retry button.
 */
export function failsUntilRecovered(error: Error, answer: () => unknown) {
  let failing = true;
  return {
    message: error.message,
    handler: () => {
      if (failing) throw error;
      return answer();
    },
    recover: () => {
      failing = false;
    },
  };
}

/** The texts of the toasts of one kind on screen (antd's notifications), oldest first. */
export const toastOf = (type: 'success' | 'error' | 'warning' | 'info') =>
  Array.from(document.querySelectorAll(`.ant-notification-notice-${type}`)).map((n) => n.textContent);

/** `loading` shows while `pending` is unanswered; once it answers `body`, `loaded` shows instead. */
export async function expectLoadingUntil(
  pending: ReturnType<typeof deferred<unknown>>,
  loading: string,
  body: unknown,
  loaded: string,
): Promise<void> {
  expect(screen.getByText(loading)).toBeInTheDocument();
  pending.resolve(body);
  expect(await screen.findByText(loaded)).toBeInTheDocument();
  expect(screen.queryByText(loading)).not.toBeInTheDocument();
}

/**
 * The error state titled `title` shows the failing answer's message (with `toast`, a toast says it
 * too); once the answer recovers,
 * clicking `retry` loads again: `recovered` shows and the error state is gone.
 */
export async function expectRetryRecovers(
  answer: ReturnType<typeof failsUntilRecovered>,
  title: string,
  retry: string,
  recovered: string,
  { toast = false }: { toast?: boolean } = {},
): Promise<void> {
  expect(await screen.findByText(title)).toBeInTheDocument();
  if (toast) {
    // The error view and the toast both say it.
    await waitFor(() => expect(screen.getAllByText(answer.message)).toHaveLength(2));
    expect(document.querySelector('.ant-notification-notice-error')).toHaveTextContent(answer.message);
  } else expect(screen.getByText(answer.message)).toBeInTheDocument();
  answer.recover();
  await user.click(button(retry));
  expect(await screen.findByText(recovered)).toBeInTheDocument();
  expect(screen.queryByText(title)).not.toBeInTheDocument();
}
