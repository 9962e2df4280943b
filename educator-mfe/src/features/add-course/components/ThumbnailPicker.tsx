import { useEffect, useRef } from 'react';
import { UploadIcon } from '../../layout/components/icons';
import { useObjectUrl } from '../hooks/useObjectUrl';

/** Picks the course thumbnail (any image type) and previews it. */
export function ThumbnailPicker({
  id,
  file,
  onChange,
}: {
  id: string;
  file: File | null;
  onChange: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);

  // When the form is reset the input forgets its file too.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  return (
    <div className="ed-thumb">
      <label className="ed-thumb-picker">
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/*"
          className="cp-visually-hidden"
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            if (chosen) onChange(chosen);
          }}
        />
        <UploadIcon />
        <span>{file ? 'Change image' : 'Upload image'}</span>
      </label>
      {preview ? (
        <img className="ed-thumb-preview" src={preview} alt="Course thumbnail preview" />
      ) : (
        <span className="ed-thumb-hint">No image chosen</span>
      )}
      {file && <span className="ed-thumb-name">{file.name}</span>}
    </div>
  );
}
