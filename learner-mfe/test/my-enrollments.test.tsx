import { sessionStore } from '@courseport/shared-ui';
import { makeThumbnail } from '@courseport/shared-ui/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiGet,
  apiPost,
  around,
  button,
  currentPath,
  deferred,
  ENROLLED_PATH,
  enrolledAnswer,
  expectRetryRecovers,
  failsUntilRecovered,
  findToast,
  getCalls,
  link,
  makeEnrolledCourse,
  mockGet,
  mockPost,
  PROGRESS_PATH,
  postBodies,
  progressAnswer,
  renderAt,
  serverError,
  settle,
  signIn,
  signOut,
  user,
} from './helpers';

const EMPTY_TEXT = 'You have not enrolled in any course yet';

beforeEach(() => {
  signIn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Completed lecture ids per course id; courses not listed have no progress yet. */
function answerWith(courses: ReturnType<typeof makeEnrolledCourse>[], completed: Record<string, string[]> = {}) {
  mockGet({ [ENROLLED_PATH]: () => enrolledAnswer(courses) });
  mockPost({
    [PROGRESS_PATH]: (body) => {
      const { courseId } = body as { courseId: string };
      return progressAnswer(courseId, completed[courseId] ?? null);
    },
  });
}

async function openPage() {
  renderAt('/my-enrollments');
  await waitFor(() => expect(document.querySelector('table')).not.toBeNull());
}

const headers = () => Array.from(document.querySelectorAll('thead th')).map((th) => th.textContent);
const bodyRows = () => Array.from(document.querySelectorAll<HTMLElement>('tbody tr'));
const rowOf = (title: string) => around(title, 'tr');
const progressOf = (row: HTMLElement) => row.querySelector('[role="progressbar"]');

describe('My Enrollments: the table', () => {
  it("shows the title and the columns 'Course', 'Duration', 'Completed' and 'Status'", async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: 'Complete React Bootcamp' })]);
    await openPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('My Enrollments');
    expect(headers()).toEqual(['Course', 'Duration', 'Completed', 'Status']);
  });

  it('shows each course with its thumbnail, title, progress bar, duration and completed lectures', async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: 'Complete React Bootcamp' })]);
    await openPage();
    const row = rowOf('Complete React Bootcamp');
    const thumbnail = within(row).getByAltText('Complete React Bootcamp');
    expect(thumbnail).toHaveAttribute('src', 'https://img.example.com/c1.png');
    expect(progressOf(row)).toHaveAttribute('aria-valuenow', '0');
    // 20 + 45 + 30 + 40 + 5 + 0 minutes.
    expect(within(row).getByText('2h 20m')).toBeInTheDocument();
    expect(within(row).getByText('0 / 6 Lectures')).toBeInTheDocument();
    expect(button('On Going', row)).toBeInTheDocument();
  });

  it('draws a processed thumbnail at its small table width, lazily, with its placeholder until it loads', async () => {
    answerWith([
      makeEnrolledCourse({ _id: 'c1', courseTitle: 'Complete React Bootcamp', thumbnail: makeThumbnail('c1') }),
    ]);
    await openPage();
    const thumbnail = within(rowOf('Complete React Bootcamp')).getByAltText('Complete React Bootcamp');
    expect(thumbnail).toHaveAttribute('sizes', '(max-width: 575px) 72px, 112px');
    expect(thumbnail.getAttribute('srcset')).toMatch(/^https:\/\/app\.example\/api\/media\/c1\/320\.jpeg 320w, /);
    expect(thumbnail).toHaveAttribute('loading', 'lazy');
    expect(thumbnail.style.backgroundImage).toContain('data:image/webp;base64,');
    fireEvent.load(thumbnail);
    expect(thumbnail.style.backgroundImage).toBe('');
  });

  it('shows the progress as completed × 100 / total lectures', async () => {
    answerWith(
      [
        makeEnrolledCourse({ _id: 'c1', courseTitle: 'Half done' }),
        makeEnrolledCourse({ _id: 'c2', courseTitle: 'A third done' }),
      ],
      { c1: ['l1', 'l2', 'l3'], c2: ['l1', 'l4'] },
    );
    await openPage();
    const half = rowOf('Half done');
    expect(within(half).getByText('3 / 6 Lectures')).toBeInTheDocument();
    expect(progressOf(half)).toHaveAttribute('aria-valuenow', '50');
    expect(within(half).getByText('50%')).toBeInTheDocument();
    const third = rowOf('A third done');
    expect(within(third).getByText('2 / 6 Lectures')).toBeInTheDocument();
    expect(Number(progressOf(third)?.getAttribute('aria-valuenow'))).toBeCloseTo(100 / 3);
    expect(within(third).getByText('33%')).toBeInTheDocument();
    expect(button('On Going', third)).toBeInTheDocument();
  });

  it("reads 'Completed' when every lecture is done and opens the player", async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: 'All done' })], {
      c1: ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'],
    });
    await openPage();
    const row = rowOf('All done');
    expect(within(row).getByText('6 / 6 Lectures')).toBeInTheDocument();
    expect(progressOf(row)).toHaveAttribute('aria-valuenow', '100');
    expect(within(row).queryByText('On Going')).not.toBeInTheDocument();
    await user.click(button('Completed', row));
    expect(currentPath()).toBe('/player/c1');
  });

  it("opens the player from 'On Going'", async () => {
    answerWith([makeEnrolledCourse({ _id: 'c7', courseTitle: 'Started' })], { c7: ['l1'] });
    await openPage();
    await user.click(button('On Going', rowOf('Started')));
    expect(currentPath()).toBe('/player/c7');
  });

  it("counts a course without lectures as 0: '0m', '0 / 0 Lectures', 0 % and 'On Going'", async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: 'Empty course', courseContent: [] })]);
    await openPage();
    const row = rowOf('Empty course');
    expect(within(row).getByText('0m')).toBeInTheDocument();
    expect(within(row).getByText('0 / 0 Lectures')).toBeInTheDocument();
    expect(progressOf(row)).toHaveAttribute('aria-valuenow', '0');
    expect(button('On Going', row)).toBeInTheDocument();
  });

  it('lists the newest enrollment first (the API answers oldest first)', async () => {
    answerWith([
      makeEnrolledCourse({ _id: 'c1', courseTitle: 'First bought' }),
      makeEnrolledCourse({ _id: 'c2', courseTitle: 'Second bought' }),
      makeEnrolledCourse({ _id: 'c3', courseTitle: 'Last bought' }),
    ]);
    await openPage();
    expect(bodyRows().map((row) => row.querySelector('.ln-course-title')?.textContent)).toEqual([
      'Last bought',
      'Second bought',
      'First bought',
    ]);
  });
});

describe('My Enrollments: loading the progress', () => {
  it('asks for the progress of every course at once, and shows the table when all have answered', async () => {
    mockGet({
      [ENROLLED_PATH]: () =>
        enrolledAnswer([
          makeEnrolledCourse({ _id: 'c1', courseTitle: 'One' }),
          makeEnrolledCourse({ _id: 'c2', courseTitle: 'Two' }),
          makeEnrolledCourse({ _id: 'c3', courseTitle: 'Three' }),
        ]),
    });
    const answers = new Map(['c1', 'c2', 'c3'].map((id) => [id, deferred<unknown>()]));
    mockPost({ [PROGRESS_PATH]: (body) => answers.get((body as { courseId: string }).courseId)?.promise });
    renderAt('/my-enrollments');

    // No waterfall: all three requests are out before the first one answers.
    await waitFor(() => expect(postBodies(PROGRESS_PATH)).toHaveLength(3));
    expect(postBodies(PROGRESS_PATH)).toEqual([{ courseId: 'c3' }, { courseId: 'c2' }, { courseId: 'c1' }]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    // Two of three have answered, and the page has done all it does with that: still no table.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    answers.get('c1')?.resolve(progressAnswer('c1', ['l1']));
    answers.get('c3')?.resolve(progressAnswer('c3', null));
    await settle();
    expect(document.querySelector('table')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');

    answers.get('c2')?.resolve(progressAnswer('c2', ['l1', 'l2']));
    await waitFor(() => expect(document.querySelector('table')).not.toBeNull());
    expect(within(rowOf('One')).getByText('1 / 6 Lectures')).toBeInTheDocument();
    expect(within(rowOf('Two')).getByText('2 / 6 Lectures')).toBeInTheDocument();
    expect(within(rowOf('Three')).getByText('0 / 6 Lectures')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("counts a failed progress call as 0 for that course and shows the server's message", async () => {
    mockGet({
      [ENROLLED_PATH]: () =>
        enrolledAnswer([
          makeEnrolledCourse({ _id: 'c1', courseTitle: 'Works' }),
          makeEnrolledCourse({ _id: 'c2', courseTitle: 'Fails' }),
        ]),
    });
    mockPost({
      [PROGRESS_PATH]: (body) => {
        const { courseId } = body as { courseId: string };
        if (courseId === 'c2') throw serverError('Progress is unavailable', 503);
        return progressAnswer(courseId, ['l1', 'l2', 'l3']);
      },
    });
    await openPage();
    expect(within(rowOf('Works')).getByText('3 / 6 Lectures')).toBeInTheDocument();
    const failed = rowOf('Fails');
    expect(within(failed).getByText('0 / 6 Lectures')).toBeInTheDocument();
    expect(progressOf(failed)).toHaveAttribute('aria-valuenow', '0');
    await findToast('Progress is unavailable', 'error');
  });
});

describe('My Enrollments: states', () => {
  it('shows Loading... until the enrolled courses arrive', async () => {
    const answer = deferred<unknown>();
    mockGet({ [ENROLLED_PATH]: () => answer.promise });
    mockPost({ [PROGRESS_PATH]: (body) => progressAnswer((body as { courseId: string }).courseId, null) });
    renderAt('/my-enrollments');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    answer.resolve(enrolledAnswer([makeEnrolledCourse({ _id: 'c1', courseTitle: 'Arrived' })]));
    expect(await screen.findByText('Arrived')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows Loading... and fetches nothing while the session is still loading', async () => {
    sessionStore.setState({ status: 'loading', userLoaded: false, roles: [], user: null });
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: 'Later' })]);
    renderAt('/my-enrollments');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(apiGet).not.toHaveBeenCalled();
    signIn();
    expect(await screen.findByText('Later')).toBeInTheDocument();
    expect(getCalls(ENROLLED_PATH)).toBe(1);
  });

  it("shows the empty state with 'Browse Courses' when there are no enrollments", async () => {
    answerWith([]);
    renderAt('/my-enrollments');
    expect(await screen.findByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(link('Browse Courses')).toHaveAttribute('href', '/course-list');
    expect(apiPost).not.toHaveBeenCalled();
    await user.click(link('Browse Courses'));
    expect(currentPath()).toBe('/course-list');
  });

  it('shows the error, not the empty state, when the enrolled courses cannot be fetched, and Try Again loads them', async () => {
    const enrolled = failsUntilRecovered(serverError('Database is down', 500), () =>
      enrolledAnswer([makeEnrolledCourse({ _id: 'c1', courseTitle: 'Back again' })]),
    );
    mockGet({ [ENROLLED_PATH]: enrolled.handler });
    mockPost({ [PROGRESS_PATH]: (body) => progressAnswer((body as { courseId: string }).courseId, null) });
    renderAt('/my-enrollments');
    await screen.findByText('Could not load your enrollments');
    expect(screen.queryByText(EMPTY_TEXT)).not.toBeInTheDocument();
    expect(document.querySelector('.ant-notification-notice')).toBeNull();
    await expectRetryRecovers(enrolled, 'Could not load your enrollments', 'Try Again', 'Back again');
    expect(getCalls(ENROLLED_PATH)).toBe(2);
  });

  it('links to the purchase history from beside the title', async () => {
    answerWith([]);
    renderAt('/my-enrollments');
    await screen.findByText(EMPTY_TEXT);
    expect(link('Purchase history')).toHaveAttribute('href', '/purchase-history');
    await user.click(link('Purchase history'));
    expect(currentPath()).toBe('/purchase-history');
  });

  it('asks a signed-out visitor to sign in, and fetches nothing', async () => {
    const openSignIn = vi.fn();
    signOut({ openSignIn });
    renderAt('/my-enrollments');
    expect(screen.getByText('Please sign in to see your enrollments')).toBeInTheDocument();
    await user.click(button('Sign In'));
    expect(openSignIn).toHaveBeenCalledOnce();
    expect(apiGet).not.toHaveBeenCalled();
    expect(apiPost).not.toHaveBeenCalled();
  });

  it('fetches nothing for a signed-in user without the student role', async () => {
    signIn({ roles: ['educator'] });
    answerWith([makeEnrolledCourse({ _id: 'c1' })]);
    renderAt('/my-enrollments');
    expect(screen.getByText(EMPTY_TEXT)).toBeInTheDocument();
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('fetches the list again when the profile gains an enrollment (e.g. after a payment)', async () => {
    const first = makeEnrolledCourse({ _id: 'c1', courseTitle: 'Owned before' });
    const second = makeEnrolledCourse({ _id: 'c2', courseTitle: 'Just bought' });
    signIn({}, ['c1']);
    answerWith([first]);
    await openPage();
    answerWith([first, second]);
    signIn({}, ['c1', 'c2']);
    expect(await screen.findByText('Just bought')).toBeInTheDocument();
    expect(getCalls(ENROLLED_PATH)).toBe(2);
  });
});

describe('My Enrollments: StrictMode', () => {
  it('shows the table once its effects have run twice, with one toast per failure', async () => {
    mockGet({ [ENROLLED_PATH]: () => enrolledAnswer([makeEnrolledCourse({ _id: 'c1', courseTitle: 'Strict' })]) });
    mockPost({
      [PROGRESS_PATH]: () => {
        throw serverError('Progress is unavailable', 503);
      },
    });
    renderAt('/my-enrollments', { strict: true });
    await waitFor(() => expect(document.querySelector('table')).not.toBeNull());
    expect(within(rowOf('Strict')).getByText('0 / 6 Lectures')).toBeInTheDocument();
    await findToast('Progress is unavailable', 'error');
    expect(screen.getAllByText('Progress is unavailable')).toHaveLength(1);
  });
});

describe('My Enrollments: accessibility', () => {
  it("names the tab 'My Enrollments · Courseport', has one focusable h1 and no <main> (the shell has it)", async () => {
    document.title = 'Courseport';
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: 'Named' })]);
    const { unmount } = renderAt('/my-enrollments');
    expect(document.title).toBe('My Enrollments · Courseport');
    await waitFor(() => expect(document.querySelector('table')).not.toBeNull());
    const headings = document.querySelectorAll('h1');
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent('My Enrollments');
    expect(headings[0]).toHaveAttribute('tabindex', '-1');
    expect(document.querySelector('main')).toBeNull();
    unmount();
    expect(document.title).toBe('Courseport');
  });

  it('names each status button by the course it opens', async () => {
    answerWith(
      [
        makeEnrolledCourse({ _id: 'c1', courseTitle: 'Started' }),
        makeEnrolledCourse({ _id: 'c2', courseTitle: 'Done' }),
      ],
      { c2: ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'] },
    );
    await openPage();
    expect(button('On Going', rowOf('Started'))).toHaveAccessibleName('On Going: Started');
    expect(button('Completed', rowOf('Done'))).toHaveAccessibleName('Completed: Done');
  });
});

describe('My Enrollments: phones', () => {
  // The phone layout is the stylesheet's (enrollments.css: below 576 px the Duration column is not
  // shown and the table is compact), so the page the server rendered is already right on a phone.
  it('marks the Duration column as the one phones leave out', async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: 'On a phone' })]);
    await openPage();
    expect(headers()).toEqual(['Course', 'Duration', 'Completed', 'Status']);
    const duration = within(rowOf('On a phone')).getByText('2h 20m').closest('td');
    expect(duration).toHaveClass('ln-col-duration');
    expect(screen.getByRole('columnheader', { name: 'Duration' })).toHaveClass('ln-col-duration');
    expect(within(rowOf('On a phone')).getByText('0 / 6 Lectures')).toBeInTheDocument();
  });
});

describe('My Enrollments: Continue', () => {
  /** c1 with `completed` lectures and, if given, a saved position. */
  function answerWithPosition(completed: string[], position?: { lectureId: string; seconds: number }) {
    mockGet({ [ENROLLED_PATH]: () => enrolledAnswer([makeEnrolledCourse({ _id: 'c1', courseTitle: 'Resumable' })]) });
    mockPost({ [PROGRESS_PATH]: () => progressAnswer('c1', completed, position) });
  }
  const continueLink = () => within(rowOf('Resumable')).getByRole('link', { name: /^Continue: .*, in Resumable$/ });

  it('names the saved lecture and opens the player at it', async () => {
    answerWithPosition(['l1', 'l2', 'l3'], { lectureId: 'l2', seconds: 95 });
    await openPage();
    expect(continueLink()).toHaveAccessibleName('Continue: Setting up your tools, in Resumable');
    expect(continueLink()).toHaveTextContent('Continue: Setting up your tools');
    expect(continueLink()).toHaveAttribute('href', '/player/c1?lecture=l2');
    // The columns are the spec's, as before.
    expect(headers()).toEqual(['Course', 'Duration', 'Completed', 'Status']);
    await user.click(continueLink());
    expect(currentPath()).toBe('/player/c1?lecture=l2');
  });

  it('names the first lecture not completed, in course order, when nothing was saved', async () => {
    answerWithPosition(['l1', 'l2', 'l3']);
    await openPage();
    expect(continueLink()).toHaveAccessibleName('Continue: Props in depth, in Resumable');
    expect(continueLink()).toHaveAttribute('href', '/player/c1?lecture=l4');
  });

  it('names the first lecture of a course not started', async () => {
    answerWithPosition([]);
    await openPage();
    expect(continueLink()).toHaveAccessibleName('Continue: Welcome to the course, in Resumable');
    expect(within(rowOf('Resumable')).getByText('On Going')).toBeInTheDocument();
  });

  it('offers no Continue for a finished course with nothing saved; Completed still opens the player', async () => {
    answerWithPosition(['l1', 'l2', 'l3', 'l4', 'l5', 'l6']);
    await openPage();
    expect(within(rowOf('Resumable')).queryByRole('link', { name: /^Continue/ })).not.toBeInTheDocument();
    expect(within(rowOf('Resumable')).getByText('Completed')).toBeInTheDocument();
  });
});
