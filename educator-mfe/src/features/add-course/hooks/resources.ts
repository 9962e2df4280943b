import type { LessonResource, LessonResourceInput, UploadedResource } from '@courseport/shared-ui';
import { newId } from './ids';

export { sizeLabel as sizeText } from '../../../lib/sizes';

/** A resource of a lesson being written: an uploaded file (by id) or a link. */
export type ResourceDraft =
  | { key: string; kind: 'file'; resourceId: string; title: string; fileName: string; size?: number }
  | { key: string; kind: 'link'; title: string; url: string };

/** A lesson's saved resources as drafts (files by id, links with their URL). */
export function resourceDraftsOf(resources: LessonResource[]): ResourceDraft[] {
  return resources.map(
    (resource): ResourceDraft =>
      resource.kind === 'file'
        ? {
            key: resource.resourceId,
            kind: 'file',
            resourceId: resource.resourceId,
            title: resource.title,
            fileName: resource.fileName ?? resource.title,
            ...(resource.size === undefined ? {} : { size: resource.size }),
          }
        : { key: resource.resourceId, kind: 'link', title: resource.title, url: resource.url ?? '' },
  );
}

export const fileResource = (uploaded: UploadedResource): ResourceDraft => ({
  key: uploaded.resourceId,
  kind: 'file',
  resourceId: uploaded.resourceId,
  title: uploaded.fileName,
  fileName: uploaded.fileName,
  size: uploaded.size,
});

export const linkResource = (title: string, url: string): ResourceDraft => ({
  key: newId(),
  kind: 'link',
  title: title.trim(),
  url: url.trim(),
});

/** As the course form sends them: `{ resourceId, title? }` for a file, `{ title, url }` for a link. */
export function toResourceInputs(resources: ResourceDraft[]): LessonResourceInput[] {
  return resources.map((resource) =>
    resource.kind === 'file'
      ? { resourceId: resource.resourceId, ...(resource.title.trim() ? { title: resource.title.trim() } : {}) }
      : { title: resource.title, url: resource.url },
  );
}
