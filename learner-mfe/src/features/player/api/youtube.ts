/**
 * The lecture video's player, behind a small interface: the page asks for the time and seeks, and
 * hears when the video is ready, plays, pauses and ends. In the app it is YouTube's IFrame API
 * (`youTubeAdapter`); tests give a stand-in (YouTube is not reachable from the test machines).
 */
import { createContext } from 'react';

/** What the page may ask of a ready player. */
export interface VideoControls {
  /** Seconds into the video. */
  currentTime(): number;
  seekTo(seconds: number): void;
}

/** What a player tells the page. */
export interface VideoEvents {
  onReady(controls: VideoControls): void;
  onPlay(): void;
  onPause(): void;
  onEnded(): void;
}

/** Drives the video shown in `frame`, telling `events`; returns how to stop listening. */
export type VideoAdapter = (frame: HTMLIFrameElement, events: VideoEvents) => () => void;

export const YOUTUBE_IFRAME_API = 'https://www.youtube.com/iframe_api';

/** The parts of YouTube's `YT` namespace used here. */
interface YouTubeNamespace {
  Player: new (
    frame: HTMLIFrameElement,
    options: { events: { onReady?: () => void; onStateChange?: (event: { data: number }) => void } },
  ) => { getCurrentTime(): number; seekTo(seconds: number, allowSeekAhead: boolean): void };
  PlayerState: { ENDED: number; PLAYING: number; PAUSED: number };
}

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let loading: Promise<YouTubeNamespace> | null = null;

/** Loads YouTube's IFrame API once, on the first lecture played (a failed load is tried again next time). */
export function loadYouTubeApi(): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  loading ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT) resolve(window.YT);
    };
    const script = document.createElement('script');
    script.src = YOUTUBE_IFRAME_API;
    script.async = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('The YouTube player API could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * YouTube's IFrame API on the embed's own iframe (it has `enablejsapi=1`). Until the API arrives,
 * or if it never does, the video still plays: only the page hears nothing of it.
 */
export const youTubeAdapter: VideoAdapter = (frame, events) => {
  let listening = true;
  loadYouTubeApi().then(
    (YT) => {
      if (!listening || !frame.isConnected) return;
      const player = new YT.Player(frame, {
        events: {
          onReady: () => {
            if (!listening) return;
            events.onReady({
              currentTime: () => player.getCurrentTime(),
              seekTo: (seconds) => player.seekTo(seconds, true),
            });
          },
          onStateChange: ({ data }) => {
            if (!listening) return;
            if (data === YT.PlayerState.PLAYING) events.onPlay();
            else if (data === YT.PlayerState.PAUSED) events.onPause();
            else if (data === YT.PlayerState.ENDED) events.onEnded();
          },
        },
      });
    },
    () => {},
  );
  return () => {
    listening = false;
  };
};

/** The player the lecture videos use: YouTube's, or a test's stand-in. */
export const VideoAdapterContext = createContext<VideoAdapter>(youTubeAdapter);
