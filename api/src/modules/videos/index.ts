/**
 * Hosted videos (#33, the `videos` collection and the files under DATA_DIR/video-uploads): resumable
 * uploads over tus, counted in the educator's video quota, checked by ffprobe when complete and
 * then queued for transcoding (`transcodingQueue`: Agenda jobs in `videoJobs`, one forked worker per
 * run; compose.ts connects it through the `OnVideoUploaded` port); captions; playback through
 * short-lived signed stream URLs (`/api/stream/<token>/…`), posters. Calls media and courses (the
 * lessons that play a video: access, their facts, delete refused while one does).
 */
export {
  BAD_CAPTION_LANGUAGE,
  CAPTIONS_TOO_LARGE,
  cleanLabel,
  NOT_CAPTIONS,
  parseCaptions,
} from './captions.js';
export { posterPath } from './facts.js';
export {
  type StoredCaption,
  VIDEO_INDEXES,
  VIDEO_STATUSES,
  type VideoDoc,
  type VideoProbe,
  type VideoStatus,
} from './repository.js';
export {
  PLAYBACKS_PER_MINUTE,
  VIDEO_UPLOADS_PER_MINUTE,
  type VideoServices,
  videoRoutes,
} from './routes.js';
export { captionBlobOf, insertReadyVideo, type ReadyVideoInput } from './seeded.js';
export {
  displayName,
  ENROLL_TO_WATCH,
  type OnVideoUploaded,
  SIGN_IN_TO_WATCH,
  STREAM_FILE_NOT_FOUND,
  TOO_MANY_CAPTIONS,
  type UploadedVideo,
  VIDEO_IN_USE,
  VIDEO_NOT_FOUND,
  VIDEO_NOT_READY,
  type VideosOptions,
  type VideosService,
  type VideoView,
  videoQuotaFull,
  videosService,
  videoUsageKey,
} from './service.js';
export { STREAM_LINK_EXPIRED, STREAM_LINK_INVALID, type StreamTokens, streamTokens } from './stream-tokens.js';
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
