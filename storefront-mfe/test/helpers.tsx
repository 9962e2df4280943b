import {
  ApiError,
  api,
  type CourseCard,
  type CourseDetails,
  type Lecture,
  type SessionState,
  sessionStore,
  ThemeProvider,
} from '@courseport/shared-ui';
import { render, screen, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import CourseDetailsPage from '../src/pages/CourseDetailsPage';
import CourseListPage from '../src/pages/CourseListPage';
import HomePage from '../src/pages/HomePage';

// jsdom computes styles slowly with antd's injected CSS; leave room for slower machines.
vi.setConfig({ testTimeout: 15_000 });

/** user-event without the pointer-events style check (slow in jsdom, and antd never relies on it). */
export const setupUser = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

// Every test file mocks `api` (vi.mock is per file), so these are the mocks.
export const apiGet = vi.mocked(api.get);
export const apiPost = vi.mocked(api.post);

export const ALL_COURSES_PATH = '/api/course/all';
export const PURCHASE_PATH = '/api/user/purchase';

/** Answers GETs per path: a handler returns the body or throws (or returns a promise). */
export function mockGet(handlers: Record<string, () => unknown>) {
  apiGet.mockImplementation((async (path: string) => {
    const handler = handlers[path];
    if (!handler) throw new Error(`Unexpected GET ${path}`);
    return handler();
  }) as typeof api.get);
}

export function mockPost(handlers: Record<string, (body: unknown) => unknown>) {
  apiPost.mockImplementation((async (path: string, body: unknown) => {
    const handler = handlers[path];
    if (!handler) throw new Error(`Unexpected POST ${path}`);
    return handler(body);
  }) as typeof api.post);
}

export const getCalls = (path: string) => apiGet.mock.calls.filter(([p]) => p === path).length;

export const serverError = (message: string, status = 400) =>
  new ApiError(message, status, { success: false, message });

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function signOut() {
  sessionStore.setState({ status: 'signed-out', user: null, userLoaded: true, roles: [] });
}

export function signIn(state: Partial<SessionState> = {}, enrolledCourses: string[] = []) {
  sessionStore.setState({
    status: 'signed-in',
    userLoaded: true,
    roles: ['student'],
    user: {
      _id: 'u1',
      email: 'sam@example.com',
      name: 'Sam Student',
      imageUrl: '',
      roles: ['student'],
      enrolledCourses,
    },
    ...state,
  });
}

/** Shows the current location, so a test can see where a link or a search went. */
function LocationProbe() {
  const { pathname } = useLocation();
  return <span data-testid="location">{pathname}</span>;
}

export const currentPath = () => screen.getByTestId('location').textContent;

const ROUTES: ReadonlyArray<{ path: string; element: ReactElement }> = [
  { path: '/', element: <HomePage /> },
  { path: '/course-list', element: <CourseListPage /> },
  { path: '/course-list/:input', element: <CourseListPage /> },
  { path: '/course/:id', element: <CourseDetailsPage /> },
];

/** Renders the storefront's routes at `path`, as the shell (and the standalone mode) does. */
export function renderAt(path: string) {
  return render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {ROUTES.map(({ path: routePath, element }) => (
            <Route key={routePath} path={routePath} element={element} />
          ))}
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </ThemeProvider>,
  );
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

export function makeCourse(overrides: Partial<CourseCard> & Pick<CourseCard, '_id'>): CourseCard {
  return {
    courseTitle: `Course ${overrides._id}`,
    courseThumbnail: `https://img.example.com/${overrides._id}.jpg`,
    coursePrice: 499,
    discount: 10,
    educator: { name: 'Jane Educator' },
    averageRating: 4,
    ratingCount: 12,
    enrolledCount: 340,
    createdAt: '2025-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export const lecture = (overrides: Partial<Lecture> & Pick<Lecture, 'lectureId' | 'lectureTitle'>): Lecture => ({
  lectureDuration: 10,
  isPreviewFree: false,
  lectureOrder: 1,
  ...overrides,
});

export function makeDetails(overrides: Partial<CourseDetails> = {}): CourseDetails {
  return {
    ...makeCourse({ _id: 'c1', courseTitle: 'Complete React Bootcamp' }),
    courseDescription:
      '<h2>Build modern apps</h2><p>Learn <strong>React</strong> from scratch with hands-on projects.</p>',
    courseContent: [
      {
        chapterId: 'ch1',
        chapterTitle: 'Getting Started',
        chapterOrder: 1,
        chapterContent: [
          lecture({
            lectureId: 'l1',
            lectureTitle: 'Welcome to the course',
            lectureDuration: 20,
            isPreviewFree: true,
            lectureUrl: 'https://youtu.be/intro123?si=share',
            lectureOrder: 1,
          }),
          lecture({ lectureId: 'l2', lectureTitle: 'Setting up your tools', lectureDuration: 45, lectureOrder: 2 }),
        ],
      },
      {
        chapterId: 'ch2',
        chapterTitle: 'Components and Props',
        chapterOrder: 2,
        chapterContent: [
          lecture({
            lectureId: 'l3',
            lectureTitle: 'Your first component',
            lectureDuration: 30,
            isPreviewFree: true,
            lectureUrl: 'https://youtu.be/first456',
            lectureOrder: 1,
          }),
          lecture({ lectureId: 'l4', lectureTitle: 'Props in depth', lectureDuration: 40, lectureOrder: 2 }),
          // A free preview whose URL the caller may not see: no Preview button.
          lecture({
            lectureId: 'l5',
            lectureTitle: 'State basics',
            lectureDuration: 5,
            isPreviewFree: true,
            lectureOrder: 3,
          }),
        ],
      },
    ],
    ...overrides,
  };
}
