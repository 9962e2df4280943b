import { sessionStore } from '@courseport/shared-ui';
import { makeThumbnail } from '@courseport/shared-ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
  lecture,
  link,
  makeEnrolledCourse,
  mockGet,
  mockPost,
  PROGRESS_PATH,
  postBodies,
  progressAnswer,
  RATING_PATH,
  renderAt,
  serverError,
  signIn,
  signOut,
  toastOf,
  UPDATE_PROGRESS_PATH,
  user,
} from './helpers';

const TITLE = 'Complete React Bootcamp';

beforeEach(() => {
  signIn({}, ['c1']);
});

type Course = ReturnType<typeof makeEnrolledCourse>;

/** The API of a student enrolled in `courses`, who completed `completed` lectures of c1. */
function answerWith(
  courses: Course[] = [makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE })],
  completed: string[] | null = null,
) {
  const state = { courses, completed };
  mockGet({ [ENROLLED_PATH]: () => enrolledAnswer(state.courses) });
  mockPost({
    [PROGRESS_PATH]: (body) => progressAnswer((body as { courseId: string }).courseId, state.completed),
    [UPDATE_PROGRESS_PATH]: (body) => {
      state.completed = [...(state.completed ?? []), (body as { lectureId: string }).lectureId];
      return { success: true, message: 'Lecture marked as completed' };
    },
    [RATING_PATH]: (body) => {
      const { rating } = body as { rating: number };
      state.courses = state.courses.map((c) => ({ ...c, myRating: rating }));
      return { success: true, message: 'Rating added successfully' };
    },
  });
  return state;
}

async function openPlayer(courseId = 'c1') {
  renderAt(`/player/${courseId}`);
  await screen.findByText('Course Structure');
}

const lectureRow = (title: string) => around(title, 'li', structure());
const structure = () => around('Course Structure', 'section');
const player = () => screen.getByRole('region', { name: 'Lecture player' });
const chapterPanel = (title: string) => around(title, '.cp-chapter');
const stars = () => Array.from(document.querySelectorAll<HTMLInputElement>('.ln-rating input[type="radio"]'));
/** The chosen rating: the number of the checked star, 0 when none is. */
const checkedStars = () => stars().findIndex((star) => star.checked) + 1;
/** The stars drawn filled. */
const filledStars = () => document.querySelectorAll('.ln-rating .ln-star-on').length;

describe('Player: states', () => {
  it('shows Loading... until the course is found in the enrolled list', async () => {
    const answer = deferred<unknown>();
    mockGet({ [ENROLLED_PATH]: () => answer.promise });
    mockPost({ [PROGRESS_PATH]: () => progressAnswer('c1', null) });
    renderAt('/player/c1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // The progress is requested together with the list, not after it.
    await waitFor(() => expect(postBodies(PROGRESS_PATH)).toEqual([{ courseId: 'c1' }]));
    answer.resolve(enrolledAnswer([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE })]));
    expect(await screen.findByText('Course Structure')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(TITLE);
    // The page's status is gone ('Your review' has its own while the review loads).
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it('shows Loading... and fetches nothing while the session is still loading', async () => {
    sessionStore.setState({ status: 'loading', userLoaded: false, roles: [], user: null });
    answerWith();
    renderAt('/player/c1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(apiGet).not.toHaveBeenCalled();
    expect(apiPost).not.toHaveBeenCalled();
    signIn({}, ['c1']);
    expect(await screen.findByText('Course Structure')).toBeInTheDocument();
  });

  it('says the student is not enrolled when the course is not in the list, with a link to it', async () => {
    answerWith([makeEnrolledCourse({ _id: 'c2', courseTitle: 'Another course' })]);
    renderAt('/player/c9');
    expect(await screen.findByText('You are not enrolled in this course')).toBeInTheDocument();
    expect(link('View Course')).toHaveAttribute('href', '/course/c9');
    await user.click(link('View Course'));
    expect(currentPath()).toBe('/course/c9');
  });

  it('shows the error, not "not enrolled", when the list cannot be fetched, and Try Again loads it', async () => {
    const answer = failsUntilRecovered(serverError('Database is down', 500), () =>
      enrolledAnswer([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE })]),
    );
    mockGet({ [ENROLLED_PATH]: answer.handler });
    mockPost({ [PROGRESS_PATH]: () => progressAnswer('c1', null) });
    renderAt('/player/c1');
    await screen.findByText('Could not load this course');
    expect(screen.queryByText('You are not enrolled in this course')).not.toBeInTheDocument();
    await expectRetryRecovers(answer, 'Could not load this course', 'Try Again', 'Course Structure');
    expect(getCalls(ENROLLED_PATH)).toBe(2);
  });

  it('asks a signed-out visitor to sign in, and fetches nothing', async () => {
    const openSignIn = vi.fn();
    signOut({ openSignIn });
    renderAt('/player/c1');
    expect(screen.getByText('Please sign in to watch this course')).toBeInTheDocument();
    await user.click(button('Sign In'));
    expect(openSignIn).toHaveBeenCalledOnce();
    expect(apiGet).not.toHaveBeenCalled();
    expect(apiPost).not.toHaveBeenCalled();
  });

  it("shows the server's message when the progress cannot be loaded, and the course without completed lectures", async () => {
    mockGet({ [ENROLLED_PATH]: () => enrolledAnswer([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE })]) });
    mockPost({
      [PROGRESS_PATH]: () => {
        throw serverError('Progress is unavailable', 503);
      },
    });
    await openPlayer();
    await findToast('Progress is unavailable', 'error');
    expect(structure().querySelectorAll('[aria-label="Completed"]')).toHaveLength(0);
  });
});

describe('Player: accessibility', () => {
  it("names the tab after the course ('<course> · Courseport'), with the course title as its one h1", async () => {
    document.title = 'Courseport';
    answerWith();
    const { unmount } = renderAt('/player/c1');
    expect(document.title).toBe('Course player · Courseport');
    await screen.findByText('Course Structure');
    expect(document.title).toBe(`${TITLE} · Courseport`);
    const headings = document.querySelectorAll('h1');
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(TITLE);
    expect(headings[0]).toHaveAttribute('tabindex', '-1');
    expect(document.querySelector('main')).toBeNull();
    unmount();
    expect(document.title).toBe('Courseport');
  });

  it("has one h1, 'Course player', while loading and for a signed-out visitor", async () => {
    const answer = deferred<unknown>();
    mockGet({ [ENROLLED_PATH]: () => answer.promise });
    mockPost({ [PROGRESS_PATH]: () => progressAnswer('c1', null) });
    const { unmount } = renderAt('/player/c1');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h1')).toHaveTextContent('Course player');
    unmount();

    signOut();
    renderAt('/player/c1');
    expect(screen.getByText('Please sign in to watch this course')).toBeInTheDocument();
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    expect(document.querySelector('h1')).toHaveTextContent('Course player');
  });

  it("hands the focus from the loading state's h1 to the course's title when the course arrives", async () => {
    const answer = deferred<unknown>();
    mockGet({ [ENROLLED_PATH]: () => answer.promise });
    mockPost({ [PROGRESS_PATH]: () => progressAnswer('c1', null) });
    renderAt('/player/c1');
    // The shell moves the focus to the page's heading on navigation.
    document.querySelector<HTMLElement>('h1')?.focus();
    expect(document.activeElement).toHaveTextContent('Course player');
    answer.resolve(enrolledAnswer([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE })]));
    await screen.findByText('Course Structure');
    expect(document.activeElement?.tagName).toBe('H1');
    expect(document.activeElement).toHaveTextContent(TITLE);
  });

  it('leaves the focus alone when the heading did not have it', async () => {
    answerWith();
    renderAt('/player/c1');
    await screen.findByText('Course Structure');
    expect(document.activeElement).toBe(document.body);
  });

  it('names Watch and Mark Complete by the lecture they act on', async () => {
    answerWith(undefined, ['l1']);
    await openPlayer();
    expect(button('Watch', lectureRow('Setting up your tools'))).toHaveAccessibleName('Watch Setting up your tools');
    await user.click(button('Watch', lectureRow('Setting up your tools')));
    expect(button('Mark Complete', player())).toHaveAccessibleName('Mark Complete: Setting up your tools');
    await user.click(button('Watch', lectureRow('Welcome to the course')));
    expect(button('Completed', player())).toHaveAccessibleName('Completed: Welcome to the course');
  });
});

describe('Player: StrictMode', () => {
  it('loads the course once its effects have run twice', async () => {
    answerWith(undefined, ['l1']);
    renderAt('/player/c1', { strict: true });
    expect(await screen.findByText('Course Structure')).toBeInTheDocument();
    expect(lectureRow('Welcome to the course').querySelector('[aria-label="Completed"]')).not.toBeNull();
  });
});

describe('Player: course structure', () => {
  it('lists the chapters in order, with their lecture count and total time, the first one open', async () => {
    answerWith();
    await openPlayer();
    const titles = Array.from(structure().querySelectorAll('.cp-chapter-title')).map((t) => t.textContent);
    expect(titles).toEqual(['Getting Started', 'Components and Props']);

    const first = chapterPanel('Getting Started');
    expect(within(first).getByText('2 lectures')).toBeInTheDocument();
    expect(within(first).getByText('1h 5m')).toBeInTheDocument();
    expect(first).toHaveClass('cp-chapter-open');

    const second = chapterPanel('Components and Props');
    expect(within(second).getByText('4 lectures')).toBeInTheDocument();
    expect(within(second).getByText('1h 15m')).toBeInTheDocument();
    expect(second).not.toHaveClass('cp-chapter-open');

    await user.click(screen.getByText('Components and Props'));
    await waitFor(() => expect(chapterPanel('Components and Props')).toHaveClass('cp-chapter-open'));
  });

  it("shows each lecture's title, duration ('0m' when empty), Watch when it has a video, in order", async () => {
    const course = makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE });
    const [second] = course.courseContent;
    if (second) second.chapterContent.push(lecture({ lectureId: 'l7', lectureTitle: 'Reading list', lectureOrder: 5 }));
    if (second?.chapterContent[4]) second.chapterContent[4].lectureUrl = undefined;
    answerWith([course]);
    await openPlayer();

    const titles = Array.from(structure().querySelectorAll('.cp-lecture-title')).map((t) => t.textContent);
    expect(titles).toEqual([
      'Welcome to the course',
      'Setting up your tools',
      'Your first component',
      'Props in depth',
      'State basics',
      'Wrap-up quiz',
      'Reading list',
    ]);
    expect(within(lectureRow('Welcome to the course')).getByText('20m')).toBeInTheDocument();
    expect(within(lectureRow('Setting up your tools')).getByText('45m')).toBeInTheDocument();
    expect(within(lectureRow('Wrap-up quiz')).getByText('0m')).toBeInTheDocument();
    expect(button('Watch', lectureRow('Welcome to the course'))).toBeInTheDocument();
    expect(within(lectureRow('Reading list')).queryByText('Watch')).not.toBeInTheDocument();
  });

  it('marks completed lectures with a check and the others with a play icon', async () => {
    answerWith(undefined, ['l1', 'l4']);
    await openPlayer();
    for (const title of ['Welcome to the course', 'Props in depth']) {
      expect(lectureRow(title).querySelector('[aria-label="Completed"]')).not.toBeNull();
    }
    for (const title of ['Setting up your tools', 'Your first component', 'State basics', 'Wrap-up quiz']) {
      expect(lectureRow(title).querySelector('[aria-label="Not completed"]')).not.toBeNull();
    }
    expect(screen.getByText('2 of 6 lectures completed')).toBeInTheDocument();
  });
});

describe('Player: its first screen without antd (#34)', () => {
  it("shows the course's progress as a named bar with its percentage, and draws no antd component", async () => {
    answerWith(undefined, ['l1', 'l3', 'l4']);
    await openPlayer();
    const progress = screen.getByRole('progressbar', { name: 'Course progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '50');
    expect(progress).toHaveTextContent('50%');
    expect(screen.getByText('3 of 6 lectures completed')).toBeInTheDocument();
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });
});

describe('Player: watching', () => {
  it('shows the course thumbnail until a lecture is chosen', async () => {
    answerWith();
    await openPlayer();
    const thumbnail = within(player()).getByAltText(TITLE);
    expect(thumbnail).toHaveAttribute('src', 'https://img.example.com/c1.png');
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByText('Mark Complete')).not.toBeInTheDocument();
  });

  it('loads a processed thumbnail first (above the fold), in the renditions the player column needs', async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE, thumbnail: makeThumbnail('c1') })]);
    await openPlayer();
    const thumbnail = within(player()).getByAltText(TITLE);
    expect(thumbnail).toHaveAttribute('loading', 'eager');
    expect(thumbnail).toHaveAttribute('fetchpriority', 'high');
    expect(thumbnail).toHaveAttribute(
      'sizes',
      '(min-width: 1200px) 621px, (min-width: 992px) calc(58.3vw - 79px), 90vw',
    );
    expect(thumbnail.getAttribute('srcset')).toContain('https://app.example/api/media/c1/960.jpeg 960w');
    expect(thumbnail.closest('picture')?.querySelector('source')).toHaveAttribute('type', 'image/avif');
  });

  it("embeds the lecture's video with its number and title, and 'Mark Complete'", async () => {
    answerWith();
    await openPlayer();
    await user.click(button('Watch', lectureRow('Setting up your tools')));

    const iframe = player().querySelector('iframe');
    expect(iframe?.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/setup456(\?|$)/);
    expect(iframe).toHaveAttribute('title', 'Setting up your tools');
    expect(within(player()).getByText('1.2')).toBeInTheDocument();
    expect(within(player()).getByText('Setting up your tools')).toBeInTheDocument();
    expect(button('Mark Complete', player())).toBeEnabled();
    expect(within(player()).queryByAltText(TITLE)).not.toBeInTheDocument();

    // Another lecture replaces it; the id ignores the query of a share link.
    await user.click(button('Watch', lectureRow('Welcome to the course')));
    expect(player().querySelector('iframe')?.getAttribute('src')).toMatch(/\/embed\/intro123(\?|$)/);
    expect(within(player()).getByText('1.1')).toBeInTheDocument();

    await user.click(screen.getByText('Components and Props'));
    await user.click(button('Watch', lectureRow('State basics')));
    expect(within(player()).getByText('2.3')).toBeInTheDocument();
    expect(player().querySelector('iframe')?.getAttribute('src')).toMatch(/\/embed\/l5video(\?|$)/);
  });

  it("shows 'Completed', disabled, for a lecture already done", async () => {
    answerWith(undefined, ['l1']);
    await openPlayer();
    await user.click(button('Watch', lectureRow('Welcome to the course')));
    expect(button('Completed', player())).toBeDisabled();
    expect(within(player()).queryByText('Mark Complete')).not.toBeInTheDocument();
  });

  it("'Mark Complete' saves the progress, shows the server's message and reloads the progress", async () => {
    answerWith();
    await openPlayer();
    await user.click(button('Watch', lectureRow('Setting up your tools')));
    expect(getCalls(ENROLLED_PATH)).toBe(1);
    expect(postBodies(PROGRESS_PATH)).toHaveLength(1);

    await user.click(button('Mark Complete', player()));
    expect(postBodies(UPDATE_PROGRESS_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l2' }]);
    await findToast('Lecture marked as completed', 'success');
    await waitFor(() => expect(button('Completed', player())).toBeDisabled());
    expect(postBodies(PROGRESS_PATH)).toHaveLength(2);
    expect(lectureRow('Setting up your tools').querySelector('[aria-label="Completed"]')).not.toBeNull();
    expect(screen.getByText('1 of 6 lectures completed')).toBeInTheDocument();
  });

  it("shows the server's message when 'Mark Complete' fails, and keeps the button", async () => {
    answerWith();
    apiPost.mockImplementation((async (path: string, body: unknown) => {
      if (path === UPDATE_PROGRESS_PATH) throw serverError('You are not enrolled in this course', 403);
      return progressAnswer((body as { courseId: string }).courseId, null);
    }) as typeof apiPost);
    await openPlayer();
    await user.click(button('Watch', lectureRow('Setting up your tools')));
    await user.click(button('Mark Complete', player()));
    await findToast('You are not enrolled in this course', 'error');
    await waitFor(() => expect(button('Mark Complete', player())).toBeEnabled());
    expect(postBodies(PROGRESS_PATH)).toHaveLength(1);
  });
});

describe('Player: rating', () => {
  it("starts from the student's own rating, or none", async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE, myRating: 3 })]);
    await openPlayer();
    expect(screen.getByText('Rate this Course:')).toBeInTheDocument();
    expect(stars()).toHaveLength(5);
    expect(checkedStars()).toBe(3);
    expect(filledStars()).toBe(3);
  });

  it("is a radio group named 'Rate this Course:' with five named stars, one tab stop, chosen with the arrow keys", async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE, myRating: 3 })]);
    await openPlayer();
    const group = screen.getByRole('group', { name: 'Rate this Course:' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('name'))).toEqual(Array(5).fill(radios[0]?.getAttribute('name')));
    for (const [i, name] of ['1 star', '2 stars', '3 stars', '4 stars', '5 stars'].entries()) {
      expect(radios[i]).toHaveAccessibleName(name);
    }
    expect(within(group).getByRole('radio', { name: '3 stars' })).toBeChecked();

    // One tab stop (the checked star); the right arrow moves to the next one, Enter saves it.
    radios[2]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(radios[3]).toHaveFocus();
    expect(checkedStars()).toBe(4);
    expect(filledStars()).toBe(4);
    expect(postBodies(RATING_PATH)).toEqual([]);
    await user.keyboard('{Enter}');
    expect(postBodies(RATING_PATH)).toEqual([{ courseId: 'c1', rating: 4 }]);
    await findToast('Rating added successfully', 'success');
    await waitFor(() => expect(checkedStars()).toBe(4));
    expect(filledStars()).toBe(4);
  });

  it('three quick arrow presses then Enter save once, the focused star', async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE, myRating: 1 })]);
    await openPlayer();
    stars()[0]?.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(stars()[3]).toHaveFocus();
    expect(filledStars()).toBe(4);
    expect(postBodies(RATING_PATH)).toEqual([]);
    await user.keyboard('{Enter}');
    expect(postBodies(RATING_PATH)).toEqual([{ courseId: 'c1', rating: 4 }]);
    await findToast('Rating added successfully', 'success');
    expect(toastOf('success')).toEqual(['Rating added successfully']);
  });

  it('Space saves the focused star too', async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE, myRating: 5 })]);
    await openPlayer();
    stars()[4]?.focus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    await user.keyboard(' ');
    expect(postBodies(RATING_PATH)).toEqual([{ courseId: 'c1', rating: 3 }]);
  });

  it('leaving the stars without saving shows the saved rating again, and saves nothing', async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE, myRating: 2 })]);
    await openPlayer();
    stars()[1]?.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(filledStars()).toBe(4);
    await user.tab();
    expect(filledStars()).toBe(2);
    expect(checkedStars()).toBe(2);
    expect(postBodies(RATING_PATH)).toEqual([]);
  });

  it('the last choice wins: a newer choice made while one is saving is saved after it, never overwritten', async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE, myRating: 1 })]);
    const first = deferred<unknown>();
    const saved: number[] = [];
    apiPost.mockImplementation((async (path: string, body: unknown) => {
      if (path === RATING_PATH) {
        const { rating } = body as { rating: number };
        if (saved.length === 0) await first.promise;
        saved.push(rating);
        return { success: true, message: `Rated ${rating}` };
      }
      return progressAnswer((body as { courseId: string }).courseId, null);
    }) as typeof apiPost);
    await openPlayer();
    await user.click(stars()[1] as HTMLElement);
    await user.click(stars()[2] as HTMLElement);
    await user.click(stars()[4] as HTMLElement);
    // One save at a time: the newer choices wait, and only the latest of them is sent.
    expect(postBodies(RATING_PATH)).toEqual([{ courseId: 'c1', rating: 2 }]);
    expect(filledStars()).toBe(5);
    first.resolve(undefined);
    await waitFor(() => expect(saved).toEqual([2, 5]));
    await findToast('Rated 5', 'success');
    expect(toastOf('success')).toEqual(['Rated 5']);
    expect(filledStars()).toBe(5);
    expect(checkedStars()).toBe(5);
  });

  it('shows no star for a course the student has not rated', async () => {
    answerWith();
    await openPlayer();
    expect(checkedStars()).toBe(0);
  });

  it("rates the course with a click, shows the server's message and reloads the enrolled courses", async () => {
    answerWith();
    await openPlayer();
    await user.click(stars()[3] as HTMLElement);
    expect(postBodies(RATING_PATH)).toEqual([{ courseId: 'c1', rating: 4 }]);
    await findToast('Rating added successfully', 'success');
    await waitFor(() => expect(getCalls(ENROLLED_PATH)).toBe(2));
    expect(checkedStars()).toBe(4);
  });

  it("shows the server's message when rating fails, and the previous rating again", async () => {
    answerWith([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE, myRating: 2 })]);
    apiPost.mockImplementation((async (path: string, body: unknown) => {
      if (path === RATING_PATH) throw serverError('Rating must be between 1 and 5');
      return progressAnswer((body as { courseId: string }).courseId, null);
    }) as typeof apiPost);
    await openPlayer();
    await user.click(stars()[4] as HTMLElement);
    await findToast('Rating must be between 1 and 5', 'error');
    await waitFor(() => expect(checkedStars()).toBe(2));
    expect(getCalls(ENROLLED_PATH)).toBe(1);
  });
});
