import { type CSSProperties, type Ref, useState } from 'react';

// Inline styles, so the player looks the same in every portal without a stylesheet of its own.
const FRAME: CSSProperties = {
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '16 / 9',
  overflow: 'hidden',
  border: 0,
  padding: 0,
  background: 'var(--cp-color-video-bg)',
};
const FILL: CSSProperties = { display: 'block', width: '100%', height: '100%', border: 0 };
const POSTER_IMAGE: CSSProperties = { ...FILL, objectFit: 'cover', opacity: 0.75 };
const PLAY_BADGE: CSSProperties = { position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' };

const withClass = (base: string, extra?: string) => (extra ? `${base} ${extra}` : base);

export interface YouTubeEmbedProps {
  videoId: string;
  title: string;
  /** Image shown behind the play button until the video is started. */
  poster?: string;
  /** Show the player at once (the user already asked for the video, e.g. with a Watch button). */
  autoPlay?: boolean;
  /** Start this many seconds into the video. */
  startSeconds?: number;
  /**
   * The iframe, for a script that drives the player (the YouTube IFrame API): the embed then allows
   * it (`enablejsapi=1`, with the page's origin).
   */
  frameRef?: Ref<HTMLIFrameElement>;
  className?: string;
}

/** The privacy-enhanced embed's address, with the player's parameters. */
function embedUrl(videoId: string, startSeconds: number, scripted: boolean): string {
  const params = new URLSearchParams({ autoplay: '1' });
  const start = Math.floor(startSeconds);
  if (start > 0) params.set('start', String(start));
  if (scripted) {
    params.set('enablejsapi', '1');
    params.set('origin', window.location.origin);
  }
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?${params}`;
}

/**
 * A lightweight YouTube player: a poster button first, the (privacy-enhanced) iframe only once it
 * is clicked, so a page with a preview does not load YouTube's player until someone wants it.
 * With `autoPlay` the iframe is shown (and starts) right away.
 */
export function YouTubeEmbed({
  videoId,
  title,
  poster,
  autoPlay = false,
  startSeconds = 0,
  frameRef,
  className,
}: YouTubeEmbedProps) {
  const [playing, setPlaying] = useState(autoPlay);

  if (playing) {
    return (
      <div className={withClass('cp-video', className)} style={FRAME}>
        <iframe
          ref={frameRef}
          src={embedUrl(videoId, startSeconds, frameRef !== undefined)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          data-video-id={videoId}
          style={FILL}
        />
      </div>
    );
  }

  return (
    <button
      type="button"
      className={withClass('cp-video cp-video-poster', className)}
      style={{ ...FRAME, cursor: 'pointer' }}
      aria-label="Play video"
      onClick={() => setPlaying(true)}
    >
      {poster && <img src={poster} alt={title} style={POSTER_IMAGE} />}
      <span className="cp-video-play" style={PLAY_BADGE}>
        <svg
          width="68"
          height="48"
          viewBox="0 0 68 48"
          aria-hidden="true"
          focusable="false"
          style={{ filter: 'drop-shadow(0 6px 16px rgb(0 0 0 / 35%))' }}
        >
          <path
            d="M66.5 7.7c-.8-2.9-3-5.2-5.9-6C55.3.3 34 .3 34 .3s-21.3 0-26.6 1.4c-2.9.8-5.1 3.1-5.9 6C.1 13 .1 24 .1 24s0 11 1.4 16.3c.8 2.9 3 5.2 5.9 6C12.7 47.7 34 47.7 34 47.7s21.3 0 26.6-1.4c2.9-.8 5.1-3.1 5.9-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z"
            style={{ fill: 'var(--cp-color-video-play)' }}
          />
          <path d="M45 24L27 14v20z" style={{ fill: 'var(--cp-color-text-inverse)' }} />
        </svg>
      </span>
    </button>
  );
}
