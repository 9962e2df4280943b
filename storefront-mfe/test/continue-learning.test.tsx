import type { ContinueLearning } from '@courseport/shared-ui';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CATEGORIES_PATH,
  catalogPage,
  currentPath,
  deferred,
  expectLoadingUntil,
  expectRetryRecovers,
  FEATURED_PATH,
  failsUntilRecovered,
  getCalls,
  makeCourse,
  mockGet,
  renderAt,
  serverError,
  signIn,
  signOut,
  user,
} from './helpers';

const CONTINUE_PATH = '/api/user/continue-learning';

const item = (courseId: string, courseTitle: string, lectureTitle: string, percent: number): ContinueLearning => ({
  courseId,
  courseTitle,
  courseThumbnail: `https://img.example.com/${courseId}.jpg`,
  lecture: { lectureId: `${courseId}-l2`, lectureTitle },
  percent,
  lastWatchedAt: null,
});
const ITEMS = [item('go', 'Go in Practice', 'Channels', 100 / 3), item('rust', 'Rust Basics', 'Ownership', 0)];
const catalog = {
  [FEATURED_PATH]: () => catalogPage([makeCourse({ _id: 'c1', courseTitle: 'Course 1' })]),
  [CATEGORIES_PATH]: () => ({ success: true, categories: [] }),
};

beforeEach(() => {
  signOut();
});

describe("Home: 'Continue learning'", () => {
  it('shows nothing to a visitor, and asks nothing', async () => {
    mockGet(catalog);
    renderAt('/');
    await screen.findByText('Course 1');
    expect(screen.queryByText('Continue learning')).not.toBeInTheDocument();
    expect(getCalls(CONTINUE_PATH)).toBe(0);
  });

  it("shows a student's unfinished courses with their progress, each continuing at its next lecture", async () => {
    signIn();
    const answer = deferred<unknown>();
    mockGet({ ...catalog, [CONTINUE_PATH]: () => answer.promise });
    renderAt('/');
    await screen.findByText('Continue learning');
    const section = screen.getByRole('region', { name: 'Continue learning' });
    expect(within(section).getByText('Loading...')).toBeInTheDocument();
    await screen.findByText('Course 1');
    await expectLoadingUntil(answer, 'Loading...', { success: true, courses: ITEMS }, 'Go in Practice');

    const list = within(section).getByRole('list', { name: 'Courses to continue' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Go in Practice', 'Rust Basics']);
    expect(within(list).getByRole('progressbar', { name: 'Progress in Go in Practice' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(within(list).getByText('33% complete')).toBeInTheDocument();
    const go = within(list).getByRole('link', { name: 'Continue: Channels, in Go in Practice' });
    expect(go).toHaveAttribute('href', '/player/go?lecture=go-l2');
    await user.click(go);
    expect(currentPath()).toBe('/player/go');
  });

  it('shows nothing to a student with nothing to continue', async () => {
    signIn();
    mockGet({ ...catalog, [CONTINUE_PATH]: () => ({ success: true, courses: [] }) });
    renderAt('/');
    await screen.findByText('Course 1');
    expect(getCalls(CONTINUE_PATH)).toBe(1);
    expect(screen.queryByText('Continue learning')).not.toBeInTheDocument();
  });

  it('says when the courses could not be loaded, and Retry loads them', async () => {
    signIn();
    const answer = failsUntilRecovered(serverError('Database unavailable', 503), () => ({
      success: true,
      courses: ITEMS,
    }));
    mockGet({ ...catalog, [CONTINUE_PATH]: answer.handler });
    renderAt('/');
    await expectRetryRecovers(answer, 'Could not load your courses', 'Retry', 'Go in Practice');
  });
});
