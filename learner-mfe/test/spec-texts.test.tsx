import { sessionStore } from '@courseport/shared-ui';
import { screen, within } from '@testing-library/react';
import { beforeEach } from 'vitest';
import {
  around,
  deferred,
  ENROLLED_PATH,
  enrolledAnswer,
  holdSpecTexts,
  makeEnrolledCourse,
  mockGet,
  mockPost,
  networkError,
  PROGRESS_PATH,
  progressAnswer,
  renderAt,
  signIn,
  user,
  VERIFY_PATH,
} from './helpers';

// The learner portal's texts of the spec, each in its state (#30; the list: shared-ui/test/spec-texts.ts).

beforeEach(() => {
  signIn({}, ['c1', 'c2']);
});

const ONGOING = makeEnrolledCourse({ _id: 'c1', courseTitle: 'Complete React Bootcamp' });
const DONE = makeEnrolledCourse({ _id: 'c2', courseTitle: 'Python for Data Science' });
const lectureIds = (course: typeof DONE) =>
  (course.courseContent ?? []).flatMap((chapter) => chapter.chapterContent.map((l) => l.lectureId));

function serve(completed: Record<string, string[]> = {}) {
  mockGet({ [ENROLLED_PATH]: () => enrolledAnswer([ONGOING, DONE]) });
  mockPost({
    [PROGRESS_PATH]: (body) => {
      const { courseId } = body as { courseId: string };
      return progressAnswer(courseId, completed[courseId] ?? null);
    },
  });
}

async function watchFirstLecture() {
  renderAt('/player/c1');
  await screen.findByText('Course Structure');
  await user.click(within(around('Course Structure', 'section')).getAllByText('Watch')[0] as HTMLElement);
}
const lecturePlayer = () => screen.getByRole('region', { name: 'Lecture player' });

const RETURN_URL = '/loading/my-enrollments?purchaseId=p9';

holdSpecTexts('learner', {
  'my-enrollments': async () => {
    serve({ c2: lectureIds(DONE) });
    renderAt('/my-enrollments');
    await screen.findByText('Python for Data Science');
  },
  player: async () => {
    serve();
    await watchFirstLecture();
  },
  'player-lecture-done': async () => {
    serve({ c1: lectureIds(ONGOING) });
    await watchFirstLecture();
    return { scope: lecturePlayer };
  },
  'payment-verifying': async () => {
    // The session is still being restored: nothing can be verified yet.
    sessionStore.setState({ status: 'loading', userLoaded: false });
    renderAt(RETURN_URL);
  },
  'payment-processing': async () => {
    mockPost({ [VERIFY_PATH]: () => deferred<unknown>().promise });
    renderAt(RETURN_URL);
  },
  'payment-no-purchase-id': async () => {
    renderAt('/loading/my-enrollments');
  },
  'payment-verified': async () => {
    mockPost({ [VERIFY_PATH]: () => ({ success: true, message: 'Payment verified' }) });
    renderAt(RETURN_URL);
  },
  'payment-failed': async () => {
    mockPost({
      [VERIFY_PATH]: () => {
        throw networkError();
      },
    });
    renderAt(RETURN_URL);
  },
});
