import type { HostedVideoControls, HostedVideoProps } from '@courseport/shared-ui/hosted-video';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPost,
  around,
  ENROLLED_PATH,
  enrolledAnswer,
  getCalls,
  lecture,
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

// The hosted player (shared-ui/hosted-video, tested there with a fake hls.js) stands in here: the
// test sees what the page gives it and plays, pauses and ends it as the viewer would.
const hosted = vi.hoisted(() => {
  const players: Array<{ props: HostedVideoProps; time: number }> = [];
  return {
    players,
    current: () => players.at(-1) as { props: HostedVideoProps; time: number },
    /** What loads hls.js ahead of a hosted lesson. */
    preload: vi.fn(),
  };
});
vi.mock('@courseport/shared-ui/hosted-video', () => ({
  HostedVideo(props: HostedVideoProps) {
    const last = hosted.players.at(-1);
    if (last?.props.title === props.title) last.props = props;
    else hosted.players.push({ props, time: props.startAt ?? 0 });
    return <div data-testid="hosted-video">{props.title}</div>;
  },
  preloadHostedVideo: hosted.preload,
}));

const TITLE = 'Complete React Bootcamp';
const AUTOPLAY_KEY = 'courseport.autoplayNextLecture';
const PLAYBACK_PATH = '/api/videos/vid-setup/playback?courseId=c1&lectureId=l2';
const POSTER = 'https://api.example.test/api/videos/vid-setup/poster.webp';
const PLAYBACK = {
  videoId: 'vid-setup',
  src: 'https://api.example.test/api/stream/eyJ2IjoxfQ.c2ln/master.m3u8',
  posterUrl: POSTER,
  durationS: 2700,
  captions: [],
  expiresAt: '2026-11-28T12:05:00.000Z',
};

/** The default course with its second lecture (l2, 'Setting up your tools') a hosted video. */
function hostedCourse() {
  const course = makeEnrolledCourse({ _id: 'c1', courseTitle: TITLE });
  for (const chapter of course.courseContent) {
    chapter.chapterContent = chapter.chapterContent.map((l) =>
      l.lectureId === 'l2'
        ? { ...lecture({ ...l }), lectureUrl: undefined, hostedVideoId: 'vid-setup', posterUrl: POSTER }
        : l,
    );
  }
  return course;
}

function answerWith(completed: string[] = [], position?: { lectureId: string; seconds: number }) {
  const state = { completed, position };
  mockGet({
    [ENROLLED_PATH]: () => enrolledAnswer([hostedCourse()]),
    [PLAYBACK_PATH]: () => ({ success: true, playback: PLAYBACK }),
  });
  mockPost({
    [PROGRESS_PATH]: () => progressAnswer('c1', state.completed, state.position),
    [UPDATE_PROGRESS_PATH]: (body) => {
      state.completed = [...state.completed, (body as { lectureId: string }).lectureId];
      return { success: true, message: 'Lecture marked as completed' };
    },
    [SAVE_POSITION_PATH]: (body) => {
      state.position = body as { lectureId: string; seconds: number };
      return { success: true, message: 'Position saved' };
    },
  });
  return state;
}

const player = () => screen.getByRole('region', { name: 'Lecture player' });
const nowPlaying = () => player().querySelector('.ln-now-title')?.textContent;

/** The hosted player as the viewer drives it. */
const viewer = {
  ready() {
    const playing = hosted.current();
    const controls: HostedVideoControls = {
      currentTime: () => playing.time,
      seekTo: (seconds) => {
        playing.time = seconds;
      },
    };
    act(() => playing.props.onReady?.(controls));
  },
  play: () => act(() => hosted.current().props.onPlay?.()),
  pause: () => act(() => hosted.current().props.onPause?.()),
  at(seconds: number) {
    hosted.current().time = seconds;
  },
  end: () => act(() => hosted.current().props.onEnded?.()),
};

async function openPlayer(path = '/player/c1') {
  const videos = standInVideos();
  renderAt(path, { videos: videos.adapter });
  await screen.findByText('Course Structure');
  return videos;
}

beforeEach(() => {
  hosted.players.length = 0;
  hosted.preload.mockClear();
  signIn({}, ['c1']);
  localStorage.removeItem(AUTOPLAY_KEY);
});

describe('Player: a hosted video lesson', () => {
  it("plays with the hosted player at the saved second, its poster shown, with the lesson's signed playback", async () => {
    answerWith([], { lectureId: 'l2', seconds: 95 });
    const videos = await openPlayer();
    expect(nowPlaying()).toBe('1.2Setting up your tools');
    expect(await within(player()).findByTestId('hosted-video')).toBeInTheDocument();
    expect(player().querySelector('iframe')).toBeNull();
    expect(videos.videos).toEqual([]);
    const { props } = hosted.current();
    expect(props).toMatchObject({ title: 'Setting up your tools', startAt: 95, autoPlay: true, poster: POSTER });
    await expect(props.loadPlayback()).resolves.toEqual(PLAYBACK);
    expect(getCalls(PLAYBACK_PATH)).toBe(1);
  });

  it('keeps the position as a YouTube lesson does: on pause, and when another lecture is chosen', async () => {
    answerWith([], { lectureId: 'l2', seconds: 95 });
    await openPlayer();
    await within(player()).findByTestId('hosted-video');
    viewer.ready();
    viewer.play();
    viewer.at(130.6);
    viewer.pause();
    await waitFor(() =>
      expect(postBodies(SAVE_POSITION_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l2', seconds: 130 }]),
    );
    viewer.play();
    viewer.at(140);
    await user.click(within(player()).getByRole('button', { name: 'Next lecture: Your first component' }));
    expect(postBodies(SAVE_POSITION_PATH).slice(1, 2)).toEqual([{ courseId: 'c1', lectureId: 'l2', seconds: 140 }]);
    // The YouTube lesson after it is unchanged.
    expect(player().querySelector('iframe')?.getAttribute('data-video-id')).toBe('l3video');
  });

  it('completes the lesson at its end and, with autoplay on, goes on to the next lecture', async () => {
    answerWith([], { lectureId: 'l2', seconds: 95 });
    const videos = await openPlayer();
    await user.click(screen.getByRole('checkbox', { name: 'Autoplay next lecture' }));
    await within(player()).findByTestId('hosted-video');
    viewer.ready();
    viewer.play();
    viewer.at(2700);
    viewer.end();
    await waitFor(() => expect(postBodies(UPDATE_PROGRESS_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l2' }]));
    expect(nowPlaying()).toBe('2.1Your first component');
    expect(videos.current().videoId).toBe('l3video');
    // Closing the ended lesson kept nothing of it: where to continue is the next lecture.
    expect(postBodies(SAVE_POSITION_PATH)).toEqual([{ courseId: 'c1', lectureId: 'l3', seconds: 0 }]);
  });

  it('is listed as a lesson to watch in the course structure', async () => {
    answerWith();
    await openPlayer();
    const structure = around('Course Structure', 'section');
    await user.click(within(structure).getByRole('button', { name: /Watch Setting up your tools/ }));
    expect(await within(player()).findByTestId('hosted-video')).toBeInTheDocument();
    expect(hosted.current().props.startAt).toBe(0);
  });

  it('loads hls.js only when the student is about to open a hosted lesson, not with the page (#34)', async () => {
    answerWith();
    await openPlayer();
    const structure = around('Course Structure', 'section');
    // A YouTube lesson, pointed at and focused: nothing of the hosted player.
    const youtube = within(structure).getByRole('button', { name: /Watch Welcome to the course/ });
    await user.hover(youtube);
    youtube.focus();
    await act(async () => {});
    expect(hosted.preload).not.toHaveBeenCalled();
    // The hosted one, pointed at: its player and hls.js start loading before the click.
    await user.hover(within(structure).getByRole('button', { name: /Watch Setting up your tools/ }));
    await waitFor(() => expect(hosted.preload).toHaveBeenCalled());
  });

  it('loads hls.js when the keyboard reaches a hosted lesson, or Next names one', async () => {
    answerWith([], { lectureId: 'l1', seconds: 0 });
    await openPlayer();
    await act(async () => {});
    expect(hosted.preload).not.toHaveBeenCalled();
    within(player()).getByRole('button', { name: 'Next lecture: Setting up your tools' }).focus();
    await waitFor(() => expect(hosted.preload).toHaveBeenCalled());
  });

  it('plays in the preview as student too, saving nothing', async () => {
    signIn({
      roles: ['educator'],
      user: {
        _id: 'edu1',
        email: 'jane@example.com',
        name: 'Jane',
        imageUrl: '',
        roles: ['educator'],
        enrolledCourses: [],
      },
    });
    const { myRating: _, ...details } = hostedCourse();
    mockGet({
      '/api/course/c1': () => ({ success: true, courseData: { ...details, educator: { _id: 'edu1', name: 'Jane' } } }),
      [PLAYBACK_PATH]: () => ({ success: true, playback: PLAYBACK }),
    });
    renderAt('/player/c1?preview=1&lecture=l2');
    expect(await screen.findByRole('note')).toHaveTextContent('Preview as student');
    await within(player()).findByTestId('hosted-video');
    await expect(hosted.current().props.loadPlayback()).resolves.toEqual(PLAYBACK);
    viewer.ready();
    viewer.play();
    viewer.at(50);
    viewer.pause();
    viewer.end();
    expect(apiPost).not.toHaveBeenCalled();
  });
});
