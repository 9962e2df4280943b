import type { HostedVideoProps } from '@courseport/shared-ui/hosted-video';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoAdapterContext } from '../src/features/player/api/youtube';
import { LectureVideo, SAVE_EVERY_MS } from '../src/features/player/components/LectureVideo';
import { standInVideos } from './helpers';

// The hosted player stands in (shared-ui/hosted-video is tested there with a fake hls.js).
const hosted = vi.hoisted(() => ({ props: null as HostedVideoProps | null }));
vi.mock('@courseport/shared-ui/hosted-video', () => ({
  HostedVideo(props: HostedVideoProps) {
    hosted.props = props;
    return <div data-testid="hosted-video" />;
  },
}));

function renderVideo(startSeconds = 0) {
  const videos = standInVideos();
  const onPosition = vi.fn<(seconds: number, leaving: boolean) => void>();
  const onEnded = vi.fn();
  const view = render(
    <VideoAdapterContext.Provider value={videos.adapter}>
      <LectureVideo
        videoId="intro123"
        title="Welcome"
        startSeconds={startSeconds}
        onPosition={onPosition}
        onEnded={onEnded}
      />
    </VideoAdapterContext.Provider>,
  );
  return { ...view, video: videos.current(), onPosition, onEnded };
}

const setVisibility = (state: DocumentVisibilityState) => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  setVisibility('visible');
});

describe('LectureVideo', () => {
  it('embeds the video at its start second, ready for the IFrame API, and seeks there once the player is ready', () => {
    const { container, video } = renderVideo(95);
    const src = container.querySelector('iframe')?.getAttribute('src') ?? '';
    expect(src).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/intro123\?/);
    const params = new URL(src).searchParams;
    expect(params.get('start')).toBe('95');
    expect(params.get('enablejsapi')).toBe('1');
    expect(params.get('origin')).toBe(window.location.origin);
    expect(video.videoId).toBe('intro123');
    video.ready();
    expect(video.seeks).toEqual([95]);
  });

  it('does not seek a video that starts at the beginning', () => {
    const { video } = renderVideo(0);
    video.ready();
    expect(video.seeks).toEqual([]);
  });

  it('tells its position every 10 s while playing, and on pause; nothing while paused', () => {
    const { video, onPosition } = renderVideo();
    video.ready();
    video.play();
    video.time = 9;
    act(() => vi.advanceTimersByTime(SAVE_EVERY_MS - 1));
    expect(onPosition).not.toHaveBeenCalled();
    video.time = 10;
    act(() => vi.advanceTimersByTime(1));
    expect(onPosition.mock.calls).toEqual([[10, false]]);
    video.time = 20.4;
    act(() => vi.advanceTimersByTime(SAVE_EVERY_MS));
    expect(onPosition.mock.calls).toEqual([
      [10, false],
      [20.4, false],
    ]);

    video.time = 23;
    video.pause();
    expect(onPosition.mock.calls.at(-1)).toEqual([23, false]);
    const calls = onPosition.mock.calls.length;
    act(() => vi.advanceTimersByTime(5 * SAVE_EVERY_MS));
    expect(onPosition).toHaveBeenCalledTimes(calls);
  });

  it('tells its position, for a request that outlives the page, when the page is hidden or left', () => {
    const { video, onPosition } = renderVideo();
    video.ready();
    video.play();
    video.time = 42;
    act(() => setVisibility('hidden'));
    expect(onPosition.mock.calls).toEqual([[42, true]]);
    video.time = 43;
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(onPosition.mock.calls.at(-1)).toEqual([43, true]);
  });

  it('tells its position when closed (another lecture, another page), then stops listening', () => {
    const { video, onPosition, unmount } = renderVideo();
    video.ready();
    video.play();
    video.time = 77;
    unmount();
    expect(onPosition.mock.calls).toEqual([[77, false]]);
    expect(video.connected).toBe(false);
    act(() => vi.advanceTimersByTime(3 * SAVE_EVERY_MS));
    window.dispatchEvent(new Event('pagehide'));
    expect(onPosition).toHaveBeenCalledOnce();
  });

  it('keeps the start second when closed before the player was ready', () => {
    const { onPosition, unmount } = renderVideo(30);
    unmount();
    expect(onPosition.mock.calls).toEqual([[30, false]]);
  });

  it('tells when the video ends, stops saving, and keeps nothing of it when closed', () => {
    const { video, onPosition, onEnded, unmount } = renderVideo();
    video.ready();
    video.play();
    video.end(600);
    expect(onEnded).toHaveBeenCalledOnce();
    act(() => vi.advanceTimersByTime(3 * SAVE_EVERY_MS));
    unmount();
    expect(onPosition).not.toHaveBeenCalled();
  });
});

describe('LectureVideo: a hosted video', () => {
  async function renderHosted(startSeconds = 0) {
    const onPosition = vi.fn<(seconds: number, leaving: boolean) => void>();
    const onEnded = vi.fn();
    const view = render(
      <LectureVideo
        videoId=""
        hosted={{ videoId: 'vid1', courseId: 'c1', lectureId: 'l1', posterUrl: 'https://api.example.test/p.webp' }}
        title="Welcome"
        startSeconds={startSeconds}
        onPosition={onPosition}
        onEnded={onEnded}
      />,
    );
    // The hosted player loads on demand (React.lazy): on the real clock, then the fake one again.
    vi.useRealTimers();
    await screen.findByTestId('hosted-video');
    vi.useFakeTimers();
    let time = startSeconds;
    const props = hosted.props as HostedVideoProps;
    act(() => props.onReady?.({ currentTime: () => time, seekTo: (s) => (time = s) }));
    return { ...view, props, onPosition, onEnded, at: (seconds: number) => (time = seconds) };
  }

  it('plays in the hosted player from the start second, without YouTube', async () => {
    const { props, container } = await renderHosted(95);
    expect(container.querySelector('iframe')).toBeNull();
    expect(props).toMatchObject({
      title: 'Welcome',
      startAt: 95,
      autoPlay: true,
      poster: 'https://api.example.test/p.webp',
    });
  });

  it('tells its position every 10 s while playing, on pause, when the page is hidden and when closed', async () => {
    const { props, onPosition, at, unmount } = await renderHosted();
    act(() => props.onPlay?.());
    at(10);
    act(() => vi.advanceTimersByTime(SAVE_EVERY_MS));
    expect(onPosition.mock.calls).toEqual([[10, false]]);
    at(12);
    act(() => props.onPause?.());
    expect(onPosition.mock.calls.at(-1)).toEqual([12, false]);
    at(20);
    act(() => setVisibility('hidden'));
    expect(onPosition.mock.calls.at(-1)).toEqual([20, true]);
    at(21);
    unmount();
    expect(onPosition.mock.calls.at(-1)).toEqual([21, false]);
  });

  it('tells when the video ends and keeps nothing of it when closed', async () => {
    const { props, onPosition, onEnded, unmount } = await renderHosted();
    act(() => props.onPlay?.());
    act(() => props.onEnded?.());
    expect(onEnded).toHaveBeenCalledOnce();
    unmount();
    expect(onPosition).not.toHaveBeenCalled();
  });
});
