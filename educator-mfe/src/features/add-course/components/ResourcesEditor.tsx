import { resourceInputSchema } from '@courseport/contracts/course-schema';
import { Button, errorText, isAbortError } from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { Progress } from '@courseport/shared-ui/antd/progress';
import { useEffect, useId, useRef, useState } from 'react';
import { CloseIcon, UploadIcon } from '../../../components/icons';
import { uploadResource } from '../api/resources';
import { fileResource, linkResource, type ResourceDraft, sizeText } from '../hooks/resources';
import { FieldError } from './FieldError';

const MAX_RESOURCES = 20;

/** An upload under way: the file's name and how far it went (0–100). */
interface Upload {
  name: string;
  percent: number;
}

/**
 * A lesson's resources: files uploaded at once (`POST /api/educator/resources`, with a progress bar
 * and Cancel; the server's refusal, a refused type or a file too large, shows as it says it) and
 * links (a title and an http(s) URL). Each can be removed. Saved with the lesson.
 */
export function ResourcesEditor({
  resources,
  onChange,
  problem,
}: {
  resources: ResourceDraft[];
  onChange: (resources: ResourceDraft[]) => void;
  /** The lesson's problem with its resources, as the schema says it. */
  problem?: string | undefined;
}) {
  const id = useId();
  const [upload, setUpload] = useState<Upload | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [linkTitle, setLinkTitle] = useState('');
  const [linkUrl, setLinkUrl] = useState('');
  const [linkProblems, setLinkProblems] = useState<{ title?: string; url?: string }>({});
  const controller = useRef<AbortController | null>(null);
  // The latest list, for an upload that ends after other changes.
  const latest = useRef({ resources, onChange });
  latest.current = { resources, onChange };
  const full = resources.length >= MAX_RESOURCES;

  // The dialog closed during an upload: it stops.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async (file: File) => {
    setUploadError(null);
    const abort = new AbortController();
    controller.current = abort;
    setUpload({ name: file.name, percent: 0 });
    try {
      const uploaded = await uploadResource(file, {
        signal: abort.signal,
        onProgress: (percent) => setUpload((current) => current && { ...current, percent }),
      });
      latest.current.onChange([...latest.current.resources, fileResource(uploaded)]);
    } catch (error) {
      if (!isAbortError(error)) setUploadError(`${file.name}: ${errorText(error, 'The upload failed')}`);
    } finally {
      if (controller.current === abort) controller.current = null;
      setUpload(null);
    }
  };

  const addLink = () => {
    const checked = resourceInputSchema.safeParse({ title: linkTitle, url: linkUrl });
    if (!checked.success || !('url' in checked.data)) {
      const found: { title?: string; url?: string } = {};
      if (!linkTitle.trim()) found.title = 'The link title is required';
      const urlCheck = resourceInputSchema.safeParse({ title: 'x', url: linkUrl });
      if (!urlCheck.success) found.url = `The link ${urlCheck.error.issues[0]?.message ?? 'is not valid'}`;
      if (!found.title && !found.url) found.title = `The link ${checked.error?.issues[0]?.message ?? 'is not valid'}`;
      setLinkProblems(found);
      return;
    }
    onChange([...resources, linkResource(linkTitle, linkUrl)]);
    setLinkTitle('');
    setLinkUrl('');
    setLinkProblems({});
  };

  const linkDescribed = (key: 'title' | 'url') =>
    linkProblems[key]
      ? { 'aria-invalid': true, 'aria-describedby': `${id}-link-${key}-error`, status: 'error' as const }
      : {};

  return (
    <fieldset className="ed-resources">
      <legend className="ed-field-label">Resources</legend>
      {resources.length > 0 ? (
        <ul className="ed-resource-list" aria-label="Resources of this lesson">
          {resources.map((resource) => (
            <li key={resource.key} className="ed-resource">
              <span className="ed-resource-kind">{resource.kind === 'file' ? 'File' : 'Link'}</span>
              <span className="ed-resource-body">
                <span className="ed-resource-title">{resource.title}</span>
                <span className="ed-resource-meta">
                  {resource.kind === 'file'
                    ? [
                        resource.fileName !== resource.title ? resource.fileName : '',
                        resource.size ? sizeText(resource.size) : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')
                    : resource.url}
                </span>
              </span>
              <button
                type="button"
                className="ed-icon-button"
                aria-label={`Remove resource '${resource.title}'`}
                onClick={() => onChange(resources.filter((r) => r.key !== resource.key))}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="ed-hint">No resources yet: add files (PDF, archives, source files, images) or links.</p>
      )}
      <FieldError id={`${id}-resources-error`} message={problem} />

      <div className="ed-resource-upload">
        {upload ? (
          <div className="ed-upload-progress">
            <span className="ed-upload-name">{`Uploading ${upload.name}`}</span>
            <Progress
              percent={upload.percent}
              size="small"
              aria-label={`Uploading ${upload.name}`}
              aria-valuenow={upload.percent}
            />
            <Button onClick={() => controller.current?.abort()}>Cancel upload</Button>
          </div>
        ) : (
          <label className={`ed-upload-button${full ? ' is-disabled' : ''}`} htmlFor={`${id}-file`}>
            <UploadIcon />
            <span>Upload a file</span>
            <input
              id={`${id}-file`}
              type="file"
              className="cp-visually-hidden"
              disabled={full}
              aria-describedby={uploadError ? `${id}-upload-error` : undefined}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void start(file);
              }}
            />
          </label>
        )}
        <FieldError id={`${id}-upload-error`} message={uploadError} />
      </div>

      <div className="ed-resource-link">
        <div className="ed-field">
          <label htmlFor={`${id}-link-title`}>Link title</label>
          <Input
            id={`${id}-link-title`}
            maxLength={200}
            value={linkTitle}
            onChange={(event) => setLinkTitle(event.target.value)}
            {...linkDescribed('title')}
          />
          <FieldError id={`${id}-link-title-error`} message={linkProblems.title} />
        </div>
        <div className="ed-field">
          <label htmlFor={`${id}-link-url`}>Link URL</label>
          <Input
            id={`${id}-link-url`}
            type="url"
            placeholder="https://"
            value={linkUrl}
            onChange={(event) => setLinkUrl(event.target.value)}
            {...linkDescribed('url')}
          />
          <FieldError id={`${id}-link-url-error`} message={linkProblems.url} />
        </div>
        <Button onClick={addLink} disabled={full}>
          Add link
        </Button>
      </div>
    </fieldset>
  );
}
