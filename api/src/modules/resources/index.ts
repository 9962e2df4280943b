/**
 * Lesson resources (#32, the `resources` collection and its blobs): educators' uploads checked by
 * content and counted in their quota, attached to lessons when a course is saved, removed with
 * the course; signed, short-lived download links. Calls courses and media. The projects module
 * stores its submission files here.
 */
export { attachLessonResources } from './attach.js';
export { checkFile, safeFileName, TEXT_CONTENT_TYPE, UNSUPPORTED_FILE } from './content-type.js';
export { RESOURCE_INDEXES } from './repository.js';
export {
  attachmentHeader,
  DOWNLOADS_PER_MINUTE,
  type ResourceServices,
  resourceRoutes,
  sendFile,
  UPLOADS_PER_MINUTE,
} from './routes.js';
export {
  type LessonResourcesInput,
  NOT_YOUR_FILE,
  RESOURCE_NOT_FOUND,
  type ResourcesService,
  resourcesService,
  UNATTACHED_MAX_AGE_MS,
  type UploadInput,
} from './service.js';
export { downloadPath, LINK_EXPIRED, LINK_INVALID, LINK_TTL_MS } from './signed-links.js';
