import { formatVideoTime, streamTokenOf, type VideoPlayback } from '@courseport/contracts';
import { Button, Spinner } from '@courseport/shared-ui';
import { type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  CAPTIONS_OFF,
  cuesOf,
  currentCueIndex,
  rememberCaptions,
  rememberedCaptions,
  type TranscriptCue,
} from './captions';
import { attachStream, preloadStream, type Stream, type StreamLevel, UnsupportedBrowserError } from './stream';
import { Transcript } from './Transcript';
import './hosted-video.css';

/** What the page may ask of a playing video. */
export interface HostedVideoControls {
  currentTime(): number;
  seekTo(seconds: number): void;
}

export interface HostedVideoProps {
  /** Signed playback URLs (`VideoPlayback`): asked for at start, again at half their lifetime, and on Retry. */
  loadPlayback: () => Promise<VideoPlayback>;
  /** The video's title: the accessible name of the player and its controls. */
  title: string;
  /** Where to start, in seconds. */
  startAt?: number;
  /** Start playing once loaded (the viewer already asked for the video). */
  autoPlay?: boolean;
  /** Move the focus to the video once it is ready (it was opened from elsewhere on the page). */
  autoFocus?: boolean;
  /** The poster to show before the playback answer names one. */
  poster?: string | null;
  /** Whether the transcript panel starts open (when the video has captions). */
  transcriptOpen?: boolean;
  onTime?(seconds: number, duration: number): void;
  onReady?(controls: HostedVideoControls): void;
  onPlay?(): void;
  onPause?(): void;
  onEnded?(): void;
  className?: string;
}

export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
/** The soonest a renewal is asked for, and how long after a failed one the next try comes. */
const MIN_RENEW_MS = 1_000;
const RENEW_RETRY_MS = 15_000;

export const EXPIRED_MESSAGE = 'The link to this video has expired or is no longer valid.';
export const PLAY_FAILED_MESSAGE = 'The video could not be played.';

type Status = { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; message: string };

interface Track {
  lang: string;
  label: string;
  src: string;
}

const rateLabel = (rate: number) => (rate === 1 ? 'Normal' : `${rate}×`);
const isTyping = (target: EventTarget) =>
  target instanceof HTMLSelectElement || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
const TRACK_LOADED = 2;

/**
 * A video the platform hosts: HLS through hls.js (loaded on demand; the browser's own HLS where
 * there is no Media Source Extensions), starting on a low rendition, its signed URLs renewed at
 * half their lifetime. Controls: play, seek, volume, captions (remembered in this browser),
 * speed, quality (Auto shows the rendition playing), transcript, full screen (the whole player,
 * so the controls stay); keyboard shortcuts while the player has focus.
 */
export function HostedVideo({
  loadPlayback,
  title,
  startAt = 0,
  autoPlay = false,
  autoFocus = false,
  poster,
  transcriptOpen = true,
  onTime,
  onReady,
  onPlay,
  onPause,
  onEnded,
  className,
}: HostedVideoProps) {
  const wrapperRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<Stream | null>(null);
  const trackEls = useRef(new Map<string, HTMLTrackElement>());
  const latest = useRef({ loadPlayback, onTime, onReady, onPlay, onPause, onEnded, autoPlay, autoFocus, startAt });
  latest.current = { loadPlayback, onTime, onReady, onPlay, onPause, onEnded, autoPlay, autoFocus, startAt };
  const shortcutsId = useId();

  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>({ kind: 'loading' });
  const [posterUrl, setPosterUrl] = useState(poster ?? null);
  const [tracks, setTracks] = useState<Track[]>([]);
  const [levels, setLevels] = useState<StreamLevel[]>([]);
  const [playingLevel, setPlayingLevel] = useState(-1);
  const [chosenLevel, setChosenLevel] = useState(-1);
  const [rate, setRate] = useState(1);
  const [captions, setCaptions] = useState(() => rememberedCaptions() ?? CAPTIONS_OFF);
  const [cues, setCues] = useState<TranscriptCue[]>([]);
  const [cuesFailed, setCuesFailed] = useState(false);
  const [showTranscript, setShowTranscript] = useState(transcriptOpen);
  const [paused, setPaused] = useState(true);
  const [buffering, setBuffering] = useState(true);
  const [time, setTime] = useState(startAt);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(1);
  const [muted, setMuted] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);

  /** A new playback answer: its tracks, keeping the URL of any track already loaded. */
  const adopt = useCallback((playback: VideoPlayback) => {
    if (playback.posterUrl) setPosterUrl(playback.posterUrl);
    if (playback.durationS > 0) setDuration((known) => known || playback.durationS);
    setTracks((old) =>
      playback.captions.map((caption) => {
        const before = old.find((track) => track.lang === caption.lang);
        return before && trackEls.current.get(caption.lang)?.readyState === TRACK_LOADED ? before : caption;
      }),
    );
  }, []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let cancelled = false;
    let stream: Stream | null = null;
    let renewTimer: ReturnType<typeof setTimeout> | undefined;
    const resumeAt = attempt === 0 ? latest.current.startAt : video.currentTime;
    setStatus({ kind: 'loading' });

    const renewIn = (expiresAt: string) => {
      const ms = Math.max(MIN_RENEW_MS, (Date.parse(expiresAt) - Date.now()) / 2);
      renewTimer = setTimeout(renew, Number.isFinite(ms) ? ms : MIN_RENEW_MS);
    };
    const renew = async () => {
      try {
        const next = await latest.current.loadPlayback();
        if (cancelled) return;
        const token = streamTokenOf(next.src);
        if (token) stream?.setToken(token);
        adopt(next);
        renewIn(next.expiresAt);
      } catch {
        if (!cancelled) renewTimer = setTimeout(renew, RENEW_RETRY_MS);
      }
    };

    (async () => {
      try {
        // hls.js and the signed URLs at once, not one after the other.
        preloadStream();
        const playback = await latest.current.loadPlayback();
        if (cancelled) return;
        adopt(playback);
        const attached = await attachStream(video, playback.src, resumeAt, {
          onLevels: (list) => {
            if (!cancelled) setLevels(list);
          },
          onLevelSwitched: (index) => {
            if (!cancelled) setPlayingLevel(index);
          },
          onFatal: ({ expired }) => {
            if (!cancelled) setStatus({ kind: 'error', message: expired ? EXPIRED_MESSAGE : PLAY_FAILED_MESSAGE });
          },
        });
        if (cancelled) {
          attached.destroy();
          return;
        }
        stream = attached;
        streamRef.current = attached;
        renewIn(playback.expiresAt);
        setStatus({ kind: 'ready' });
        latest.current.onReady?.({
          currentTime: () => video.currentTime,
          seekTo: (seconds) => {
            video.currentTime = seconds;
          },
        });
        if (latest.current.autoFocus && attempt === 0) video.focus({ preventScroll: true });
        if (latest.current.autoPlay || attempt > 0) void video.play()?.catch(() => {});
      } catch (error) {
        if (cancelled) return;
        const message =
          error instanceof UnsupportedBrowserError || error instanceof Error ? error.message : PLAY_FAILED_MESSAGE;
        setStatus({ kind: 'error', message: message || PLAY_FAILED_MESSAGE });
      }
    })();

    return () => {
      cancelled = true;
      clearTimeout(renewTimer);
      stream?.destroy();
      streamRef.current = null;
    };
  }, [attempt, adopt]);

  // Fullscreen is the wrapper's: our controls and the transcript stay on screen.
  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement === wrapperRef.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  const langs = tracks.map((track) => track.lang);
  const shown = langs.includes(captions) ? captions : CAPTIONS_OFF;
  const remembered = rememberedCaptions();
  const transcriptLang =
    shown !== CAPTIONS_OFF ? shown : remembered && langs.includes(remembered) ? remembered : (langs[0] ?? null);
  const transcriptTrack = tracks.find((track) => track.lang === transcriptLang) ?? null;
  const transcriptVisible = showTranscript && transcriptTrack !== null;

  // Each track's mode: the chosen language shown, the transcript's loaded but hidden, the rest off.
  useEffect(() => {
    for (const track of tracks) {
      const element = trackEls.current.get(track.lang);
      if (!element?.track) continue;
      element.track.mode =
        track.lang === shown ? 'showing' : track.lang === transcriptLang && transcriptVisible ? 'hidden' : 'disabled';
    }
    const element = transcriptLang ? trackEls.current.get(transcriptLang) : undefined;
    if (!element || !transcriptVisible) {
      setCues([]);
      return;
    }
    const read = () => {
      setCues(cuesOf(element.track));
      setCuesFailed(false);
    };
    const failed = () => setCuesFailed(true);
    read();
    element.addEventListener('load', read);
    element.addEventListener('error', failed);
    return () => {
      element.removeEventListener('load', read);
      element.removeEventListener('error', failed);
    };
  }, [tracks, shown, transcriptLang, transcriptVisible]);

  const video = () => videoRef.current as HTMLVideoElement;
  const togglePlay = () => {
    const v = video();
    if (v.paused || v.ended) void v.play()?.catch(() => {});
    else v.pause();
  };
  const seekTo = (seconds: number) => {
    const v = video();
    const end = Number.isFinite(v.duration) && v.duration > 0 ? v.duration : duration || Number.POSITIVE_INFINITY;
    v.currentTime = Math.min(Math.max(0, seconds), end);
    setTime(v.currentTime);
  };
  const changeVolume = (next: number) => {
    const v = video();
    v.volume = Math.min(1, Math.max(0, Math.round(next * 100) / 100));
    v.muted = v.volume === 0;
  };
  const toggleMute = () => {
    const v = video();
    v.muted = !v.muted;
  };
  const toggleFullscreen = () => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => {});
    else if (wrapper.requestFullscreen) void wrapper.requestFullscreen().catch(() => {});
    else (video() as HTMLVideoElement & { webkitEnterFullscreen?: () => void }).webkitEnterFullscreen?.();
  };
  const chooseCaptions = (choice: string) => {
    setCaptions(choice);
    rememberCaptions(choice);
  };
  const toggleCaptions = () => {
    if (langs.length === 0) return;
    if (shown !== CAPTIONS_OFF) chooseCaptions(CAPTIONS_OFF);
    else chooseCaptions(transcriptLang ?? langs[0] ?? CAPTIONS_OFF);
  };
  const chooseLevel = (index: number) => {
    setChosenLevel(index);
    streamRef.current?.setLevel(index);
  };
  const chooseRate = (next: number) => {
    setRate(next);
    video().playbackRate = next;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (status.kind !== 'ready' || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target instanceof HTMLSelectElement || target.closest('.cp-hv-transcript')) return;
    const onRange = isTyping(target);
    const v = video();
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const act = (action: () => void) => {
      event.preventDefault();
      action();
    };
    switch (key) {
      case ' ':
        if (target instanceof HTMLButtonElement || onRange) return;
        return act(togglePlay);
      case 'k':
        return act(togglePlay);
      case 'ArrowLeft':
        if (onRange) return;
        return act(() => seekTo(v.currentTime - 5));
      case 'ArrowRight':
        if (onRange) return;
        return act(() => seekTo(v.currentTime + 5));
      case 'j':
        return act(() => seekTo(v.currentTime - 10));
      case 'l':
        return act(() => seekTo(v.currentTime + 10));
      case 'ArrowUp':
        if (onRange) return;
        return act(() => changeVolume(v.volume + 0.1));
      case 'ArrowDown':
        if (onRange) return;
        return act(() => changeVolume(v.volume - 0.1));
      case 'm':
        return act(toggleMute);
      case 'f':
        return act(toggleFullscreen);
      case 'c':
        return act(toggleCaptions);
    }
  };

  const total = duration || 0;
  const autoLabel = levels.find((level) => level.index === playingLevel)?.label;
  const current = currentCueIndex(cues, time);
  const classes = ['cp-hv', className ?? ''].filter(Boolean);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keyboard shortcuts of the focused player (its controls are buttons, sliders and menus).
    <div ref={wrapperRef} className={classes.join(' ')} onKeyDown={onKeyDown} data-fullscreen={fullscreen || undefined}>
      <div className={transcriptVisible ? 'cp-hv-layout cp-hv-with-transcript' : 'cp-hv-layout'}>
        <div className="cp-hv-stage">
          {/* biome-ignore lint/a11y/useMediaCaption: captions are <track>s of the playback answer (none when the educator added none). */}
          <video
            ref={videoRef}
            className="cp-hv-video"
            poster={posterUrl ?? undefined}
            playsInline
            preload="metadata"
            crossOrigin="anonymous"
            tabIndex={0}
            aria-label={title}
            aria-describedby={shortcutsId}
            onClick={togglePlay}
            onPlay={() => {
              setPaused(false);
              latest.current.onPlay?.();
            }}
            onPause={() => {
              setPaused(true);
              latest.current.onPause?.();
            }}
            onEnded={() => {
              setPaused(true);
              latest.current.onEnded?.();
            }}
            onWaiting={() => setBuffering(true)}
            onLoadedData={() => setBuffering(false)}
            onPlaying={() => setBuffering(false)}
            onCanPlay={() => setBuffering(false)}
            onTimeUpdate={(event) => {
              const v = event.currentTarget;
              setTime(v.currentTime);
              const length = Number.isFinite(v.duration) && v.duration > 0 ? v.duration : total;
              latest.current.onTime?.(v.currentTime, length);
            }}
            onDurationChange={(event) => {
              const length = event.currentTarget.duration;
              if (Number.isFinite(length) && length > 0) setDuration(length);
            }}
            onVolumeChange={(event) => {
              setVolume(event.currentTarget.volume);
              setMuted(event.currentTarget.muted);
            }}
          >
            {tracks.map((track) => (
              <track
                key={track.lang}
                ref={(element) => {
                  if (element) trackEls.current.set(track.lang, element);
                  else trackEls.current.delete(track.lang);
                }}
                kind="captions"
                srcLang={track.lang}
                label={track.label}
                src={track.src}
              />
            ))}
          </video>
          {status.kind === 'loading' || (status.kind === 'ready' && buffering && !paused) ? (
            <div className="cp-hv-overlay" role="status">
              <Spinner size="large" />
              <span className="cp-visually-hidden">Loading video…</span>
            </div>
          ) : null}
          {status.kind === 'error' && (
            <div className="cp-hv-overlay cp-hv-error" role="alert">
              <p>{status.message}</p>
              <Button type="primary" onClick={() => setAttempt((n) => n + 1)}>
                Retry
              </Button>
            </div>
          )}
          {status.kind !== 'ready' && <div className="cp-hv-controls" aria-hidden="true" />}
          {status.kind === 'ready' && (
            <fieldset className="cp-hv-controls" aria-label={`Video controls: ${title}`}>
              <button
                type="button"
                className="cp-hv-button"
                onClick={togglePlay}
                aria-label={paused ? 'Play' : 'Pause'}
              >
                {paused ? PLAY_ICON : PAUSE_ICON}
              </button>
              <input
                type="range"
                className="cp-hv-seek"
                aria-label="Seek"
                min={0}
                max={Math.max(1, Math.floor(total))}
                step={1}
                value={Math.min(Math.floor(time), Math.max(1, Math.floor(total)))}
                aria-valuetext={`${formatVideoTime(time)} of ${formatVideoTime(total)}`}
                onChange={(event) => seekTo(Number(event.currentTarget.value))}
              />
              <span className="cp-hv-time">{`${formatVideoTime(time)} / ${formatVideoTime(total)}`}</span>
              <button
                type="button"
                className="cp-hv-button"
                onClick={toggleMute}
                aria-label={muted ? 'Unmute' : 'Mute'}
              >
                {muted ? MUTED_ICON : VOLUME_ICON}
              </button>
              <input
                type="range"
                className="cp-hv-volume"
                aria-label="Volume"
                min={0}
                max={100}
                step={5}
                value={muted ? 0 : Math.round(volume * 100)}
                onChange={(event) => changeVolume(Number(event.currentTarget.value) / 100)}
              />
              {tracks.length > 0 && (
                <span className="cp-hv-menu">
                  <span aria-hidden="true">CC</span>
                  <select
                    aria-label="Captions"
                    value={shown}
                    onChange={(event) => chooseCaptions(event.currentTarget.value)}
                  >
                    <option value={CAPTIONS_OFF}>Off</option>
                    {tracks.map((track) => (
                      <option key={track.lang} value={track.lang}>
                        {track.label}
                      </option>
                    ))}
                  </select>
                </span>
              )}
              <span className="cp-hv-menu">
                <select
                  aria-label="Speed"
                  value={String(rate)}
                  onChange={(event) => chooseRate(Number(event.currentTarget.value))}
                >
                  {PLAYBACK_RATES.map((value) => (
                    <option key={value} value={String(value)}>
                      {rateLabel(value)}
                    </option>
                  ))}
                </select>
              </span>
              {levels.length > 1 && (
                <span className="cp-hv-menu">
                  <select
                    aria-label="Quality"
                    value={String(chosenLevel)}
                    onChange={(event) => chooseLevel(Number(event.currentTarget.value))}
                  >
                    <option value="-1">{autoLabel ? `Auto (${autoLabel})` : 'Auto'}</option>
                    {levels.map((level) => (
                      <option key={level.index} value={String(level.index)}>
                        {level.label}
                      </option>
                    ))}
                  </select>
                </span>
              )}
              {transcriptTrack && (
                <button
                  type="button"
                  className="cp-hv-button cp-hv-text-button"
                  aria-pressed={showTranscript}
                  onClick={() => setShowTranscript((open) => !open)}
                >
                  Transcript
                </button>
              )}
              <button
                type="button"
                className="cp-hv-button"
                onClick={toggleFullscreen}
                aria-label={fullscreen ? 'Exit full screen' : 'Full screen'}
              >
                {fullscreen ? EXIT_FULLSCREEN_ICON : FULLSCREEN_ICON}
              </button>
            </fieldset>
          )}
        </div>
        {transcriptVisible && transcriptTrack && status.kind === 'ready' && (
          <Transcript label={transcriptTrack.label} cues={cues} failed={cuesFailed} current={current} onSeek={seekTo} />
        )}
      </div>
      <p id={shortcutsId} className="cp-visually-hidden">
        Keyboard: space or K plays and pauses, left and right arrows seek 5 seconds, J and L 10 seconds, up and down
        arrows change the volume, M mutes, F is full screen, C turns captions on or off.
      </p>
    </div>
  );
}

const icon = (path: string) => (
  <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    <path d={path} fill="currentColor" />
  </svg>
);
const PLAY_ICON = icon('M8 5v14l11-7z');
const PAUSE_ICON = icon('M6 5h4v14H6zM14 5h4v14h-4z');
const VOLUME_ICON = icon('M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0014 8v8a4.5 4.5 0 002.5-4z');
const MUTED_ICON = icon(
  'M3 9v6h4l5 5V4L7 9H3zm13.6 3l2.7-2.7-1.4-1.4-2.7 2.7-2.7-2.7-1.4 1.4 2.7 2.7-2.7 2.7 1.4 1.4 2.7-2.7 2.7 2.7 1.4-1.4z',
);
const FULLSCREEN_ICON = icon('M5 5h5v2H7v3H5zm9 0h5v5h-2V7h-3zM5 14h2v3h3v2H5zm12 0h2v5h-5v-2h3z');
const EXIT_FULLSCREEN_ICON = icon('M8 5h2v5H5V8h3zm6 0h2v3h3v2h-5zM5 14h5v5H8v-3H5zm9 0h5v2h-3v3h-2z');
