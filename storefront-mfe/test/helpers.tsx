import { api, type CourseCard, type CourseDetails, createQueryClient, QueryProvider } from '@courseport/shared-ui';
import {
  apiMocks,
  gettingStartedChapter,
  makeLecture as lecture,
  makeCourseCard,
  renderPortalAt,
} from '@courseport/shared-ui/testing';
import { vi } from 'vitest';
import CertificatePage from '../src/pages/CertificatePage';
import CourseDetailsPage from '../src/pages/CourseDetailsPage';
import CourseListPage from '../src/pages/CourseListPage';
import HomePage from '../src/pages/HomePage';
import InstructorPage from '../src/pages/InstructorPage';

// jsdom computes styles slowly with antd's injected CSS; leave room for slower machines.
vi.setConfig({ testTimeout: 15_000 });

// The portal set-up (shared-ui/test/setup-portal.ts) mocks `api`: these are the mocks.
export const { apiGet, apiPost, failingGet, getCalls, mockGet, mockPost, pendingGet } = apiMocks(api);

export * from '@courseport/shared-ui/testing';

export const ALL_COURSES_PATH = '/api/course/all';
/** Home's featured courses: the best rated (the shell prefetches the same path for `/`). */
export const FEATURED_PATH = '/api/course/all?sort=rating&limit=8';
export const CATEGORIES_PATH = '/api/categories';
/** A catalog page's body: `courses`, and `total` (all of them unless told). */
export const catalogPage = (courses: CourseCard[], total = courses.length) => ({ success: true, courses, total });
export const PURCHASE_PATH = '/api/user/purchase';

const PAGES = { HomePage, CourseListPage, CourseDetailsPage, InstructorPage, CertificatePage };

/** The query client of the latest `renderAt`: a fresh cache per test, and no retries (failures show at once). */
export let queryClient = createQueryClient();

/**
 * Renders the storefront's routes at `path`, as the shell (and the standalone mode) does, with a
 * query client of its own.
 */
export function renderAt(path: string) {
  queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = queryClient;
  return renderPortalAt('storefront', PAGES, path, {
    wrap: (page) => <QueryProvider client={client}>{page}</QueryProvider>,
  });
}

/** A catalog card (`makeCourseCard` of the testing kit). */
export const makeCourse = makeCourseCard;

export { lecture };

export function makeDetails(overrides: Partial<CourseDetails> = {}): CourseDetails {
  return {
    ...makeCourse({ _id: 'c1', courseTitle: 'Complete React Bootcamp' }),
    courseDescription:
      '<h2>Build modern apps</h2><p>Learn <strong>React</strong> from scratch with hands-on projects.</p>',
    courseContent: [
      gettingStartedChapter({ l1: { isPreviewFree: true } }),
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
