import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  around,
  button,
  ENROLLED_PATH,
  enrolledAnswer,
  findToast,
  makeEnrolledCourse,
  mockGet,
  mockPost,
  PROGRESS_PATH,
  postBodies,
  progressAnswer,
  renderAt,
  SAVE_POSITION_PATH,
  signIn,
  standInVideos,
  UPDATE_PROGRESS_PATH,
  user,
} from './helpers';

const TITLE = 'Complete React Bootcamp';
const AUTOPLAY_KEY = 'courseport.autoplayNextLecture';

/**
 * The API of a student enrolled in c1 (six lectures in course order: l1 intro123, l2 setup456, l3,
 * l4, l5, l6, see `defaultChapters`), with `completed` lectures and a saved `position`.
 */
function answerWith(completed: string[] = [], position?: { lectureId: string; seconds: number }) {
  const state = { completed, position };
  mockGet({ [ENROLLED_PATH]: () => enrolledAnswer([makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE })]) });
  mockPost({
    [PROGRESS_PATH]: () => progressAnswer('c1', state.completed, state.position),
    [UPDATE_PROGRESS_PATH]: (body) => {
      state.completed = [...state.completed, (body as { lectureId: string }).lectureId];
      return { success: true, message: 'Lecture marked as completed' };
    },
    [SAVE_POSITION_PATH]: (body) => {
      const { lectureId, seconds } = body as { lectureId: string; seconds: number };
      state.position = { lectureId, seconds };
      return { success: true, message: 'Position saved' };
    },
  });
  return state;
}

async function openPlayer(path = '/player/c1') {
  const videos = standInVideos();
  const view = renderAt(path, { videos: videos.adapter });
  await screen.findByText('Course Structure');
  return { ...view, videos };
}

const player = () => screen.getByRole('region', { name: 'Lecture player' });
const structure = () => around('Course Structure', 'section');
const lectureRow = (title: string) => around(title, 'li', structure());
/** The button named `name` (its accessible name) in the player. */
const named = (name: string) => within(player()).getByRole('button', { name });
const nowPlaying = () => player().querySelector('.ln-now-title')?.textContent;

beforeEach(() => {
  signIn({}, ['c1']);
  localStorage.removeItem(AUTOPLAY_KEY);
});

describe('Player: resuming', () => {
  it('opens the saved lecture and resumes its video at the saved second', async () => {
    answerWith(['l1'], { lectureId: 'l2', seconds: 95 });
    const { videos } = await openPlayer();
    expect(nowPlaying()).toBe('1.2Setting up your tools');
    const video = videos.current();
    expect(video.videoId).toBe('setup456');
    expect(new URL(player().querySelector('iframe')?.src ?? '').searchParams.get('start')).toBe('95');
    video.ready();
    expect(video.seeks).toEqual([95]);
  });

  it('opens the lecture asked for (?lecture=, from Continue), at the saved second only if it is the saved one', async () => {
    answerWith([], { lectureId: 'l2', seconds: 95 });
    const { videos } = await openPlayer('/player/c1?lecture=l3');
    expect(nowPlaying()).toBe('2.1Your first component');
    // Its chapter is open in the structure, beside the first.
    expect(around('Components and Props', '.cp-chapter')).toHaveClass('cp-chapter-open');
    expect(around('Getting Started', '.cp-chapter')).toHaveClass('cp-chapter-open');
    videos.current().ready();
    expect(videos.current().seeks).toEqual([]);
  });

  it('shows the course thumbnail when nothing was saved', async () => {
    answerWith();
    const { videos } = await openPlayer();
    expect(within(player()).getByAltText(TITLE)).toBeInTheDocument();
    expect(videos.videos).toEqual([]);
  });

  it('saves the position on pause, and the lecture left at its second when another is chosen', async () => {
    answerWith([], { lectureId: 'l2', seconds: 95 });
    const { videos } = await openPlayer();
    const video = videos.current();
    video.ready();
    video.play();
    video.time = 130.7;
    video.pause();
    await waitFor(() =>
      expect(postBodies(SAVE_POSITION_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l2', seconds: 130 }]),
    );
    // The same second again is not sent twice.
    video.pause();

    await user.click(button('Watch', lectureRow('Welcome to the course')));
    expect(videos.current().videoId).toBe('intro123');
    expect(postBodies(SAVE_POSITION_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l2', seconds: 130 }]);
    // Back to the lecture left: it goes on from where it was left.
    await user.click(button('Watch', lectureRow('Setting up your tools')));
    expect(postBodies(SAVE_POSITION_PATH).at(-1)).toEqual({ courseId: 'c1', lectureId: 'l1', seconds: 0 });
    videos.current().ready();
    expect(videos.current().seeks).toEqual([130.7]);
  });

  it('saves where the student is when the page is left', async () => {
    answerWith([], { lectureId: 'l2', seconds: 95 });
    const { videos, unmount } = await openPlayer();
    const video = videos.current();
    video.ready();
    video.play();
    video.time = 301;
    unmount();
    expect(postBodies(SAVE_POSITION_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l2', seconds: 301 }]);
  });
});

describe('Player and My Enrollments', () => {
  it("My Enrollments' Continue names the lecture the student left in the player", async () => {
    answerWith(['l1'], { lectureId: 'l1', seconds: 0 });
    const { videos } = await openPlayer();
    await user.click(named('Next lecture: Setting up your tools'));
    const video = videos.current();
    video.ready();
    video.play();
    video.time = 61;
    video.pause();
    await user.click(screen.getByRole('link', { name: 'My Enrollments' }));
    const resume = await screen.findByRole('link', { name: `Continue: Setting up your tools, in ${TITLE}` });
    expect(resume).toHaveAttribute('href', '/player/c1?lecture=l2');
    expect(postBodies(SAVE_POSITION_PATH).at(-1)).toEqual({ courseId: 'c1', lectureId: 'l2', seconds: 61 });
  });
});

describe('Player: the end of a video', () => {
  it('marks the lecture complete, like Mark Complete, and saves the next lecture as where to continue', async () => {
    const state = answerWith([], { lectureId: 'l2', seconds: 95 });
    const { videos } = await openPlayer();
    const video = videos.current();
    video.ready();
    video.play();
    video.end(2700);
    await waitFor(() => expect(postBodies(UPDATE_PROGRESS_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l2' }]));
    await findToast('Lecture marked as completed', 'success');
    await waitFor(() => expect(button('Completed', player())).toBeDisabled());
    expect(postBodies(SAVE_POSITION_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l3', seconds: 0 }]);
    expect(state.position).toEqual({ lectureId: 'l3', seconds: 0 });
    // Autoplay is off: the ended lecture stays.
    expect(nowPlaying()).toBe('1.2Setting up your tools');
  });

  it('completes the last lecture by reaching its end (the course is then done)', async () => {
    answerWith(['l1', 'l2', 'l3', 'l4', 'l5'], { lectureId: 'l6', seconds: 10 });
    const { videos } = await openPlayer();
    expect(nowPlaying()).toBe('2.4Wrap-up quiz');
    expect(screen.queryByRole('button', { name: /^Next lecture/ })).not.toBeInTheDocument();
    const video = videos.current();
    video.ready();
    video.play();
    video.end(60);
    await waitFor(() => expect(postBodies(UPDATE_PROGRESS_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l6' }]));
    expect(await screen.findByText('6 of 6 lectures completed')).toBeInTheDocument();
    expect(lectureRow('Wrap-up quiz').querySelector('[aria-label="Completed"]')).not.toBeNull();
  });

  it('does not complete a completed lecture again', async () => {
    answerWith(['l2'], { lectureId: 'l2', seconds: 5 });
    const { videos } = await openPlayer();
    videos.current().ready();
    videos.current().end(2700);
    // The next lecture, ended afterwards, is the only one completed: the first ending sent nothing.
    await user.click(named('Next lecture: Your first component'));
    videos.current().ready();
    videos.current().end(1800);
    await waitFor(() => expect(postBodies(UPDATE_PROGRESS_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l3' }]));
  });

  it('with "Autoplay next lecture" on, plays the next lecture from its start', async () => {
    answerWith([], { lectureId: 'l2', seconds: 95 });
    const { videos } = await openPlayer();
    const autoplay = screen.getByRole('checkbox', { name: 'Autoplay next lecture' });
    expect(autoplay).not.toBeChecked();
    await user.click(autoplay);
    expect(localStorage.getItem(AUTOPLAY_KEY)).toBe('1');

    const first = videos.current();
    first.ready();
    first.play();
    first.end(2700);
    expect(nowPlaying()).toBe('2.1Your first component');
    const next = videos.current();
    expect(next.videoId).toBe('l3video');
    next.ready();
    expect(next.seeks).toEqual([]);
    expect(first.connected).toBe(false);
    // Closing the ended lecture kept nothing of it: where to continue is the next lecture.
    expect(postBodies(SAVE_POSITION_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l3', seconds: 0 }]);
  });

  it('remembers "Autoplay next lecture" in this browser', async () => {
    localStorage.setItem(AUTOPLAY_KEY, '1');
    answerWith([], { lectureId: 'l1', seconds: 0 });
    await openPlayer();
    const autoplay = screen.getByRole('checkbox', { name: 'Autoplay next lecture' });
    expect(autoplay).toBeChecked();
    await user.click(autoplay);
    expect(localStorage.getItem(AUTOPLAY_KEY)).toBe('0');
  });
});

describe('Player: Previous and Next lecture', () => {
  it('go through the lectures in course order, across chapters, named by the lecture they open', async () => {
    answerWith([], { lectureId: 'l2', seconds: 0 });
    await openPlayer();
    expect(named('Previous lecture: Welcome to the course')).toBeInTheDocument();
    expect(around('Components and Props', '.cp-chapter')).not.toHaveClass('cp-chapter-open');
    await user.click(named('Next lecture: Your first component'));
    expect(nowPlaying()).toBe('2.1Your first component');
    // Into the next chapter: it opens, showing the lecture playing.
    expect(around('Components and Props', '.cp-chapter')).toHaveClass('cp-chapter-open');
    await user.click(named('Next lecture: Props in depth'));
    expect(nowPlaying()).toBe('2.2Props in depth');
    await user.click(named('Previous lecture: Your first component'));
    await user.click(named('Previous lecture: Setting up your tools'));
    await user.click(named('Previous lecture: Welcome to the course'));
    expect(nowPlaying()).toBe('1.1Welcome to the course');
    expect(screen.queryByRole('button', { name: /^Previous lecture/ })).not.toBeInTheDocument();
  });

  it('are keyboard usable', async () => {
    answerWith([], { lectureId: 'l1', seconds: 0 });
    await openPlayer();
    const next = named('Next lecture: Setting up your tools');
    next.focus();
    await user.keyboard('{Enter}');
    expect(nowPlaying()).toBe('1.2Setting up your tools');
    named('Previous lecture: Welcome to the course').focus();
    await user.keyboard(' ');
    expect(nowPlaying()).toBe('1.1Welcome to the course');
  });
});
