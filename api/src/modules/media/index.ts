/**
 * Images (blobs: the thumbnails' renditions, and each educator's upload quota): the pipeline that
 * makes renditions, their storage, and the route that serves them. Calls no other module.
 */
export { detectImageType, type ImageType } from './image-type.js';
export {
  FALLBACK_WIDTH,
  IMAGE_TOO_LARGE,
  IMAGE_UNREADABLE,
  IMAGES_BUSY,
  MAX_INPUT_PIXELS,
  MAX_WAITING_PER_UPLOADER,
  type ProcessedImage,
  pipelineLoad,
  processImage,
  RENDITION_FORMATS,
  RENDITION_WIDTHS,
  type RenditionFormat,
  renditionWidths,
} from './pipeline.js';
export { type UploadQuota, uploadQuota } from './quota.js';
export { mediaRoutes } from './routes.js';
export {
  CONTENT_TYPES,
  fallbackWidth,
  mediaPath,
  renditionKey,
  thumbnailBlobs,
  thumbnailFields,
  thumbnailIdOf,
} from './thumbnails.js';
