import { Button, errorText, useToast } from '@courseport/shared-ui';
import { type DragEvent, useId, useState } from 'react';
import { UploadIcon } from '../../../components/icons';
import { ProgressBar } from '../../../components/ProgressBar';
import { sizeLabel } from '../../../lib/sizes';
import {
  cancelUpload,
  canResume,
  dismissUpload,
  fileProblem,
  pauseUpload,
  resumeUpload,
  type UploadItem,
  useUploads,
  VIDEO_MAX_MB,
} from '../upload/uploads';

export const DROP_TEXT = 'Drag a video here, or';
export const CHOOSE_TEXT = 'Choose a video';

/**
 * Where videos are uploaded: a file picker (any `video/*`) that is also a drop zone, the limit,
 * and each upload of this tab with its progress and Pause / Resume / Cancel. A file refused in the
 * browser (not a video, empty, too large) is said under the picker; the server's refusal on the
 * upload's own line.
 */
export function UploadPanel({ onFile }: { onFile: (file: File) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const items = useUploads((state) => state.items);

  const take = (files: FileList | null) => {
    const chosen = Array.from(files ?? []);
    if (chosen.length === 0) return;
    const refused = chosen.map((file) => fileProblem(file)).find(Boolean) ?? null;
    setProblem(refused);
    for (const file of chosen) if (!fileProblem(file)) onFile(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <section className="ed-panel ed-vid-upload" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ed-vid-upload-title">
        Upload a video
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is a pointer shortcut; the file picker inside does the same by keyboard. */}
      <div
        className={dragging ? 'ed-vid-drop is-dragging' : 'ed-vid-drop'}
        data-testid="video-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <UploadIcon />
        <span>{DROP_TEXT}</span>
        <label className="ed-vid-choose">
          <input
            id={`${id}-file`}
            className="cp-visually-hidden"
            type="file"
            accept="video/*"
            multiple
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
            onChange={(event) => {
              take(event.target.files);
              // The same file may be chosen again (to resume it after a reload).
              event.target.value = '';
            }}
          />
          {CHOOSE_TEXT}
        </label>
        <p id={`${id}-hint`} className="ed-hint">
          {`Any video file up to ${VIDEO_MAX_MB / 1024} GB. An upload stopped by a reload or a lost connection goes on when you choose the same file again.`}
        </p>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="ed-field-error" role="alert">
          {problem}
        </p>
      )}
      {items.length > 0 && (
        <ul className="ed-vid-uploads" aria-label="Uploads in progress">
          {items.map((item) => (
            <UploadLine key={item.key} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

const PHASE_TEXT: Record<UploadItem['phase'], (item: UploadItem) => string> = {
  starting: () => 'Starting…',
  uploading: (item) => `Uploading ${item.percent}%`,
  paused: (item) => `Paused at ${item.percent}%`,
  failed: (item) => `Stopped at ${item.percent}%`,
};

function UploadLine({ item }: { item: UploadItem }) {
  const toast = useToast();
  const id = useId();
  const resumable = item.phase === 'paused' || (item.phase === 'failed' && canResume(item.key));
  const cancel = async () => {
    try {
      await cancelUpload(item.key);
    } catch (error) {
      toast.error(errorText(error, 'Failed to cancel the upload'));
    }
  };
  return (
    <li className="ed-vid-line" aria-labelledby={`${id}-name`}>
      <div className="ed-vid-line-head">
        <span id={`${id}-name`} className="ed-vid-line-name">
          {item.fileName}
        </span>
        <span className="ed-vid-line-size">{sizeLabel(item.size)}</span>
      </div>
      <ProgressBar
        percent={item.percent}
        status={item.phase === 'failed' ? 'exception' : item.phase === 'paused' ? 'normal' : 'active'}
        label={`Upload of ${item.fileName}`}
      />
      <p className="ed-vid-line-status" aria-live="polite">
        {PHASE_TEXT[item.phase](item)}
        {item.resumed && item.phase !== 'failed' ? ' (continued from before)' : ''}
      </p>
      {item.error && (
        <p className="ed-field-error" role="alert">
          {item.error}
        </p>
      )}
      <div className="ed-vid-line-actions">
        {(item.phase === 'uploading' || item.phase === 'starting') && (
          <Button
            disabled={item.phase === 'starting'}
            aria-label={`Pause: ${item.fileName}`}
            onClick={() => void pauseUpload(item.key)}
          >
            Pause
          </Button>
        )}
        {resumable && (
          <Button
            type="primary"
            aria-label={`${item.phase === 'failed' ? 'Try again' : 'Resume'}: ${item.fileName}`}
            onClick={() => resumeUpload(item.key)}
          >
            {item.phase === 'failed' ? 'Try again' : 'Resume'}
          </Button>
        )}
        {item.phase === 'failed' && !resumable ? (
          <Button aria-label={`Dismiss: ${item.fileName}`} onClick={() => dismissUpload(item.key)}>
            Dismiss
          </Button>
        ) : (
          <Button danger aria-label={`Cancel: ${item.fileName}`} onClick={() => void cancel()}>
            Cancel
          </Button>
        )}
      </div>
    </li>
  );
}
