import type { ThumbnailImage } from '@courseport/contracts';
import { newId, type Store } from '../../store/index.js';
import type { ImageType } from './image-type.js';
import { FALLBACK_WIDTH, type ProcessedImage, RENDITION_FORMATS, type RenditionFormat } from './pipeline.js';

export const mediaPath = (id: string) => `/api/media/${id}`;

/** The blob of one rendition: `<id>-<width>-<format>`, served at `/api/media/<id>/<width>.<format>`. */
export const renditionKey = (id: string, width: number, format: RenditionFormat) => `${id}-${width}-${format}`;

export const CONTENT_TYPES: Record<RenditionFormat, ImageType> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/** The id in a thumbnail's `base` (its last path segment). */
export const thumbnailIdOf = (thumbnail: Pick<ThumbnailImage, 'base'>) => thumbnail.base.split('/').pop() ?? '';

/** The JPEG for `courseThumbnail`: FALLBACK_WIDTH, or the largest below it. */
export function fallbackWidth(widths: readonly number[]): number {
  return widths.filter((w) => w <= FALLBACK_WIDTH).pop() ?? (widths[0] as number);
}

/** The course document's fields for a thumbnail stored under `id`. */
export function thumbnailFields(
  publicApiUrl: string,
  id: string,
  image: Pick<ProcessedImage, 'width' | 'height' | 'widths' | 'formats' | 'placeholder'>,
): { thumbnail: ThumbnailImage; courseThumbnail: string } {
  const base = publicApiUrl + mediaPath(id);
  return {
    thumbnail: {
      base,
      width: image.width,
      height: image.height,
      widths: [...image.widths],
      formats: [...image.formats],
      placeholder: image.placeholder,
    },
    courseThumbnail: `${base}/${fallbackWidth(image.widths)}.jpeg`,
  };
}

/** Stored renditions: one blob each, on either store (files, or GridFS). */
export function thumbnailBlobs(store: Store) {
  const keys = (id: string, widths: readonly number[]) =>
    widths.flatMap((w) => RENDITION_FORMATS.map((format) => renditionKey(id, w, format)));

  const remove = async (id: string, widths: readonly number[]) => {
    await Promise.all(keys(id, widths).map((key) => store.blobs.delete(key)));
  };

  return {
    /**
     * Stores every rendition of `image` under `id` (a new one by default) and returns it. All or
     * nothing: when one cannot be stored, those that were are removed again. `overwrite`: renditions
     * a process that stopped half way may have left under `id` are replaced (GridFS never overwrites).
     */
    async save(image: ProcessedImage, id = newId(), { overwrite = false } = {}): Promise<string> {
      try {
        await Promise.all(
          image.renditions.map(async (r) => {
            const key = renditionKey(id, r.width, r.format);
            if (overwrite) await store.blobs.delete(key);
            await store.blobs.put(key, r.data, CONTENT_TYPES[r.format]);
          }),
        );
      } catch (error) {
        // Only this image's renditions: when a format is added to stored ones, the others stay.
        await Promise.all(image.renditions.map((r) => store.blobs.delete(renditionKey(id, r.width, r.format)))).catch(
          () => {},
        );
        throw error;
      }
      return id;
    },

    remove,

    /** The bytes of one rendition, or null. */
    get: (id: string, width: number, format: RenditionFormat) => store.blobs.get(renditionKey(id, width, format)),
  };
}
