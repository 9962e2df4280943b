import { useState } from 'react';

/**
 * A lightweight YouTube player: a poster button first, the (privacy-enhanced) iframe only once it
 * is clicked, so a page with a preview does not load YouTube's player until someone wants it.
 */
export function YouTubeEmbed({ videoId, title, poster }: { videoId: string; title: string; poster?: string }) {
  const [playing, setPlaying] = useState(false);

  if (playing) {
    return (
      <div className="sf-video">
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          data-video-id={videoId}
        />
      </div>
    );
  }

  return (
    <button type="button" className="sf-video sf-video-poster" aria-label="Play video" onClick={() => setPlaying(true)}>
      {poster && <img src={poster} alt={title} />}
      <span className="sf-video-play">
        <svg width="68" height="48" viewBox="0 0 68 48" aria-hidden="true" focusable="false">
          <path
            d="M66.5 7.7c-.8-2.9-3-5.2-5.9-6C55.3.3 34 .3 34 .3s-21.3 0-26.6 1.4c-2.9.8-5.1 3.1-5.9 6C.1 13 .1 24 .1 24s0 11 1.4 16.3c.8 2.9 3 5.2 5.9 6C12.7 47.7 34 47.7 34 47.7s21.3 0 26.6-1.4c2.9-.8 5.1-3.1 5.9-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z"
            fill="#dc2626"
          />
          <path d="M45 24L27 14v20z" fill="#fff" />
        </svg>
      </span>
    </button>
  );
}
