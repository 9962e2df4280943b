import { YouTubeEmbed } from '@courseport/shared-ui';
import { useContext, useEffect, useRef } from 'react';
import { useLatest } from '../../../hooks/useLatest';
import { VideoAdapterContext } from '../api/youtube';

/** How often the position is saved while the video plays. */
export const SAVE_EVERY_MS = 10_000;

export interface LectureVideoProps {
  videoId: string;
  title: string;
  /** Where to start: the saved second of this lecture, else 0. */
  startSeconds: number;
  /** The position to keep; `leaving` when the page is being hidden or left (the save must outlive it). */
  onPosition: (seconds: number, leaving: boolean) => void;
  /** The video played to its end. */
  onEnded: () => void;
}

/**
 * A lecture's video, driven through the player adapter: it starts at `startSeconds`, tells its
 * position every 10 s while playing, on pause, when the page is hidden or left, and when it is
 * closed (another lecture, another page), and tells when the video ends.
 */
export function LectureVideo({ videoId, title, startSeconds, onPosition, onEnded }: LectureVideoProps) {
  const adapter = useContext(VideoAdapterContext);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const handlers = useLatest({ onPosition, onEnded });

  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    let controls: { currentTime(): number } | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    /** After the end, the page decides what comes next: closing the video keeps nothing of it. */
    let ended = false;
    const now = () => (controls ? controls.currentTime() : startSeconds);
    const keep = (leaving: boolean) => {
      if (!ended) handlers.current.onPosition(now(), leaving);
    };
    const stopSaving = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onHidden = () => {
      if (document.visibilityState === 'hidden') keep(true);
    };
    const onPageHide = () => keep(true);

    const disconnect = adapter(frame, {
      onReady(ready) {
        controls = ready;
        if (startSeconds > 0) ready.seekTo(startSeconds);
      },
      onPlay() {
        ended = false;
        timer ??= setInterval(() => keep(false), SAVE_EVERY_MS);
      },
      onPause() {
        stopSaving();
        keep(false);
      },
      onEnded() {
        stopSaving();
        ended = true;
        handlers.current.onEnded();
      },
    });
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      disconnect();
      stopSaving();
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onPageHide);
      keep(false);
    };
  }, [adapter, startSeconds, handlers]);

  return <YouTubeEmbed videoId={videoId} title={title} startSeconds={startSeconds} frameRef={frameRef} autoPlay />;
}
