/**
 * Hosted videos (#33, the `videos` collection and the files under DATA_DIR/video-uploads): resumable
 * uploads over tus, counted in the educator's video quota, checked by ffprobe when complete and
 * then queued for transcoding (`transcodingQueue`: Agenda jobs in `videoJobs`, one forked worker per
 * run; compose.ts connects it through the `OnVideoUploaded` port). Calls media.
 */
export { VIDEO_INDEXES, VIDEO_STATUSES, type VideoDoc, type VideoProbe, type VideoStatus } from './repository.js';
export { VIDEO_UPLOADS_PER_MINUTE, type VideoServices, videoRoutes } from './routes.js';
export { captionBlobOf, insertReadyVideo, type ReadyVideoInput, type StoredCaption } from './seeded.js';
export {
  displayName,
  type OnVideoUploaded,
  type UploadedVideo,
  VIDEO_NOT_FOUND,
  type VideosOptions,
  type VideosService,
  type VideoView,
  videoQuotaFull,
  videosService,
  videoUsageKey,
} from './service.js';
export {
  blobIdOf,
  GAVE_UP,
  JOB_NAME,
  MAX_ATTEMPTS,
  type StoredFile,
  type StoredRendition,
  type TranscodingOptions,
  type TranscodingQueue,
  transcodingQueue,
  VIDEO_JOBS_COLLECTION,
} from './transcoding.js';
export { UPLOADS_PATH } from './tus.js';
