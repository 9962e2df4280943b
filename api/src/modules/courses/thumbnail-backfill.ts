import type { Clock } from '../../clock.js';
import type { Logger } from '../../logger.js';
import { newId, type Store } from '../../store/index.js';
import {
  CONTENT_TYPES,
  processImage,
  RENDITION_FORMATS,
  RENDITION_WIDTHS,
  type RenditionFormat,
  renditionKey,
  thumbnailBlobs,
  thumbnailFields,
  thumbnailIdOf,
} from '../media/index.js';
import { coursesRepository } from './repository.js';

/** A course from before renditions: its `courseThumbnail` is the stored upload, `…/api/media/<id>`. */
const LEGACY_THUMBNAIL = /\/api\/media\/([a-f0-9]{24})$/;
/** A claim older than this is taken to be a process that stopped half way, and is taken over. */
export const CLAIM_TTL_MS = 10 * 60_000;

export interface BackfillResult {
  processed: number;
  failed: number;
}

/**
 * Processes the thumbnails stored before the image pipeline existed, once each: every course with
 * no `thumbnail` whose `courseThumbnail` is `<api>/api/media/<id>` gets renditions under that same
 * id, so its old URL keeps working (the upload stored under it is replaced by its largest clean
 * JPEG, EXIF and all gone).
 *
 * Safe on several API processes at once: a course is claimed first with a conditional update (no
 * `thumbnail`, the same `courseThumbnail`, no live claim), and only the claimant writes. An image
 * that cannot be processed is logged, and its course is left as it was (the claim is given back);
 * a process that stops half way leaves a claim that expires after CLAIM_TTL_MS, and whatever it
 * stored is written over by the next one. Stops between two courses once `signal` is aborted.
 */
export async function backfillThumbnails(
  { store, clock, logger }: { store: Store; clock: Clock; logger: Logger },
  publicApiUrl: string,
  signal?: AbortSignal,
): Promise<BackfillResult> {
  const courses = coursesRepository(store);
  const renditions = thumbnailBlobs(store);
  const pending = await courses.find(
    { thumbnail: { $exists: false }, courseThumbnail: { $regex: LEGACY_THUMBNAIL } },
    { projection: { courseThumbnail: 1 } },
  );
  const result: BackfillResult = { processed: 0, failed: 0 };

  /** The image to process: the upload, or the largest JPEG if a stopped process already replaced it. */
  async function source(id: string): Promise<Buffer | null> {
    const stored = await store.blobs.get(id);
    if (stored) return stored;
    for (const width of [...RENDITION_WIDTHS].reverse()) {
      const jpeg = await renditions.get(id, width, 'jpeg');
      if (jpeg) return jpeg;
    }
    return null;
  }

  for (const { _id, courseThumbnail } of pending) {
    if (signal?.aborted) break;
    const id = LEGACY_THUMBNAIL.exec(courseThumbnail)?.[1] as string;
    const token = newId();
    const now = clock.now();
    const claimed = await courses.updateOne(
      {
        _id,
        courseThumbnail,
        thumbnail: { $exists: false },
        $or: [
          { thumbnailClaim: { $exists: false } },
          { 'thumbnailClaim.at': { $lt: new Date(now.getTime() - CLAIM_TTL_MS) } },
        ],
      },
      { $set: { thumbnailClaim: { by: token, at: now } } },
    );
    if (claimed.matched !== 1) continue;
    try {
      const bytes = await source(id);
      if (!bytes) throw new Error(`no image is stored under ${id}`);
      const image = await processImage(bytes);
      await renditions.save(image, id, { overwrite: true });
      // The old URL now serves the largest clean JPEG, not the upload.
      const largest = image.renditions.find((r) => r.format === 'jpeg' && r.width === image.width);
      if (largest) {
        await store.blobs.delete(id);
        await store.blobs.put(id, largest.data, CONTENT_TYPES.jpeg);
      }
      const done = await courses.updateOne(
        { _id, 'thumbnailClaim.by': token },
        { $set: thumbnailFields(publicApiUrl, id, image), $unset: { thumbnailClaim: true } },
      );
      if (done.matched === 1) result.processed += 1;
      else logger.warn({ courseId: _id }, 'another process took over processing this thumbnail');
    } catch (error) {
      result.failed += 1;
      logger.warn(
        { err: error, courseId: _id, thumbnail: courseThumbnail },
        'could not process a stored thumbnail; the course keeps its image as it was',
      );
      await courses
        .updateOne({ _id, 'thumbnailClaim.by': token }, { $unset: { thumbnailClaim: true } })
        .catch(() => {});
    }
  }
  if (result.processed + result.failed > 0) logger.info(result, 'processed thumbnails stored before renditions');
  const added = await addMissingFormats({ store, clock, logger }, signal);
  return { processed: result.processed + added.processed, failed: result.failed + added.failed };
}

/**
 * Thumbnails processed before a format was added to RENDITION_FORMATS (AVIF, #17) get that
 * format's renditions, once each, made from their largest stored rendition (the JPEG, else the
 * WebP), at the widths they already have; their other renditions and fields are left as they are,
 * and the new format is put first in `thumbnail.formats` only once all its renditions are stored.
 * Claimed as above, so several processes never encode the same image twice; on failure the
 * course keeps its formats and nothing is lost.
 */
async function addMissingFormats(
  { store, clock, logger }: { store: Store; clock: Clock; logger: Logger },
  signal?: AbortSignal,
): Promise<BackfillResult> {
  const courses = coursesRepository(store);
  const renditions = thumbnailBlobs(store);
  const result: BackfillResult = { processed: 0, failed: 0 };
  // Array membership is filtered here, not in the query: NeDB reads `$ne`/`$nin` on an array per element.
  const withThumbnails = await courses.find({ thumbnail: { $exists: true } }, { projection: { thumbnail: 1 } });
  for (const { _id, thumbnail } of withThumbnails) {
    if (signal?.aborted) break;
    if (!thumbnail || !Array.isArray(thumbnail.formats)) continue;
    const formats = thumbnail.formats as RenditionFormat[];
    const missing = RENDITION_FORMATS.filter((format) => !formats.includes(format));
    if (missing.length === 0) continue;
    const id = thumbnailIdOf(thumbnail);
    const token = newId();
    const now = clock.now();
    const claimed = await courses.updateOne(
      {
        _id,
        'thumbnail.base': thumbnail.base,
        'thumbnail.formats': formats,
        $or: [
          { thumbnailClaim: { $exists: false } },
          { 'thumbnailClaim.at': { $lt: new Date(now.getTime() - CLAIM_TTL_MS) } },
        ],
      },
      { $set: { thumbnailClaim: { by: token, at: now } } },
    );
    if (claimed.matched !== 1) continue;
    const newKeys = thumbnail.widths.flatMap((w) => missing.map((format) => renditionKey(id, w, format)));
    try {
      const source =
        (await renditions.get(id, thumbnail.width, 'jpeg')) ?? (await renditions.get(id, thumbnail.width, 'webp'));
      if (!source) throw new Error(`no ${thumbnail.width} w rendition is stored under ${id}`);
      const image = await processImage(source, { formats: missing, maxWidth: thumbnail.width });
      if (image.widths.join() !== thumbnail.widths.join())
        throw new Error(
          `the renditions came out at ${image.widths.join(', ')} w, not ${thumbnail.widths.join(', ')} w`,
        );
      await renditions.save(image, id, { overwrite: true });
      const best = RENDITION_FORMATS.filter((format) => formats.includes(format) || missing.includes(format));
      const done = await courses.updateOne(
        { _id, 'thumbnailClaim.by': token, 'thumbnail.base': thumbnail.base },
        { $set: { 'thumbnail.formats': best }, $unset: { thumbnailClaim: true } },
      );
      if (done.matched === 1) result.processed += 1;
      else {
        // The thumbnail was replaced (or the claim taken over) meanwhile: what was added is not needed.
        logger.warn({ courseId: _id }, 'the thumbnail changed while its renditions were being added');
        await Promise.all(newKeys.map((key) => store.blobs.delete(key))).catch(() => {});
      }
    } catch (error) {
      result.failed += 1;
      logger.warn(
        { err: error, courseId: _id, thumbnail: thumbnail.base, formats: missing },
        'could not add renditions to a stored thumbnail; the course keeps the formats it has',
      );
      await courses
        .updateOne({ _id, 'thumbnailClaim.by': token }, { $unset: { thumbnailClaim: true } })
        .catch(() => {});
    }
  }
  if (result.processed + result.failed > 0) logger.info(result, 'added renditions in new formats to stored thumbnails');
  return result;
}
