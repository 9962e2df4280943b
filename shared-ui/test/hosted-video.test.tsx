import type { VideoPlayback } from '@courseport/contracts';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CAPTIONS_KEY } from '../src/hosted-video/captions';
import { EXPIRED_MESSAGE, HostedVideo, type HostedVideoProps } from '../src/hosted-video/HostedVideo';
import { deferred, user } from './kit';

// hls.js stands in as a fake that records what the player asks of it and lets a test fire its events.
const hls = vi.hoisted(() => {
  type Handler = (event: string, data: unknown) => void;
  class FakeHls {
    static isSupported = () => true;
    static Events = { MANIFEST_PARSED: 'hlsManifestParsed', LEVEL_SWITCHED: 'hlsLevelSwitched', ERROR: 'hlsError' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
    handlers = new Map<string, Handler[]>();
    currentLevel = -1;
    source = '';
    media: HTMLMediaElement | null = null;
    destroyed = false;
    recovered = 0;
    constructor(public config: Record<string, unknown>) {
      instances.push(this);
    }
    on(event: string, handler: Handler) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
    }
    loadSource(source: string) {
      this.source = source;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    recoverMediaError() {
      this.recovered++;
    }
    destroy() {
      this.destroyed = true;
    }
    emit(event: string, data: unknown) {
      for (const handler of this.handlers.get(event) ?? []) handler(event, data);
    }
  }
  const instances: FakeHls[] = [];
  return { FakeHls, instances, latest: () => instances.at(-1) as FakeHls };
});
vi.mock('hls.js/light', () => ({ default: hls.FakeHls }));

// jsdom has no media playback and no text tracks: the element's state lives here.
interface MediaState {
  paused: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  muted: boolean;
  playbackRate: number;
}
const media = new WeakMap<HTMLMediaElement, MediaState>();
const stateOf = (element: HTMLMediaElement): MediaState => {
  let state = media.get(element);
  if (!state) {
    state = { paused: true, currentTime: 0, duration: 600, volume: 1, muted: false, playbackRate: 1 };
    media.set(element, state);
  }
  return state;
};
const fakeTracks = new WeakMap<HTMLTrackElement, { mode: TextTrackMode; cues: unknown[] | null }>();
const CUES: Record<string, Array<{ startTime: number; endTime: number; text: string }>> = {
  en: [
    { startTime: 0, endTime: 4, text: 'Welcome to the course.' },
    { startTime: 4, endTime: 9, text: '<v Jane>Let us set things up.' },
    { startTime: 12, endTime: 20, text: 'Now the first component.' },
  ],
  hi: [{ startTime: 0, endTime: 4, text: 'पाठ्यक्रम में आपका स्वागत है।' }],
};

function fakeMedia() {
  const proto = HTMLMediaElement.prototype;
  const restore: Array<() => void> = [];
  const define = (target: object, name: string, descriptor: PropertyDescriptor) => {
    const before = Object.getOwnPropertyDescriptor(target, name);
    Object.defineProperty(target, name, { configurable: true, ...descriptor });
    restore.push(() => (before ? Object.defineProperty(target, name, before) : delete (target as never)[name]));
  };
  define(proto, 'play', {
    value: vi.fn(function (this: HTMLMediaElement) {
      stateOf(this).paused = false;
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    }),
  });
  define(proto, 'pause', {
    value: vi.fn(function (this: HTMLMediaElement) {
      stateOf(this).paused = true;
      this.dispatchEvent(new Event('pause'));
    }),
  });
  define(proto, 'load', { value: () => {} });
  define(proto, 'canPlayType', { value: () => '' });
  for (const name of ['paused', 'duration'] as const) {
    define(proto, name, {
      get(this: HTMLMediaElement) {
        return stateOf(this)[name];
      },
    });
  }
  for (const name of ['currentTime', 'playbackRate'] as const) {
    define(proto, name, {
      get(this: HTMLMediaElement) {
        return stateOf(this)[name];
      },
      set(this: HTMLMediaElement, value: number) {
        stateOf(this)[name] = value;
      },
    });
  }
  for (const name of ['volume', 'muted'] as const) {
    define(proto, name, {
      get(this: HTMLMediaElement) {
        return stateOf(this)[name];
      },
      set(this: HTMLMediaElement, value: never) {
        stateOf(this)[name] = value;
        this.dispatchEvent(new Event('volumechange'));
      },
    });
  }
  define(HTMLTrackElement.prototype, 'track', {
    get(this: HTMLTrackElement) {
      let track = fakeTracks.get(this);
      if (!track) {
        track = { mode: 'disabled', cues: null };
        fakeTracks.set(this, track);
      }
      return track;
    },
  });
  define(globalThis, 'MediaSource', { value: { isTypeSupported: () => true }, writable: true });
  return () => {
    for (const undo of restore.reverse()) undo();
  };
}

/** The browser loads a track (its mode is not 'disabled'): its cues arrive and `load` fires. */
function loadTrack(lang: string) {
  const element = document.querySelector(`track[srclang="${lang}"]`) as HTMLTrackElement;
  const track = element.track as unknown as { cues: unknown[] | null };
  track.cues = CUES[lang] ?? [];
  act(() => {
    element.dispatchEvent(new Event('load'));
  });
  return element;
}

const TOKEN = 'eyJ2IjoxfQ.c2lnMQ';
const NEW_TOKEN = 'eyJ2IjoyfQ.c2lnMg';
const API = 'https://api.example.test';

function playback(token = TOKEN, overrides: Partial<VideoPlayback> = {}): VideoPlayback {
  return {
    videoId: 'v1',
    src: `${API}/api/stream/${token}/master.m3u8`,
    posterUrl: `${API}/api/videos/v1/poster.webp`,
    durationS: 600,
    captions: [
      { lang: 'en', label: 'English', src: `${API}/api/stream/${token}/captions/en.vtt` },
      { lang: 'hi', label: 'हिन्दी', src: `${API}/api/stream/${token}/captions/hi.vtt` },
    ],
    expiresAt: new Date(Date.now() + 300_000).toISOString(),
    ...overrides,
  };
}

let undoMedia: () => void;
beforeEach(() => {
  hls.instances.length = 0;
  localStorage.clear();
  undoMedia = fakeMedia();
});
afterEach(() => {
  // Unmount (the stream lets go of the element) before the element's stand-ins go.
  cleanup();
  undoMedia();
});

function renderPlayer(props: Partial<HostedVideoProps> = {}) {
  const loadPlayback = props.loadPlayback ?? vi.fn(async () => playback());
  const view = render(<HostedVideo title="Welcome" loadPlayback={loadPlayback} {...props} />);
  const video = view.container.querySelector('video') as HTMLVideoElement;
  return { ...view, video, loadPlayback, state: () => stateOf(video) };
}

/** A player that loaded and attached its stream, with the ladder's three renditions. */
async function readyPlayer(props: Partial<HostedVideoProps> = {}) {
  const view = renderPlayer(props);
  await screen.findByRole('button', { name: 'Play' });
  act(() => {
    hls.latest().emit('hlsManifestParsed', { levels: [{ height: 720 }, { height: 240 }, { height: 480 }] });
  });
  return view;
}

const menu = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const optionTexts = (select: HTMLSelectElement) => [...select.options].map((option) => option.textContent);

describe('HostedVideo: loading and errors', () => {
  it('shows loading until the playback arrives, then plays it with hls.js from the lowest rendition', async () => {
    const answer = deferred<VideoPlayback>();
    const { video } = renderPlayer({ loadPlayback: () => answer.promise, startAt: 42 });
    expect(screen.getByRole('status')).toHaveTextContent('Loading video…');
    expect(screen.queryByRole('button', { name: 'Play' })).not.toBeInTheDocument();
    answer.resolve(playback());
    await screen.findByRole('button', { name: 'Play' });
    const instance = hls.latest();
    expect(instance.config).toMatchObject({ startLevel: 0, capLevelToPlayerSize: true, startPosition: 42 });
    expect(instance.source).toBe(`${API}/api/stream/${TOKEN}/master.m3u8`);
    expect(instance.media).toBe(video);
    expect(video).toHaveAttribute('poster', `${API}/api/videos/v1/poster.webp`);
    expect(video).toHaveAccessibleName('Welcome');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect([...video.querySelectorAll('track')].map((t) => [t.kind, t.srclang, t.label, t.src])).toEqual([
      ['captions', 'en', 'English', `${API}/api/stream/${TOKEN}/captions/en.vtt`],
      ['captions', 'hi', 'हिन्दी', `${API}/api/stream/${TOKEN}/captions/hi.vtt`],
    ]);
  });

  it("shows the server's message and a Retry when the playback is refused; Retry loads it again", async () => {
    const loadPlayback = vi
      .fn<() => Promise<VideoPlayback>>()
      .mockRejectedValueOnce(new Error('Enroll in this course to watch this lesson'))
      .mockResolvedValue(playback());
    renderPlayer({ loadPlayback });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Enroll in this course to watch this lesson');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    // Retry is the viewer asking for the video: it plays.
    await screen.findByRole('button', { name: 'Pause' });
    expect(loadPlayback).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the link expired when the stream is refused (403); Retry goes on from where the video was, playing', async () => {
    const { video, loadPlayback, state } = await readyPlayer();
    state().currentTime = 125;
    act(() => {
      hls.latest().emit('hlsError', { fatal: true, type: 'networkError', response: { code: 403 } });
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(EXPIRED_MESSAGE);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByRole('button', { name: 'Pause' });
    expect(hls.instances).toHaveLength(2);
    expect(hls.instances[0]?.destroyed).toBe(true);
    expect(hls.latest().config.startPosition).toBe(125);
    expect(hls.latest().media).toBe(video);
    expect(loadPlayback).toHaveBeenCalledTimes(2);
  });

  it('takes the focus once ready when asked to (a preview opened from a lesson list)', async () => {
    const { video } = renderPlayer({ autoFocus: true });
    await screen.findByRole('button', { name: 'Play' });
    expect(video).toHaveFocus();
  });

  it('recovers a media error once before giving up', async () => {
    await readyPlayer();
    act(() => hls.latest().emit('hlsError', { fatal: true, type: 'mediaError' }));
    expect(hls.latest().recovered).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => hls.latest().emit('hlsError', { fatal: true, type: 'mediaError' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The video could not be played.');
  });

  it("uses the browser's own HLS only where there is no Media Source Extensions", async () => {
    Object.defineProperty(globalThis, 'MediaSource', { configurable: true, value: undefined, writable: true });
    HTMLMediaElement.prototype.canPlayType = () => 'maybe';
    const { video } = renderPlayer();
    await screen.findByRole('button', { name: 'Play' });
    expect(hls.instances).toHaveLength(0);
    expect(video.getAttribute('src')).toBe(`${API}/api/stream/${TOKEN}/master.m3u8`);
    expect(screen.queryByRole('combobox', { name: 'Quality' })).not.toBeInTheDocument();
  });
});

describe('HostedVideo: renewing the signed URLs', () => {
  it('asks again at half the lifetime and sends every later request with the new token', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const loadPlayback = vi
      .fn<() => Promise<VideoPlayback>>()
      .mockResolvedValueOnce(playback(TOKEN))
      .mockImplementation(async () => playback(NEW_TOKEN));
    renderPlayer({ loadPlayback });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    const config = hls.latest().config as { xhrSetup: (xhr: XMLHttpRequest, url: string) => void };
    const open = vi.fn();
    const segment = `${API}/api/stream/${TOKEN}/480p/seg_003.ts`;
    config.xhrSetup({ open } as unknown as XMLHttpRequest, segment);
    expect(open).toHaveBeenLastCalledWith('GET', segment, true);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(149_000);
    });
    expect(loadPlayback).toHaveBeenCalledTimes(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(loadPlayback).toHaveBeenCalledTimes(2);
    config.xhrSetup({ open } as unknown as XMLHttpRequest, segment);
    expect(open).toHaveBeenLastCalledWith('GET', `${API}/api/stream/${NEW_TOKEN}/480p/seg_003.ts`, true);
    config.xhrSetup({ open } as unknown as XMLHttpRequest, `${API}/api/stream/${TOKEN}/720p/index.m3u8`);
    expect(open).toHaveBeenLastCalledWith('GET', `${API}/api/stream/${NEW_TOKEN}/720p/index.m3u8`, true);
    // Tracks not loaded yet take the new URLs; the stream went on (no new hls.js).
    expect(document.querySelector('track[srclang="en"]')?.getAttribute('src')).toContain(NEW_TOKEN);
    expect(hls.instances).toHaveLength(1);
    // And again at half of the new lifetime.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150_000);
    });
    expect(loadPlayback).toHaveBeenCalledTimes(3);
  });
});

describe("HostedVideo: renewing with the browser's own HLS", () => {
  it('loads the new link at the same second when the old one fails after a renewal; fails for good otherwise', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    Object.defineProperty(globalThis, 'MediaSource', { configurable: true, value: undefined, writable: true });
    HTMLMediaElement.prototype.canPlayType = () => 'maybe';
    const loadPlayback = vi
      .fn<() => Promise<VideoPlayback>>()
      .mockResolvedValueOnce(playback(TOKEN))
      .mockImplementation(async () => playback(NEW_TOKEN));
    const { video, state } = renderPlayer({ loadPlayback });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(150_000);
    });
    expect(loadPlayback).toHaveBeenCalledTimes(2);
    expect(video.getAttribute('src')).toContain(TOKEN);
    state().currentTime = 200;
    fireEvent.error(video);
    expect(video.getAttribute('src')).toBe(`${API}/api/stream/${NEW_TOKEN}/master.m3u8`);
    state().currentTime = 0;
    fireEvent.loadedMetadata(video);
    expect(state().currentTime).toBe(200);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The newest link failing too is not an expiry: Retry.
    fireEvent.error(video);
    expect(screen.getByRole('alert')).toHaveTextContent('The video could not be played.');
  });
});

describe('HostedVideo: menus', () => {
  it('quality: Auto names the rendition playing; a choice fixes the rendition, Auto gives it back', async () => {
    await readyPlayer();
    const quality = menu('Quality');
    expect(optionTexts(quality)).toEqual(['Auto', '240p', '480p', '720p']);
    act(() => hls.latest().emit('hlsLevelSwitched', { level: 2 }));
    expect(optionTexts(quality)[0]).toBe('Auto (480p)');
    await user.selectOptions(quality, '720p');
    expect(hls.latest().currentLevel).toBe(0);
    await user.selectOptions(quality, 'Auto (480p)');
    expect(hls.latest().currentLevel).toBe(-1);
  });

  it('speed: from 0.5× to 2×, applied to the video', async () => {
    const { state } = await readyPlayer();
    const speed = menu('Speed');
    expect(optionTexts(speed)).toEqual(['0.5×', '0.75×', 'Normal', '1.25×', '1.5×', '1.75×', '2×']);
    expect(speed.value).toBe('1');
    await user.selectOptions(speed, '1.5×');
    expect(state().playbackRate).toBe(1.5);
  });

  it('captions: Off and each language; the choice shows that track and is remembered for the next video', async () => {
    const { unmount } = await readyPlayer();
    const captions = menu('Captions');
    expect(optionTexts(captions)).toEqual(['Off', 'English', 'हिन्दी']);
    expect(captions.value).toBe('off');
    const modes = () =>
      [...document.querySelectorAll('track')].map((t) => [t.srclang, (t.track as unknown as TextTrack).mode]);
    // Off: the transcript's language (the first) is loaded, hidden.
    expect(modes()).toEqual([
      ['en', 'hidden'],
      ['hi', 'disabled'],
    ]);
    await user.selectOptions(captions, 'हिन्दी');
    expect(modes()).toEqual([
      ['en', 'disabled'],
      ['hi', 'showing'],
    ]);
    expect(localStorage.getItem(CAPTIONS_KEY)).toBe('hi');
    unmount();

    await readyPlayer();
    expect(menu('Captions').value).toBe('hi');
    expect(screen.getByRole('region', { name: 'Transcript (हिन्दी)' })).toBeInTheDocument();
  });

  it('has no captions menu and no transcript for a video without captions', async () => {
    await readyPlayer({ loadPlayback: async () => playback(TOKEN, { captions: [] }) });
    expect(screen.queryByRole('combobox', { name: 'Captions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Transcript/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Transcript' })).not.toBeInTheDocument();
  });
});

describe('HostedVideo: keyboard', () => {
  it('plays, pauses, seeks, changes the volume, mutes, toggles captions and full screen while it has focus', async () => {
    const { video, state, container } = await readyPlayer();
    const requestFullscreen = vi.fn(async () => {});
    const wrapper = container.firstElementChild as HTMLElement;
    wrapper.requestFullscreen = requestFullscreen;
    video.focus();
    await user.keyboard('k');
    expect(state().paused).toBe(false);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    await user.keyboard(' ');
    expect(state().paused).toBe(true);
    state().currentTime = 100;
    await user.keyboard('{ArrowRight}');
    expect(state().currentTime).toBe(105);
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(state().currentTime).toBe(95);
    await user.keyboard('l');
    expect(state().currentTime).toBe(105);
    await user.keyboard('j');
    expect(state().currentTime).toBe(95);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(state().volume).toBe(0.8);
    await user.keyboard('{ArrowUp}');
    expect(state().volume).toBe(0.9);
    await user.keyboard('m');
    expect(state().muted).toBe(true);
    expect(screen.getByRole('button', { name: 'Unmute' })).toBeInTheDocument();
    await user.keyboard('c');
    expect(menu('Captions').value).toBe('en');
    await user.keyboard('c');
    expect(menu('Captions').value).toBe('off');
    await user.keyboard('f');
    expect(requestFullscreen).toHaveBeenCalledOnce();
  });

  it('reaches every control with Tab, each with a name', async () => {
    await readyPlayer();
    loadTrack('en');
    const names: string[] = [];
    for (let i = 0; i < 11; i++) {
      await user.tab();
      const active = document.activeElement as HTMLElement;
      names.push(active.getAttribute('aria-label') ?? active.textContent ?? '');
    }
    expect(names).toEqual([
      'Welcome',
      'Play',
      'Seek',
      'Mute',
      'Volume',
      'Captions',
      'Speed',
      'Quality',
      'Transcript',
      'Full screen',
      // Then the transcript's first cue.
      '0:00Welcome to the course.',
    ]);
  });
});

describe('HostedVideo: transcript', () => {
  it("lists the captions' cues, marks the one being spoken, keeps it in view and seeks to a cue clicked", async () => {
    const { video, state } = await readyPlayer();
    loadTrack('en');
    const transcript = screen.getByRole('region', { name: 'Transcript (English)' });
    const cues = within(transcript).getAllByRole('button');
    expect(cues.map((cue) => cue.textContent)).toEqual([
      '0:00Welcome to the course.',
      '0:04Let us set things up.',
      '0:12Now the first component.',
    ]);
    const list = transcript.querySelector('ol') as HTMLOListElement;
    Object.defineProperty(cues[2]?.parentElement, 'offsetTop', { configurable: true, value: 400 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 200 });

    state().currentTime = 5;
    fireEvent.timeUpdate(video);
    expect(cues[1]).toHaveAttribute('aria-current', 'true');
    expect(cues.filter((cue) => cue.hasAttribute('aria-current'))).toHaveLength(1);

    state().currentTime = 13;
    fireEvent.timeUpdate(video);
    expect(cues[2]).toHaveAttribute('aria-current', 'true');
    expect(list.scrollTop).toBe(300);

    // Between cues: none is marked.
    state().currentTime = 10;
    fireEvent.timeUpdate(video);
    expect(within(transcript).queryAllByRole('button', { current: true })).toHaveLength(0);

    await user.click(cues[2] as HTMLElement);
    expect(state().currentTime).toBe(12);
  });

  it('says so when the captions file cannot be loaded', async () => {
    await readyPlayer();
    const transcript = screen.getByRole('region', { name: 'Transcript (English)' });
    expect(transcript).toHaveTextContent('Loading the transcript…');
    act(() => {
      document.querySelector('track[srclang="en"]')?.dispatchEvent(new Event('error'));
    });
    expect(transcript).toHaveTextContent('The transcript could not be loaded.');
  });

  it('reports the time and the end to the page', async () => {
    const onTime = vi.fn();
    const onEnded = vi.fn();
    const { video, state } = await readyPlayer({ onTime, onEnded });
    state().currentTime = 33;
    fireEvent.timeUpdate(video);
    expect(onTime).toHaveBeenLastCalledWith(33, 600);
    fireEvent.ended(video);
    expect(onEnded).toHaveBeenCalledOnce();
  });

  it('can be closed and opened again with the Transcript button', async () => {
    await readyPlayer({ transcriptOpen: false });
    const toggle = screen.getByRole('button', { name: 'Transcript' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.queryByRole('region', { name: /Transcript/ })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    loadTrack('en');
    expect(screen.getByRole('region', { name: 'Transcript (English)' })).toBeInTheDocument();
  });
});
