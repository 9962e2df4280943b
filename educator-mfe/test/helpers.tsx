import {
  api,
  apiRequest,
  type DashboardData,
  type EducatorCourse,
  type EnrolledStudent,
  type QueryClient,
  QueryProvider,
  type SessionState,
  sessionStore,
} from '@courseport/shared-ui';
import { apiMocks, renderRoutes, testQueryClient, user } from '@courseport/shared-ui/testing';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, expect, vi } from 'vitest';
import { preloadCourseDialogs } from '../src/features/add-course/components/ChapterBuilder';
import EducatorPortal, { loadEducatorPages } from '../src/pages/EducatorPortal';

// jsdom computes styles slowly with antd's injected CSS; leave room for slower machines.
vi.setConfig({ testTimeout: 20_000 });

// Each page is its own chunk (#34): the tests render pages as a visitor whose chunks are there
// (lazy-page.test.tsx covers the loading), so each state shows from the first render.
await loadEducatorPages();
// So are the course form's dialogs (loaded when first used, #34).
await preloadCourseDialogs();

// Add/Edit Course keep drafts in localStorage: each test starts without any.
beforeEach(() => localStorage.clear());

// The portal set-up (shared-ui/test/setup-portal.ts) mocks `api` and `apiRequest`: these are the mocks.
export const apiSend = vi.mocked(apiRequest);
export const { apiGet, apiPost, failingGet, getCalls, mockGet, mockPost, pendingGet, postBodies } = apiMocks(
  api,
  apiSend,
);

export * from '@courseport/shared-ui/testing';

export const DASHBOARD_PATH = '/api/educator/dashboard';
export const COURSES_PATH = '/api/educator/courses';
export const STUDENTS_PATH = '/api/educator/enrolled-students';
export const ADD_COURSE_PATH = '/api/educator/add-course';

export function setSession(state: Partial<SessionState>) {
  sessionStore.setState({
    status: 'signed-in',
    userLoaded: true,
    identity: null,
    user: null,
    roles: ['student', 'educator'],
    ...state,
  });
}

/** An educator signed in, named by the provider (identity) and by the profile (user). */
export function signInAsEducator(fullName = 'Grace Hopper', userName = 'grace.profile') {
  setSession({
    identity: { id: 'idp-1', email: 'grace@example.com', fullName, imageUrl: 'https://img.example.com/grace.png' },
    user: {
      _id: 'u1',
      email: 'grace@example.com',
      name: userName,
      imageUrl: '',
      roles: ['student', 'educator'],
      enrolledCourses: [],
    },
  });
}

/**
 * Renders the portal at `path`, mounted at /educator/* as the shell (and the standalone mode) does,
 * with its own query client (the shell's root gives the app's one).
 */
export function renderPortal(path = '/educator', client: QueryClient = testQueryClient()) {
  const rendered = renderRoutes(
    [
      {
        path: '/educator/*',
        element: (
          <QueryProvider client={client}>
            <EducatorPortal />
          </QueryProvider>
        ),
      },
    ],
    path,
  );
  return { ...rendered, client };
}

/**
 * The texts of the cells of every body row of the tables in `scope` (a person cell: just the name):
 * antd's tables and the plain ones (`tr.ed-row`, #34).
 */
export function tableRows(scope: HTMLElement = document.body): string[][] {
  return Array.from(scope.querySelectorAll('tbody tr.ant-table-row, tbody tr.ed-row')).map((row) =>
    Array.from(row.querySelectorAll('td')).map(
      (cell) => (cell.querySelector('.ed-person-name') ?? cell).textContent ?? '',
    ),
  );
}

export const localDate = (iso: string) => new Date(iso).toLocaleDateString();

export function makeEnrollment(
  name: string,
  courseTitle: string,
  purchaseDate: string,
  imageUrl = '',
): EnrolledStudent {
  return { student: { _id: `s-${name}`, name, imageUrl }, courseTitle, purchaseDate };
}

export const ENROLLMENTS: EnrolledStudent[] = [
  makeEnrollment(
    'Ada Lovelace',
    'Complete React Bootcamp',
    '2025-03-15T10:00:00.000Z',
    'https://img.example.com/ada.png',
  ),
  makeEnrollment('Alan Turing', 'Python for Data Science', '2025-02-02T08:30:00.000Z'),
  makeEnrollment('Katherine Johnson', 'Complete React Bootcamp', '2024-12-24T18:45:00.000Z'),
];

export function makeDashboard(overrides: Partial<DashboardData> = {}): DashboardData {
  return { totalCourses: 2, totalEarnings: 1198, enrolledStudentsData: ENROLLMENTS, ...overrides };
}

export function makeCourse(overrides: Partial<EducatorCourse> & Pick<EducatorCourse, '_id'>): EducatorCourse {
  return {
    courseTitle: `Course ${overrides._id}`,
    courseDescription: '<p>A course.</p>',
    courseThumbnail: `https://img.example.com/${overrides._id}.jpg`,
    coursePrice: 499,
    discount: 10,
    createdAt: '2025-03-01T10:00:00.000Z',
    studentsCount: 3,
    earnings: 1198,
    status: 'published',
    ...overrides,
  };
}

/**
 * The course description's editor, ready to type in: its box is clicked (the editor loads on use,
 * #34) and the editor (a textarea in page tests, mocks/TextareaEditor) has the focus. (Pointing at
 * the box may have brought the editor before the press: then the press goes to the editor itself.)
 */
export async function openDescription(label = 'Course Description'): Promise<HTMLTextAreaElement> {
  await user.click(screen.getByLabelText(label));
  const editor = await waitFor(() => {
    const element = screen.getByLabelText(label);
    expect(element.tagName).toBe('TEXTAREA');
    return element as HTMLTextAreaElement;
  });
  if (document.activeElement !== editor) await user.click(editor);
  expect(editor).toHaveFocus();
  return editor;
}
