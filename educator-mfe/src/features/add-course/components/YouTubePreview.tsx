import { youtubeThumbnailUrl, youtubeVideoId } from '@courseport/contracts/course-schema';
import { useEffect, useState } from 'react';

/**
 * What a lecture's YouTube link points at: the video's public still (i.ytimg.com), shown once it has
 * loaded. Only a preview: when YouTube cannot be reached (offline, a private video) it says so,
 * and the link is accepted all the same.
 */
export function YouTubePreview({ link }: { link: string }) {
  const videoId = youtubeVideoId(link);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new video starts a new preview.
  useEffect(() => setState('loading'), [videoId]);
  if (!videoId) return null;
  return (
    <div className="ed-video-preview" aria-live="polite">
      <img
        key={videoId}
        src={youtubeThumbnailUrl(videoId)}
        alt={state === 'loaded' ? `Preview of YouTube video ${videoId}` : ''}
        width={160}
        height={90}
        hidden={state !== 'loaded'}
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
      />
      <span className="ed-video-preview-text">
        {state === 'failed'
          ? `YouTube video ${videoId} (no preview available; the link is still accepted)`
          : `YouTube video ${videoId}`}
      </span>
    </div>
  );
}
