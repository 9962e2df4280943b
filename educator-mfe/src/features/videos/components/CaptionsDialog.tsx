import {
  Button,
  CAPTION_MAX_BYTES,
  CAPTIONS_PER_VIDEO,
  type EducatorVideo,
  errorText,
  type VideoCaption,
} from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { Modal } from '@courseport/shared-ui/antd/modal';
import { Themed } from '@courseport/shared-ui/antd/themed';
import { type FormEvent, useId, useRef, useState } from 'react';
import { sizeLabel } from '../../../lib/sizes';
import { useDeleteCaptions, usePutCaptions } from '../hooks/useVideos';
import { CAPTION_LANGUAGES, languageName } from './languages';

export const CAPTIONS_FAILED = 'Failed to save the captions';
export const CAPTIONS_DELETE_FAILED = 'Failed to delete the captions';
export const FILE_REQUIRED = 'Please choose a .vtt or .srt file';
export const LABEL_REQUIRED = 'Please write the label viewers see';
const LABEL_MAX = 60;
const DEFAULT_LANGUAGE = CAPTION_LANGUAGES[0] as (typeof CAPTION_LANGUAGES)[number];

/** A file's text (FileReader: every browser, and jsdom). */
const readText = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

/** What is wrong with a captions file before it is read, or null. */
export function captionsFileProblem(file: File): string | null {
  if (!/\.(vtt|srt)$/i.test(file.name)) return `“${file.name}” is not a .vtt or .srt file`;
  if (file.size === 0) return 'The captions file is empty';
  if (file.size > CAPTION_MAX_BYTES)
    return `The captions file is too large: it may be at most ${sizeLabel(CAPTION_MAX_BYTES)}`;
  return null;
}

/**
 * A video's captions: its tracks (language, label, cues) with Delete, and a form to add one or
 * replace a language's: the language, the label viewers see (the language's own name unless
 * changed), a WebVTT or SRT file read here and sent as text. The server checks the file; its
 * refusal shows in the form. In its own chunk with antd's Modal and Input, loaded when first
 * opened (VideosPage; #34), in the platform's antd theme.
 */
export function CaptionsDialog({ video, onClose }: { video: EducatorVideo | null; onClose: () => void }) {
  return (
    <Themed>
      <Modal
        open={video !== null}
        title={video ? `Captions: ${video.fileName}` : 'Captions'}
        onCancel={onClose}
        destroyOnHidden
        footer={<Button onClick={onClose}>Close</Button>}
      >
        {video && <CaptionsBody video={video} />}
      </Modal>
    </Themed>
  );
}

function CaptionsBody({ video }: { video: EducatorVideo }) {
  const id = useId();
  const remove = useDeleteCaptions();
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);
  const removeTrack = (track: VideoCaption) => {
    setRemoveProblem(null);
    remove.mutate(
      { videoId: video.videoId, lang: track.lang, label: track.label },
      { onError: (error) => setRemoveProblem(errorText(error, CAPTIONS_DELETE_FAILED, { network: 'fallback' })) },
    );
  };
  return (
    <div className="ed-vid-captions">
      <section aria-labelledby={`${id}-tracks`}>
        <h3 id={`${id}-tracks`} className="ed-vid-captions-title">
          Tracks
        </h3>
        {video.captions.length === 0 ? (
          <p className="ed-hint">No captions yet: add a track below.</p>
        ) : (
          <ul className="ed-vid-tracks" aria-labelledby={`${id}-tracks`}>
            {video.captions.map((track) => (
              <li key={track.lang} className="ed-vid-track">
                <div className="ed-vid-track-text">
                  <span className="ed-vid-track-label">{track.label}</span>
                  <span className="ed-hint">
                    {`${languageName(track.lang)} · ${track.lang} · ${track.cues} ${track.cues === 1 ? 'cue' : 'cues'}`}
                  </span>
                </div>
                <Button
                  danger
                  size="small"
                  loading={remove.isPending && remove.variables?.lang === track.lang}
                  disabled={remove.isPending}
                  aria-label={`Delete the ${track.label} captions`}
                  onClick={() => removeTrack(track)}
                >
                  Delete
                </Button>
              </li>
            ))}
          </ul>
        )}
        {removeProblem && (
          <p className="ed-field-error" role="alert">
            {removeProblem}
          </p>
        )}
      </section>
      <AddCaptionsForm video={video} />
    </div>
  );
}

function AddCaptionsForm({ video }: { video: EducatorVideo }) {
  const id = useId();
  const put = usePutCaptions();
  const fileInput = useRef<HTMLInputElement>(null);
  const [lang, setLang] = useState(DEFAULT_LANGUAGE.code);
  const [label, setLabel] = useState(DEFAULT_LANGUAGE.name);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<{ label?: string; file?: string; server?: string }>({});

  const existing = video.captions.find((c) => c.lang === lang);
  const full = !existing && video.captions.length >= CAPTIONS_PER_VIDEO;

  const chooseLanguage = (code: string) => {
    setLang(code);
    const language = CAPTION_LANGUAGES.find((l) => l.code === code);
    if (language) setLabel(language.name);
    setProblems((p) => ({ ...p, server: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof problems = {};
    const trimmed = label.trim();
    if (!trimmed) found.label = LABEL_REQUIRED;
    if (!file) found.file = FILE_REQUIRED;
    else found.file = captionsFileProblem(file) ?? undefined;
    setProblems(found);
    if (found.label || found.file || !file) {
      document.getElementById(found.label ? `${id}-label` : `${id}-file`)?.focus();
      return;
    }
    let text: string;
    try {
      text = await readText(file);
    } catch {
      setProblems({ file: `“${file.name}” could not be read` });
      return;
    }
    put.mutate(
      { videoId: video.videoId, lang, label: trimmed, text },
      {
        onSuccess: () => {
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
        },
        onError: (error) => setProblems({ server: errorText(error, CAPTIONS_FAILED, { network: 'fallback' }) }),
      },
    );
  };

  const describe = (key: 'label' | 'file') =>
    problems[key] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${key}-error` } : {};

  return (
    <form className="ed-vid-captions-form" aria-labelledby={`${id}-title`} onSubmit={(e) => void submit(e)} noValidate>
      <h3 id={`${id}-title`} className="ed-vid-captions-title">
        Add a track
      </h3>
      <div className="ed-field">
        <label htmlFor={`${id}-lang`} className="ed-field-label">
          Language
        </label>
        <select
          id={`${id}-lang`}
          className="cp-select"
          value={lang}
          onChange={(event) => chooseLanguage(event.target.value)}
        >
          {CAPTION_LANGUAGES.map((language) => (
            <option key={language.code} value={language.code}>
              {`${languageName(language.code)} — ${language.code}`}
            </option>
          ))}
        </select>
        {existing && (
          <p className="ed-hint">{`This replaces the ${existing.label} captions (${existing.cues} cues).`}</p>
        )}
      </div>
      <div className="ed-field">
        <label htmlFor={`${id}-label`} className="ed-field-label">
          Label
        </label>
        <Input
          id={`${id}-label`}
          maxLength={LABEL_MAX}
          value={label}
          onChange={(event) => {
            setLabel(event.target.value);
            if (event.target.value.trim()) setProblems((p) => ({ ...p, label: undefined }));
          }}
          {...describe('label')}
          {...(problems.label ? { status: 'error' as const } : {})}
        />
        {problems.label && (
          <p id={`${id}-label-error`} className="ed-field-error" role="alert">
            {problems.label}
          </p>
        )}
      </div>
      <div className="ed-field">
        <label htmlFor={`${id}-file`} className="ed-field-label">
          Captions file (.vtt or .srt)
        </label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          className="ed-vid-captions-file"
          type="file"
          accept=".vtt,.srt,text/vtt,application/x-subrip"
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            setFile(chosen);
            setProblems((p) => ({ ...p, file: chosen ? (captionsFileProblem(chosen) ?? undefined) : undefined }));
          }}
          {...describe('file')}
        />
        {problems.file && (
          <p id={`${id}-file-error`} className="ed-field-error" role="alert">
            {problems.file}
          </p>
        )}
      </div>
      {full && <p className="ed-field-error">{`A video may have at most ${CAPTIONS_PER_VIDEO} caption languages.`}</p>}
      {problems.server && (
        <p className="ed-field-error" role="alert">
          {problems.server}
        </p>
      )}
      <div>
        <Button type="primary" htmlType="submit" loading={put.isPending} disabled={put.isPending || full}>
          {existing ? 'Replace captions' : 'Add captions'}
        </Button>
      </div>
    </form>
  );
}
