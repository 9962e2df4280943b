import { THUMBNAIL_TYPES, thumbnailProblem } from '@courseport/contracts/course-schema';
import { useEffect, useRef, useState } from 'react';
import { UploadIcon } from '../../../components/icons';
import { useObjectUrl } from '../hooks/useObjectUrl';
import { FieldError } from './FieldError';

/**
 * Picks the course thumbnail and previews it. A file that is not a JPEG, PNG, WebP, GIF or AVIF
 * image, or is larger than 5 MB, is refused on selection with the server's message (the previous
 * choice stays). `current`: the saved thumbnail's URL, shown until another is chosen.
 */
export function ThumbnailPicker({
  id,
  file,
  current,
  missing,
  onChange,
}: {
  id: string;
  file: File | null;
  current?: string;
  /** Said under the picker while no image is chosen (after a submit without one). */
  missing?: string | null;
  onChange: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const [problem, setProblem] = useState<string | null>(null);
  const errorId = `${id}-error`;

  // When the form is reset the input forgets its file too.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
    if (!file) setProblem(null);
  }, [file]);

  const shown = preview ?? current;
  const message = problem ?? (shown ? null : missing);
  return (
    <div className="ed-thumb">
      <label className="ed-thumb-picker">
        <input
          ref={input}
          id={id}
          type="file"
          accept={THUMBNAIL_TYPES.join(',')}
          className="cp-visually-hidden"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (!chosen) return;
            const refused = thumbnailProblem(chosen);
            setProblem(refused);
            if (refused) event.target.value = '';
            else onChange(chosen);
          }}
        />
        <UploadIcon />
        <span>{shown ? 'Change image' : 'Upload image'}</span>
      </label>
      {shown ? (
        <img className="ed-thumb-preview" src={shown} alt="Course thumbnail preview" />
      ) : (
        <span className="ed-thumb-hint">No image chosen</span>
      )}
      {file && <span className="ed-thumb-name">{file.name}</span>}
      <FieldError id={errorId} message={message} />
    </div>
  );
}
