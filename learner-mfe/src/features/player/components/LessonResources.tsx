import { Button, type LessonResource, useToast } from '@courseport/shared-ui';
import { useState } from 'react';
import { fileSize, fileType } from '../../../lib/format';
import { navigateTo } from '../../../lib/navigate';
import { fetchResourceLink } from '../api/lessons';

export interface ResourceListProps {
  courseId: string;
  resources: readonly LessonResource[];
}

/**
 * A lesson's resources: a file (its name, size and type) with Download, which asks the API for a
 * short-lived signed link and goes there (the browser saves the file); a link opens in a new tab.
 */
export function ResourceList({ courseId, resources }: ResourceListProps) {
  return (
    <ul className="ln-resources">
      {resources.map((resource) => (
        <li key={resource.resourceId} className="ln-resource">
          {resource.kind === 'file' ? (
            <FileResource courseId={courseId} resource={resource} />
          ) : (
            <LinkResource resource={resource} />
          )}
        </li>
      ))}
    </ul>
  );
}

function FileResource({ courseId, resource }: { courseId: string; resource: LessonResource }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const details = [
    resource.fileName !== resource.title ? resource.fileName : '',
    fileSize(resource.size),
    fileType(resource.contentType),
  ]
    .filter(Boolean)
    .join(' · ');
  const download = async () => {
    setBusy(true);
    try {
      const link = await fetchResourceLink(courseId, resource.resourceId);
      navigateTo(link.url);
    } catch (error) {
      toast.failure(error, 'Could not download this file');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <span className="ln-resource-text">
        <span className="ln-resource-title">{resource.title}</span>
        {details && <span className="ln-muted ln-resource-details">{details}</span>}
      </span>
      <Button
        size="small"
        className="ln-resource-action"
        loading={busy}
        aria-label={`Download ${resource.title}`}
        onClick={() => void download()}
      >
        Download
      </Button>
    </>
  );
}

function LinkResource({ resource }: { resource: LessonResource }) {
  return (
    <span className="ln-resource-text">
      {resource.url ? (
        <a className="ln-resource-title" href={resource.url} target="_blank" rel="noopener noreferrer">
          {resource.title}
          <span className="cp-visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : (
        <span className="ln-resource-title">{resource.title}</span>
      )}
      <span className="ln-muted ln-resource-details">Link</span>
    </span>
  );
}

/** 'Lesson resources' under the lesson, when it has any. */
export function LessonResources({ courseId, resources }: { courseId: string; resources: readonly LessonResource[] }) {
  if (resources.length === 0) return null;
  return (
    <section className="ln-lesson-resources" aria-labelledby="ln-lesson-resources-title">
      <h2 id="ln-lesson-resources-title" className="ln-lesson-subtitle">
        Lesson resources
      </h2>
      <ResourceList courseId={courseId} resources={resources} />
    </section>
  );
}
