/**
 * A course thumbnail's renditions (`ThumbnailImage`, see types.ts) as the markup that draws it and
 * the preload hint that fetches it early: the same candidates in both, so the browser picks one
 * rendition and downloads it once.
 */
import type { ThumbnailImage } from './types.js';

/** The `sizes` of the course page's thumbnail (storefront course.css: the 380px side column from 992px, else the 90vw container). */
export const COURSE_PAGE_THUMBNAIL_SIZES = '(min-width: 992px) 380px, 90vw';

/**
 * The `sizes` of a course card's thumbnail in the storefront's grid (`.sf-course-grid` in
 * `.sf-container`: at most 1200px, 5vw padding from 16px to 48px; 4 columns from 992px, 3 from
 * 768px, 2 from 576px, then 1; 20px gaps), with the density capped on phones: a one-column card is
 * 90vw wide, and a phone at 1.75× to 3× would take the 960 w or 1280 w rendition (100+ KB for a
 * photo) for a thumbnail. On screens under 576px from 1.5dppx, `sizes` names a fraction of the
 * slot (the cap over the band's upper density: 67vw ≈ 90vw × 1.5 / 2, 54vw = 90vw × 1.5 / 2.5,
 * 45vw = 90vw × 1.5 / 3), so the browser asks for about 1.5× the slot's width in device pixels:
 * the 640 w rendition on phones from 360 to 430px at any density up to 3.4×. The image is still
 * drawn at the card's width (its CSS sets it); only the rendition chosen changes.
 */
export const COURSE_CARD_THUMBNAIL_SIZES = [
  '(max-width: 575px) and (min-resolution: 2.5dppx) 45vw',
  '(max-width: 575px) and (min-resolution: 2dppx) 54vw',
  '(max-width: 575px) and (min-resolution: 1.5dppx) 67vw',
  '(min-width: 1200px) 261px',
  '(min-width: 992px) calc(25vw - 39px)',
  '(min-width: 768px) calc(30vw - 14px)',
  '(min-width: 576px) calc(45vw - 10px)',
  '90vw',
].join(', ');

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

/** The attributes of a `<link rel="preload" as="image">` for a thumbnail. */
export interface ThumbnailPreload {
  href: string;
  imagesrcset?: string;
  imagesizes?: string;
  type?: string;
}

/** `data:image/…` only: the placeholder goes into a CSS `url("…")`. */
const DATA_IMAGE = /^data:image\/[a-z+.-]+(;[a-z0-9=.+-]+)*,[a-z0-9+/=%._-]*$/i;

const WEB_URL = /^https?:\/\//;

/** A thumbnail's renditions as the `<picture>` that draws it. */
export function thumbnailRenditions(thumbnail: ThumbnailImage): ThumbnailRenditions {
  const { base, formats } = thumbnail;
  const widths = thumbnail.widths.length > 0 ? thumbnail.widths : [thumbnail.width];
  const fallback = formats.at(-1) ?? 'jpeg';
  const srcSet = (format: string) => widths.map((width) => `${base}/${width}.${format} ${width}w`).join(', ');
  const middle = widths[Math.floor((widths.length - 1) / 2)] ?? thumbnail.width;
  return {
    sources: formats.slice(0, -1).map((format) => ({ type: `image/${format}`, srcSet: srcSet(format) })),
    img: {
      src: `${base}/${middle}.${fallback}`,
      srcSet: srcSet(fallback),
      width: thumbnail.width,
      height: thumbnail.height,
    },
    placeholder: DATA_IMAGE.test(thumbnail.placeholder) ? thumbnail.placeholder : null,
  };
}

/**
 * The preload hint of a course's thumbnail drawn with `sizes`: its best format's candidates
 * (`imagesrcset`, `imagesizes`, `type`: a browser without that format skips the hint and the
 * `<picture>` picks the next one; a thumbnail stored before AVIF and not yet backfilled, its WebP),
 * or the plain `courseThumbnail` URL without renditions; null without an http(s) URL.
 */
export function thumbnailPreload(
  course: { courseThumbnail?: unknown; thumbnail?: ThumbnailImage | undefined } | null | undefined,
  sizes: string,
): ThumbnailPreload | null {
  if (course?.thumbnail && WEB_URL.test(String(course.thumbnail.base))) {
    const { sources, img } = thumbnailRenditions(course.thumbnail);
    const best = sources[0] ?? { type: 'image/jpeg', srcSet: img.srcSet };
    return { href: img.src, imagesrcset: best.srcSet, imagesizes: sizes, type: best.type };
  }
  const url = course?.courseThumbnail;
  return typeof url === 'string' && WEB_URL.test(url) ? { href: url } : null;
}
