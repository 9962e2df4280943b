import { YouTubeEmbed } from '@courseport/shared-ui';
// The hosted player (#33) comes with the page (5 KB, its CSS with the page's: a player opened at a
// hosted lesson is server-rendered in its final layout, #34); hls.js, 112 KB, loads only when a hosted
// lesson plays or is about to (hostedPreload.ts).
import { HostedVideo } from '@courseport/shared-ui/hosted-video';
import { useCallback, useContext, useEffect, useRef, useSyncExternalStore } from 'react';
import { useLatest } from '../../../hooks/useLatest';
import { loadLessonPlayback } from '../api/player';
import { VideoAdapterContext, type VideoControls, type VideoEvents } from '../api/youtube';

/** How often the position is saved while the video plays. */
export const SAVE_EVERY_MS = 10_000;

/** A lesson's video the platform hosts (#33), played through signed URLs the lesson's access gives. */
export interface HostedLesson {
  videoId: string;
  courseId: string;
  lectureId: string;
  posterUrl?: string;
}

export interface LectureVideoProps {
  /** The YouTube id ('' for a hosted video). */
  videoId: string;
  /** A hosted video instead of YouTube. */
  hosted?: HostedLesson;
  title: string;
  /** Where to start: the saved second of this lecture, else 0. */
  startSeconds: number;
  /** The position to keep; `leaving` when the page is being hidden or left (the save must outlive it). */
  onPosition: (seconds: number, leaving: boolean) => void;
  /** The video played to its end. */
  onEnded: () => void;
  /** The ready video's controls (for the lesson's notes: its time, seeking), null once it is closed. */
  onControls?: (controls: VideoControls | null) => void;
}

/** Connects a player to the reports: gives it the events to tell, returns how to stop. */
type Connect = (events: VideoEvents) => () => void;

/**
 * What a lecture's video tells the page, whichever player plays it: its position every 10 s while
 * playing, on pause, when the page is hidden or left, and when it is closed (another lecture,
 * another page), and its end.
 */
function usePositionReports(
  connect: Connect,
  startSeconds: number,
  onPosition: LectureVideoProps['onPosition'],
  onEnded: LectureVideoProps['onEnded'],
  onControls?: LectureVideoProps['onControls'],
) {
  const handlers = useLatest({ onPosition, onEnded, onControls });

  useEffect(() => {
    let controls: VideoControls | null = null;
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

    const disconnect = connect({
      onReady(ready) {
        controls = ready;
        handlers.current.onControls?.(ready);
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
      if (controls) handlers.current.onControls?.(null);
    };
  }, [connect, startSeconds, handlers]);
}

/**
 * A lecture's video: YouTube's (driven through the player adapter), or a hosted one (#33). Either
 * starts at `startSeconds`, reports its position as `usePositionReports` says, and tells when it ends.
 */
export function LectureVideo(props: LectureVideoProps) {
  return props.hosted ? <HostedLectureVideo {...props} hosted={props.hosted} /> : <YouTubeLectureVideo {...props} />;
}

const noSubscription = () => () => {};

/**
 * YouTube's embed is made for the browser it plays in (its address carries the page's origin, for
 * the IFrame API): the server's render, and the browser's take-over of it, draw the player's black
 * 16:9 box, and the embed replaces it right after (same box: no layout shift). So a player opened
 * at a YouTube lesson (a saved position, My Enrollments' "Continue") is server-rendered too (#34).
 */
function YouTubeLectureVideo(props: LectureVideoProps) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return inBrowser ? <YouTubePlayingVideo {...props} /> : <div className="ln-video-pending" />;
}

function YouTubePlayingVideo({ videoId, title, startSeconds, onPosition, onEnded, onControls }: LectureVideoProps) {
  const adapter = useContext(VideoAdapterContext);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const connect = useCallback<Connect>(
    (events) => {
      const frame = frameRef.current;
      if (!frame) return () => {};
      return adapter(frame, {
        ...events,
        onReady(ready) {
          events.onReady(ready);
          if (startSeconds > 0) ready.seekTo(startSeconds);
        },
      });
    },
    [adapter, startSeconds],
  );
  usePositionReports(connect, startSeconds, onPosition, onEnded, onControls);

  return <YouTubeEmbed videoId={videoId} title={title} startSeconds={startSeconds} frameRef={frameRef} autoPlay />;
}

function HostedLectureVideo({
  hosted,
  title,
  startSeconds,
  onPosition,
  onEnded,
  onControls,
}: LectureVideoProps & { hosted: HostedLesson }) {
  const events = useRef<VideoEvents | null>(null);
  const connect = useCallback<Connect>((given) => {
    events.current = given;
    return () => {
      events.current = null;
    };
  }, []);
  usePositionReports(connect, startSeconds, onPosition, onEnded, onControls);
  const { videoId, courseId, lectureId, posterUrl } = hosted;
  const loadPlayback = useCallback(
    () => loadLessonPlayback({ videoId, courseId, lectureId }),
    [videoId, courseId, lectureId],
  );

  return (
    <HostedVideo
      loadPlayback={loadPlayback}
      title={title}
      startAt={startSeconds}
      poster={posterUrl}
      autoPlay
      onReady={(controls) => events.current?.onReady(controls)}
      onPlay={() => events.current?.onPlay()}
      onPause={() => events.current?.onPause()}
      onEnded={() => events.current?.onEnded()}
    />
  );
}
