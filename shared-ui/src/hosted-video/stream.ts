/// <reference path="./hls-light.d.ts" />
/**
 * The HLS stream under the hosted player: hls.js (loaded on demand, `import('hls.js')`) where the
 * browser has Media Source Extensions, the browser's own HLS (Safari on iOS) only where it has not.
 * Every request hls.js makes goes out with the newest stream token (`setToken`), so a session
 * renewed before its URLs expire goes on with the new ones.
 */
import { streamTokenOf, withStreamToken } from '@courseport/contracts';

/** A rendition the viewer may choose. */
export interface StreamLevel {
  /** hls.js' level index. */
  index: number;
  height: number;
  /** '480p'. */
  label: string;
}

export interface StreamEvents {
  /** The renditions, lowest first (none with the browser's own HLS: it picks by itself). */
  onLevels(levels: StreamLevel[]): void;
  /** The rendition playing now (hls.js' index). */
  onLevelSwitched(index: number): void;
  /** The stream stopped for good: `expired` when the server refused the link (401/403). */
  onFatal(error: { expired: boolean }): void;
}

export interface Stream {
  /** The token later requests carry. */
  setToken(token: string): void;
  /** A rendition by index, or -1 for automatic. */
  setLevel(index: number): void;
  destroy(): void;
}

/** What the MSE check asks for: H.264 and AAC, what the ladder makes. */
const MSE_TYPE = 'video/mp4; codecs="avc1.42E01E,mp4a.40.2"';

type MediaSourceLike = { isTypeSupported?: (type: string) => boolean };

/** Whether the browser has Media Source Extensions for the ladder's codecs (Chrome, Firefox, desktop Safari). */
export function hasMediaSource(): boolean {
  const scope = globalThis as unknown as { ManagedMediaSource?: MediaSourceLike; MediaSource?: MediaSourceLike };
  const source = scope.ManagedMediaSource ?? scope.MediaSource;
  return typeof source?.isTypeSupported === 'function' && source.isTypeSupported(MSE_TYPE);
}

/** Whether the video element plays HLS itself (Safari). */
export const hasNativeHls = (video: HTMLVideoElement): boolean =>
  video.canPlayType('application/vnd.apple.mpegurl') !== '';

export class UnsupportedBrowserError extends Error {
  constructor() {
    super('This browser cannot play this video');
  }
}

let hlsModule: Promise<typeof import('hls.js')> | undefined;
/**
 * hls.js's light build (no alternate audio, subtitles, DRM or interstitials: captions are the
 * video element's own tracks), 117 KB gzipped instead of 183 KB. Loaded once; a failed load is
 * tried again next time.
 */
function loadHls(): Promise<typeof import('hls.js')> {
  hlsModule ??= import('hls.js/light').catch((error: unknown) => {
    hlsModule = undefined;
    throw error;
  });
  return hlsModule;
}

/**
 * Starts loading what playing needs (hls.js, where the browser has Media Source Extensions) before
 * a video is chosen: a page that offers a hosted video calls it once it is idle, so the click on
 * Preview or Watch waits only for the stream.
 */
export function preloadStream(): void {
  if (hasMediaSource()) void loadHls().catch(() => {});
}

/**
 * Plays `src` in `video` from `startAt` seconds, starting on the lowest rendition (a fast first
 * frame), capped to the player's size afterwards. Rejects with `UnsupportedBrowserError` where
 * neither hls.js nor the browser can play HLS.
 */
export async function attachStream(
  video: HTMLVideoElement,
  src: string,
  startAt: number,
  events: StreamEvents,
): Promise<Stream> {
  let token = streamTokenOf(src);
  if (!hasMediaSource()) {
    if (!hasNativeHls(video)) throw new UnsupportedBrowserError();
    return attachNative(video, src, startAt, events);
  }
  const { default: Hls } = await loadHls();
  if (!Hls.isSupported()) {
    if (!hasNativeHls(video)) throw new UnsupportedBrowserError();
    return attachNative(video, src, startAt, events);
  }
  const hls = new Hls({
    startLevel: 0,
    capLevelToPlayerSize: true,
    startPosition: startAt > 0 ? startAt : -1,
    xhrSetup(xhr, url) {
      xhr.open('GET', token ? withStreamToken(url, token) : url, true);
    },
  });
  let recovered = false;
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
    events.onLevels(
      data.levels
        .map((level, index) => ({ index, height: level.height, label: `${level.height}p` }))
        .sort((a, b) => a.height - b.height),
    );
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => events.onLevelSwitched(data.level));
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
      recovered = true;
      hls.recoverMediaError();
      return;
    }
    const code = data.response?.code;
    events.onFatal({ expired: code === 401 || code === 403 });
  });
  hls.loadSource(token ? withStreamToken(src, token) : src);
  hls.attachMedia(video);
  return {
    setToken(next) {
      token = next;
    },
    setLevel(index) {
      hls.currentLevel = index;
    },
    destroy() {
      hls.destroy();
    },
  };
}

/**
 * The browser's own HLS: it fetches the playlists and segments itself, so a renewed token cannot
 * reach its requests. When a request fails after a renewal (the old link expired), the video is
 * loaded again from the new link at the same second, playing if it was; any other failure, or a
 * failure with the newest link, is fatal (the player shows Retry).
 */
function attachNative(video: HTMLVideoElement, src: string, startAt: number, events: StreamEvents): Stream {
  let token = streamTokenOf(src);
  let loadedToken = token;
  let resumeAt = startAt;
  let resume = false;
  const seek = () => {
    if (resumeAt > 0) video.currentTime = resumeAt;
    if (resume) void video.play()?.catch(() => {});
  };
  const failed = () => {
    if (token && token !== loadedToken) {
      resumeAt = video.currentTime;
      resume = !video.paused;
      load(token);
      return;
    }
    events.onFatal({ expired: false });
  };
  const load = (withToken: string | null) => {
    loadedToken = withToken;
    video.addEventListener('loadedmetadata', seek, { once: true });
    video.src = withToken ? withStreamToken(src, withToken) : src;
  };
  video.addEventListener('error', failed);
  load(token);
  events.onLevels([]);
  return {
    setToken(next) {
      token = next;
    },
    setLevel() {},
    destroy() {
      video.removeEventListener('loadedmetadata', seek);
      video.removeEventListener('error', failed);
      video.removeAttribute('src');
      video.load();
    },
  };
}
