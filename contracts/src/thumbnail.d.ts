import type { ThumbnailImage } from './types.js';

/** The `sizes` of the course page's thumbnail (storefront course.css: the 380px side column from 992px, else the 90vw container). */
export declare const COURSE_PAGE_THUMBNAIL_SIZES: string;

/** The `sizes` of a course card's thumbnail in the storefront's grid, its density capped at about 1.5× on phones. */
export declare const COURSE_CARD_THUMBNAIL_SIZES: string;

/** One `<source>` of a thumbnail's `<picture>`: a format other than the fallback, every width. */
export interface ThumbnailSource {
  /** `image/avif`, then `image/webp`. */
  type: string;
  /** `${base}/320.avif 320w, ${base}/640.avif 640w, …` */
  srcSet: string;
}

/** A thumbnail's renditions as `<picture>` markup. */
export interface ThumbnailRenditions {
  /** Best format first; the fallback format (the last, 'jpeg') is not among them. */
  sources: ThumbnailSource[];
  /** The `<img>`: the fallback format at every width, its middle width as `src`, the largest rendition's size. */
  img: { src: string; srcSet: string; width: number; height: number };
  /** The blurred preview (`data:image/…`), null when it is not one. */
  placeholder: string | null;
}

export declare function thumbnailRenditions(thumbnail: ThumbnailImage): ThumbnailRenditions;

/** The attributes of a `<link rel="preload" as="image">` for a thumbnail. */
export interface ThumbnailPreload {
  href: string;
  imagesrcset?: string;
  imagesizes?: string;
  type?: string;
}

/**
 * The preload hint of a course's thumbnail drawn with `sizes`: its best format's candidates (AVIF,
 * with `type: 'image/avif'`, so a browser without AVIF skips the hint; a thumbnail stored before
 * AVIF and not yet backfilled, its WebP), or
 * the plain `courseThumbnail` URL without renditions; null without an http(s) URL.
 */
export declare function thumbnailPreload(
  course: { courseThumbnail?: unknown; thumbnail?: ThumbnailImage } | null | undefined,
  sizes: string,
): ThumbnailPreload | null;
