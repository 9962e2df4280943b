import { Button, errorText, Link, useQuery } from '@courseport/shared-ui';
import { readyVideosQuery, videoLength, videoMinutes } from '../../../api/videos';
import { PATHS } from '../../../lib/paths';
import type { LectureFields, VideoSource } from '../hooks/chapters';
import { FieldError } from './FieldError';

export const VIDEO_SOURCE_LABELS: Record<VideoSource, string> = {
  youtube: 'YouTube link',
  hosted: 'Hosted video',
};
export const NO_READY_VIDEOS = 'You have no ready videos yet.';
export const READY_VIDEOS_FAILED = 'Failed to fetch your videos';

/** A video lesson's source: native radios in a fieldset (arrow keys move between them). */
export function VideoSourcePicker({
  name,
  value,
  onChange,
}: {
  name: string;
  value: VideoSource;
  onChange: (source: VideoSource) => void;
}) {
  return (
    <fieldset className="ed-video-source">
      <legend className="ed-field-label">Video source</legend>
      <div className="ed-video-source-options">
        {(Object.keys(VIDEO_SOURCE_LABELS) as VideoSource[]).map((source) => (
          <label key={source} className="ed-radio">
            <input
              type="radio"
              name={name}
              value={source}
              checked={source === value}
              onChange={() => onChange(source)}
            />
            {VIDEO_SOURCE_LABELS[source]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * "Hosted video": a choice of the educator's ready videos (name and length). Choosing one sets the
 * lesson's minutes from the video (the server sets them the same way). A link opens the Videos
 * page in a new tab, so the course being written stays as it is.
 */
export function HostedVideoSelect({
  id,
  value,
  problem,
  onChange,
}: {
  id: string;
  value: string;
  problem?: string | undefined;
  onChange: (changes: Pick<LectureFields, 'hostedVideoId'> & Partial<LectureFields>) => void;
}) {
  const query = useQuery(readyVideosQuery());
  const videos = query.data ?? [];
  const known = videos.some((video) => video.videoId === value);
  const errorId = `${id}-error`;
  return (
    <div className="ed-field">
      <label htmlFor={id} className="ed-field-label">
        Your video
      </label>
      {query.isPending ? (
        <p className="ed-hint" role="status">
          Loading your videos...
        </p>
      ) : query.isError && videos.length === 0 ? (
        <div className="ed-hint" role="alert">
          {errorText(query.error, READY_VIDEOS_FAILED, { network: 'fallback' })}{' '}
          <Button size="small" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <select
          id={id}
          className="cp-select"
          value={value}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(event) => {
            const video = videos.find((v) => v.videoId === event.target.value);
            onChange(
              video
                ? { hostedVideoId: video.videoId, lectureDuration: String(videoMinutes(video)) }
                : { hostedVideoId: event.target.value },
            );
          }}
        >
          <option value="">{videos.length === 0 ? NO_READY_VIDEOS : 'Choose a video'}</option>
          {value && !known && <option value={value}>The lesson’s current video</option>}
          {videos.map((video) => (
            <option key={video.videoId} value={video.videoId}>
              {videoLength(video) ? `${video.fileName} (${videoLength(video)})` : video.fileName}
            </option>
          ))}
        </select>
      )}
      <FieldError id={errorId} message={problem} />
      <p className="ed-hint">
        <Link to={PATHS.videos} target="_blank" rel="noopener">
          Upload or manage your videos
          <span className="cp-visually-hidden"> (opens in a new tab)</span>
        </Link>
      </p>
    </div>
  );
}
