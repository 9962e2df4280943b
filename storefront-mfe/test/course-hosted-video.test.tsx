import type { Chapter } from '@courseport/shared-ui';
import type { HostedVideoProps } from '@courseport/shared-ui/hosted-video';
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CourseStructure } from '../src/features/course/components/CourseStructure';
import { getCalls, makeDetails, mockGet, renderAt, signOut, user } from './helpers';

// The hosted player (shared-ui/hosted-video, tested there with a fake hls.js) stands in here.
const hosted = vi.hoisted(() => ({ props: [] as HostedVideoProps[] }));
vi.mock('@courseport/shared-ui/hosted-video', () => ({
  HostedVideo(props: HostedVideoProps) {
    hosted.props.push(props);
    return <div data-testid="hosted-video">{props.title}</div>;
  },
}));

const COURSE_PATH = '/api/course/c1';
const PLAYBACK_PATH = '/api/videos/vid-intro/playback?courseId=c1&lectureId=h1';
const POSTER = 'https://api.example.test/api/videos/vid-intro/poster.webp';
const PLAYBACK = {
  videoId: 'vid-intro',
  src: 'https://api.example.test/api/stream/eyJ2IjoxfQ.c2ln/master.m3u8',
  posterUrl: POSTER,
  durationS: 300,
  captions: [
    { lang: 'en', label: 'English', src: 'https://api.example.test/api/stream/eyJ2IjoxfQ.c2ln/captions/en.vtt' },
  ],
  expiresAt: '2026-11-28T12:05:00.000Z',
};

/** Hosted lessons as the public course answers them: the video's id, poster and caption languages. */
function hostedChapters(): Chapter[] {
  return [
    {
      chapterId: 'ch1',
      chapterTitle: 'Getting Started',
      chapterOrder: 1,
      chapterContent: [
        {
          lectureId: 'h1',
          lectureTitle: 'Welcome',
          lectureDuration: 5,
          hostedVideoId: 'vid-intro',
          posterUrl: POSTER,
          captionLanguages: ['en', 'hi'],
          isPreviewFree: true,
          lectureOrder: 1,
        },
        {
          lectureId: 'h2',
          lectureTitle: 'Setting up',
          lectureDuration: 12,
          hostedVideoId: 'vid-setup',
          captionLanguages: ['en'],
          isPreviewFree: false,
          lectureOrder: 2,
        },
        {
          lectureId: 'y1',
          lectureTitle: 'A YouTube lesson',
          lectureDuration: 7,
          lectureUrl: 'https://youtu.be/intro123',
          isPreviewFree: true,
          lectureOrder: 3,
        },
      ],
    },
  ];
}

beforeEach(() => {
  hosted.props.length = 0;
  signOut();
});

async function openCourse(courseContent: Chapter[]) {
  mockGet({
    [COURSE_PATH]: () => ({ success: true, courseData: makeDetails({ courseContent }) }),
    [PLAYBACK_PATH]: () => ({ success: true, playback: PLAYBACK }),
  });
  renderAt('/course/c1');
  await screen.findByRole('heading', { level: 1, name: 'Complete React Bootcamp' });
}

const structure = () => screen.getByRole('region', { name: 'Course Structure' });
const purchaseCard = () => screen.getByRole('complementary', { name: 'Enroll in this course' });

describe('Course page: a hosted free preview', () => {
  it('plays with the hosted player, signed out, from its poster; a paid hosted lesson has no Preview', async () => {
    await openCourse(hostedChapters());
    await user.click(screen.getByRole('button', { name: /Getting Started/ }));
    expect(
      within(structure())
        .getAllByRole('button', { name: /^Preview / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Preview Welcome', 'Preview A YouTube lesson']);
    await user.click(within(structure()).getByRole('button', { name: 'Preview Welcome' }));
    expect(await within(purchaseCard()).findByTestId('hosted-video')).toHaveTextContent('Welcome');
    const props = hosted.props.at(-1) as HostedVideoProps;
    expect(props).toMatchObject({ title: 'Welcome', poster: POSTER, autoPlay: true, autoFocus: true });
    await expect(props.loadPlayback()).resolves.toEqual(PLAYBACK);
    expect(getCalls(PLAYBACK_PATH)).toBe(1);
    expect(purchaseCard()).toHaveTextContent('Preview: Welcome');

    // A YouTube preview is unchanged.
    await user.click(within(structure()).getByRole('button', { name: 'Preview A YouTube lesson' }));
    expect(within(purchaseCard()).queryByTestId('hosted-video')).not.toBeInTheDocument();
    expect(within(purchaseCard()).getByRole('button', { name: 'Play video' })).toBeInTheDocument();
  });
});

describe('Course page: caption languages', () => {
  it("lists the hosted lessons' caption languages by name, under the structure heading and in the purchase card", async () => {
    await openCourse(hostedChapters());
    expect(structure()).toHaveTextContent('Captions: English, Hindi');
    expect(purchaseCard()).toHaveTextContent('Captions: English, Hindi');
    // The spec's lines are unchanged.
    expect(structure()).toHaveTextContent('This course includes 3 videos');
  });

  it('says nothing about captions for a course without them', async () => {
    await openCourse(makeDetails().courseContent);
    expect(screen.queryByText(/Captions:/)).not.toBeInTheDocument();
  });

  it("is in the server's render with the same text", () => {
    const chapters = hostedChapters();
    const html = renderToString(<CourseStructure chapters={chapters} onPreview={() => {}} />);
    expect(html).toContain('Captions: </span>English, Hindi');
  });
});
