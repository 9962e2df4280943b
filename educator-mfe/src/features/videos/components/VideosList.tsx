import { Button, type EducatorVideo, loadAntd, Pager, type TagTone, type VideoStatus } from '@courseport/shared-ui';
import { renditionsText, videoLength } from '../../../api/videos';

import { ProgressBar } from '../../../components/ProgressBar';
import { sizeLabel } from '../../../lib/sizes';
import { tagClass } from '../../../lib/tags';
import type { UploadItem } from '../upload/uploads';

export const STATUS_LABELS: Record<VideoStatus, string> = {
  uploading: 'Uploading',
  queued: 'Queued',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

const STATUS_TONES: Record<VideoStatus, TagTone> = {
  uploading: 'blue',
  queued: 'purple',
  processing: 'blue',
  ready: 'green',
  failed: 'red',
};

export const STOPPED_UPLOAD_HINT = 'The upload stopped. Choose the same file again above to go on from here.';
export const QUEUED_HINT = 'Waiting for its turn to be processed.';

// The captions dialog and the delete confirmation are antd's, not in the page's first load (#34):
// each loads as its button is pointed at or focused, so it shows at once when pressed.
const preloadConfirm = () => void loadAntd.modal().catch(() => undefined);
const preloadCaptions = () => void import('./CaptionsDialog').catch(() => undefined);

const uploadedAt = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
};

interface VideosListProps {
  videos: EducatorVideo[];
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** This tab's uploads, by video id: their progress is newer than the server's. */
  uploads: ReadonlyMap<string, UploadItem>;
  /** The video being deleted, if any. */
  deletingId: string | null;
  onCaptions: (video: EducatorVideo) => void;
  onDelete: (video: EducatorVideo) => void;
}

/** The educator's videos, one card each (they stack on phones): state, poster, length, qualities, captions. */
export function VideosList({
  videos,
  total,
  page,
  pageSize,
  onPageChange,
  uploads,
  deletingId,
  onCaptions,
  onDelete,
}: VideosListProps) {
  return (
    <div className="ed-vid-list-wrap">
      <ul className="ed-vid-list" aria-label="Your videos">
        {videos.map((video) => (
          <VideoCard
            key={video.videoId}
            video={video}
            upload={uploads.get(video.videoId) ?? null}
            deleting={deletingId === video.videoId}
            onCaptions={() => onCaptions(video)}
            onDelete={() => onDelete(video)}
          />
        ))}
      </ul>
      <Pager
        label="Video pages"
        className="ed-vid-pages"
        page={page}
        pageSize={pageSize}
        total={total}
        onChange={onPageChange}
      />
    </div>
  );
}

/** "Uploading 42%", "Processing 10%", "Ready"...: the state in words, with its percent while under way. */
export function statusText(video: EducatorVideo, upload: UploadItem | null): string {
  if (video.status === 'uploading') return `Uploading ${upload ? upload.percent : video.progress}%`;
  if (video.status === 'processing') return `Processing ${video.progress}%`;
  return STATUS_LABELS[video.status];
}

function VideoCard({
  video,
  upload,
  deleting,
  onCaptions,
  onDelete,
}: {
  video: EducatorVideo;
  upload: UploadItem | null;
  deleting: boolean;
  onCaptions: () => void;
  onDelete: () => void;
}) {
  const headingId = `ed-video-${video.videoId}`;
  const text = statusText(video, upload);
  const percent = video.status === 'uploading' ? (upload?.percent ?? video.progress) : video.progress;
  const captions = video.captions.length;
  return (
    <li className="ed-panel ed-vid-card" aria-labelledby={headingId}>
      <div className={video.status === 'ready' && video.posterUrl ? 'ed-vid-poster' : 'ed-vid-poster is-empty'}>
        {video.status === 'ready' && video.posterUrl ? (
          <img src={video.posterUrl} alt="" loading="lazy" width={160} height={90} />
        ) : (
          <span className="ed-vid-poster-none" aria-hidden="true" />
        )}
      </div>
      <div className="ed-vid-body">
        <div className="ed-vid-head">
          <h2 id={headingId} className="ed-vid-name">
            {video.fileName || 'Untitled video'}
          </h2>
          <span className={tagClass(STATUS_TONES[video.status])}>{text}</span>
        </div>
        {(video.status === 'uploading' || video.status === 'processing') && (
          <ProgressBar
            percent={percent}
            size="small"
            status="active"
            label={`${STATUS_LABELS[video.status]}: ${video.fileName}`}
          />
        )}
        {video.status === 'uploading' && !upload && <p className="ed-hint">{STOPPED_UPLOAD_HINT}</p>}
        {video.status === 'queued' && <p className="ed-hint">{QUEUED_HINT}</p>}
        {video.status === 'failed' && (
          <p className="ed-field-error">{video.failureReason || 'The video could not be processed.'}</p>
        )}
        <dl className="ed-vid-facts">
          {video.status === 'ready' && (
            <>
              <div>
                <dt>Length</dt>
                <dd>{videoLength(video) || '—'}</dd>
              </div>
              <div>
                <dt>Quality</dt>
                <dd>{renditionsText(video.renditions) || '—'}</dd>
              </div>
            </>
          )}
          <div>
            <dt>Size</dt>
            <dd>{sizeLabel(video.size)}</dd>
          </div>
          <div>
            <dt>Uploaded</dt>
            <dd>
              <time dateTime={video.createdAt}>{uploadedAt(video.createdAt)}</time>
            </dd>
          </div>
          <div>
            <dt>Captions</dt>
            <dd>{captions === 0 ? 'None' : video.captions.map((c) => c.label).join(', ')}</dd>
          </div>
        </dl>
        <div className="ed-vid-actions">
          {video.status !== 'uploading' && video.status !== 'failed' && (
            <Button
              aria-label={`Captions: ${video.fileName}`}
              onClick={onCaptions}
              onPointerEnter={preloadCaptions}
              onFocus={preloadCaptions}
            >
              Captions
            </Button>
          )}
          {/* An upload of this tab is cancelled on its own line above (that also deletes it). */}
          {!upload && (
            <Button
              danger
              loading={deleting}
              disabled={deleting}
              aria-label={`Delete: ${video.fileName}`}
              onClick={onDelete}
              onPointerEnter={preloadConfirm}
              onFocus={preloadConfirm}
            >
              Delete
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
