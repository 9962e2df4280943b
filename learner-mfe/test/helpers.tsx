import {
  api,
  type Chapter,
  type EnrolledCourse,
  type Lecture,
  QueryProvider,
  queryClient,
} from '@courseport/shared-ui';
import {
  apiMocks,
  gettingStartedChapter,
  makeCourseCard,
  makeLecture,
  renderPortalAt,
} from '@courseport/shared-ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { type VideoAdapter, VideoAdapterContext } from '../src/features/player/api/youtube';
import MyEnrollmentsPage from '../src/pages/MyEnrollmentsPage';
import PaymentReturnPage from '../src/pages/PaymentReturnPage';
import PlayerPage from '../src/pages/PlayerPage';
import PurchaseHistoryPage from '../src/pages/PurchaseHistoryPage';
import WishlistPage from '../src/pages/WishlistPage';

// jsdom computes styles slowly with antd's injected CSS; leave room for slower machines.
vi.setConfig({ testTimeout: 20_000 });

// The pages use the platform's one query client (as in the shell): no retries in tests (a failure
// shows at once), and nothing cached from one test to the next.
queryClient.setDefaultOptions({
  ...queryClient.getDefaultOptions(),
  queries: { ...queryClient.getDefaultOptions().queries, retry: false },
});
afterEach(() => {
  queryClient.clear();
});

// The portal set-up (shared-ui/test/setup-portal.ts) mocks `api`: these are the mocks.
export const { apiGet, apiPost, getCalls, mockGet, mockPost, postBodies } = apiMocks(api);

export * from '@courseport/shared-ui/testing';

export const ENROLLED_PATH = '/api/user/enrolled-courses';
export const PROGRESS_PATH = '/api/user/get-course-progress';
export const UPDATE_PROGRESS_PATH = '/api/user/update-course-progress';
export const RATING_PATH = '/api/user/add-rating';
export const VERIFY_PATH = '/api/user/verify-payment';
export const PURCHASES_PATH = '/api/user/purchases';
export const CONFIG_PATH = '/api/config';

const PAGES = { MyEnrollmentsPage, PlayerPage, PaymentReturnPage, PurchaseHistoryPage, WishlistPage };

/** A player that never gets ready: YouTube's script is not loaded in tests. */
const silentVideos: VideoAdapter = () => () => {};

/**
 * Renders the learner's routes at `path`, as the shell (and the standalone mode) does. Lecture
 * videos are driven by `videos` (a stand-in's `adapter`, see `standInVideos`), else stay silent.
 */
export const renderAt = (
  path: string,
  { strict = false, videos = silentVideos }: { strict?: boolean; videos?: VideoAdapter } = {},
) =>
  renderPortalAt('learner', PAGES, path, {
    withSearch: true,
    strict,
    wrap: (page) => (
      <QueryProvider>
        <VideoAdapterContext.Provider value={videos}>{page}</VideoAdapterContext.Provider>
      </QueryProvider>
    ),
  });

/** A lecture video played by the stand-in: the test moves its clock and plays, pauses or ends it. */
export interface StandInVideo {
  /** The embed's video id. */
  videoId: string;
  /** Seconds into the video, as the player would answer. */
  time: number;
  /** Every second the page asked to seek to. */
  seeks: number[];
  /** Whether the page still listens (false once the lecture is closed). */
  connected: boolean;
  ready(): void;
  play(): void;
  pause(): void;
  /** Plays to the end: the time becomes `seconds`, then the video ends. */
  end(seconds?: number): void;
}

/**
 * A stand-in for YouTube's IFrame API (not reachable from the test machines): pass `adapter` to
 * `renderAt`; `videos` lists every video the page connected, `current()` the one still connected.
 */
export function standInVideos() {
  const videos: StandInVideo[] = [];
  const adapter: VideoAdapter = (frame, events) => {
    const video: StandInVideo = {
      videoId: frame.dataset.videoId ?? '',
      time: 0,
      seeks: [],
      connected: true,
      ready: () =>
        act(() =>
          events.onReady({
            currentTime: () => video.time,
            seekTo: (seconds) => {
              video.seeks.push(seconds);
              video.time = seconds;
            },
          }),
        ),
      play: () => act(() => events.onPlay()),
      pause: () => act(() => events.onPause()),
      end: (seconds = video.time) => {
        video.time = seconds;
        act(() => events.onEnded());
      },
    };
    videos.push(video);
    return () => {
      video.connected = false;
    };
  };
  const current = () => {
    const connected = videos.filter((video) => video.connected);
    const video = connected.at(-1);
    if (!video || connected.length > 1) throw new Error(`${connected.length} videos are connected`);
    return video;
  };
  return { adapter, videos, current };
}

/** The closest `selector` around the element showing `text`. */
export function around(text: string, selector: string, scope: HTMLElement = document.body): HTMLElement {
  const found = within(scope).getByText(text).closest<HTMLElement>(selector);
  if (!found) throw new Error(`"${text}" is not inside ${selector}`);
  return found;
}

/** The toast showing `text`, of the given kind. */
export async function findToast(text: string, kind: 'success' | 'error' | 'info' | 'warning'): Promise<HTMLElement> {
  // The page may say the same text too (e.g. the payment-return page's outcome): the toast's copy.
  const notice = await waitFor(() => {
    const found = screen
      .getAllByText(text)
      .map((element) => element.closest<HTMLElement>('.ant-notification-notice'))
      .find((element) => element !== null);
    if (!found) throw new Error(`"${text}" is not a toast`);
    return found;
  });
  if (!notice.className.includes(`ant-notification-notice-${kind}`)) {
    throw new Error(`"${text}" is not a ${kind} toast: ${notice.className}`);
  }
  return notice;
}

export const lecture = (overrides: Parameters<typeof makeLecture>[0]): Lecture =>
  makeLecture({ lectureUrl: `https://youtu.be/${overrides.lectureId}video`, ...overrides });

/**
 * Two chapters, six lectures, 2h 20m. The chapters come out of order (the page sorts them):
 * 1 'Getting Started' (l1 20m, l2 45m) and 2 'Components and Props' (l3 30m, l4 40m, l5 5m, l6 0m).
 */
export function defaultChapters(): Chapter[] {
  return [
    {
      chapterId: 'ch2',
      chapterTitle: 'Components and Props',
      chapterOrder: 2,
      chapterContent: [
        lecture({ lectureId: 'l4', lectureTitle: 'Props in depth', lectureDuration: 40, lectureOrder: 2 }),
        lecture({ lectureId: 'l3', lectureTitle: 'Your first component', lectureDuration: 30, lectureOrder: 1 }),
        lecture({ lectureId: 'l5', lectureTitle: 'State basics', lectureDuration: 5, lectureOrder: 3 }),
        lecture({ lectureId: 'l6', lectureTitle: 'Wrap-up quiz', lectureDuration: 0, lectureOrder: 4 }),
      ],
    },
    gettingStartedChapter({ lecture, l2: { lectureUrl: 'https://www.youtube.com/embed/setup456' } }),
  ];
}

export function makeEnrolledCourse(overrides: Partial<EnrolledCourse> & Pick<EnrolledCourse, '_id'>): EnrolledCourse {
  return {
    ...makeCourseCard({ courseThumbnail: `https://img.example.com/${overrides._id}.png`, ...overrides }),
    courseDescription: '<p>About the course</p>',
    courseContent: defaultChapters(),
    myRating: null,
    ...overrides,
  };
}

export const enrolledAnswer = (courses: EnrolledCourse[]) => ({ success: true, enrolledCourses: courses });

export const SAVE_POSITION_PATH = '/api/user/save-position';

export const progressAnswer = (
  courseId: string,
  lectureCompleted: string[] | null,
  position?: { lectureId: string; seconds: number },
) => ({
  success: true,
  progressData:
    lectureCompleted || position
      ? {
          courseId,
          lectureCompleted: lectureCompleted ?? [],
          ...(position ? { position: { ...position, updatedAt: '2026-11-27T10:00:00.000Z' } } : {}),
        }
      : null,
});
