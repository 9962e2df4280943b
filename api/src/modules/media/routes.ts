import Router from '@koa/router';
import type { Context } from 'koa';
import type { AppDeps } from '../../deps.js';
import { cache, cacheFor } from '../../http/cache.js';
import { notFound } from '../../http/errors.js';
import { ID_PATTERN } from '../../store/index.js';
import { detectImageType, type ImageType } from './image-type.js';
import { RENDITION_WIDTHS, type RenditionFormat } from './pipeline.js';
import { CONTENT_TYPES, thumbnailBlobs } from './thumbnails.js';

export { mediaPath } from './thumbnails.js';

/** `<width>.<format>`: a width without leading zeros, a format the pipeline writes. */
const RENDITION_FILE = /^([1-9]\d{0,4})\.(avif|webp|jpeg)$/;
const MEDIA_NOT_FOUND = 'Media not found';

/** A stored image, with its type read from its bytes; what an id names never changes, so it is cached for good. */
function sendImage(ctx: Context, bytes: Buffer, type: ImageType, etag: string) {
  cacheFor(ctx, cache.immutable);
  ctx.set('ETag', `"${etag}"`);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Content-Security-Policy', "default-src 'none'; sandbox");
  if (ctx.get('If-None-Match') === `"${etag}"`) {
    ctx.status = 304;
    return;
  }
  ctx.type = type;
  ctx.body = bytes;
}

/**
 * Serves stored images: a thumbnail's renditions at `/api/media/<id>/<width>.<avif|webp|jpeg>`, and
 * `/api/media/<id>` for URLs from before renditions (the image stored under the id, which for a
 * processed one is its largest JPEG; else the largest standard JPEG rendition).
 */
export function mediaRoutes({ store }: AppDeps): Router {
  const router = new Router();
  const renditions = thumbnailBlobs(store);

  router.get('/media/:id', async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!ID_PATTERN.test(id)) throw notFound(MEDIA_NOT_FOUND);
    const bytes = await store.blobs.get(id);
    const type = bytes && detectImageType(bytes);
    if (bytes && type) return sendImage(ctx, bytes, type, id);
    for (const width of [...RENDITION_WIDTHS].reverse()) {
      const jpeg = await renditions.get(id, width, 'jpeg');
      if (jpeg && detectImageType(jpeg) === 'image/jpeg')
        return sendImage(ctx, jpeg, 'image/jpeg', `${id}-${width}-jpeg`);
    }
    throw notFound(MEDIA_NOT_FOUND);
  });

  router.get('/media/:id/:file', async (ctx) => {
    const id = ctx.params.id ?? '';
    const match = RENDITION_FILE.exec(ctx.params.file ?? '');
    if (!ID_PATTERN.test(id) || !match) throw notFound(MEDIA_NOT_FOUND);
    const width = Number(match[1]);
    const format = match[2] as RenditionFormat;
    const bytes = await renditions.get(id, width, format);
    // The bytes must be what the URL says (they always are, unless the store was tampered with).
    if (!bytes || detectImageType(bytes) !== CONTENT_TYPES[format]) throw notFound(MEDIA_NOT_FOUND);
    sendImage(ctx, bytes, CONTENT_TYPES[format], `${id}-${width}-${format}`);
  });
  return router;
}
