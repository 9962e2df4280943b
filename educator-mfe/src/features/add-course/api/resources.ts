import type { UploadedResource } from '@courseport/shared-ui';
import { type UploadOptions, uploadWithProgress } from '../../../api/upload';

export const RESOURCES_PATH = '/api/educator/resources';

/** Uploads one file for a lesson (`POST /api/educator/resources`, multipart `file`): not attached until the course is saved. */
export async function uploadResource(file: File, options: UploadOptions = {}): Promise<UploadedResource> {
  const body = new FormData();
  body.append('file', file);
  const res = await uploadWithProgress<{ resource: UploadedResource }>(RESOURCES_PATH, body, options);
  return res.resource;
}
