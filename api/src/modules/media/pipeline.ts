import { availableParallelism } from 'node:os';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';
import { HttpError } from '../../http/errors.js';

/**
 * The image pipeline: an uploaded (untrusted) image in, clean renditions out. Every image is
 * decoded (at most MAX_INPUT_PIXELS, its first frame only), turned upright by its EXIF orientation,
 * converted to sRGB, flattened onto white and re-encoded from its pixels, so nothing of the upload's
 * bytes survives: no EXIF (camera, GPS), ICC or XMP, no extra frames, no text chunks, nothing
 * appended (a PNG that is also an HTML page comes out as a PNG's pixels only).
 *
 * The work runs in libvips threads, never on the event loop; at most `PIPELINE_CONCURRENCY`
 * images are processed at once, the others wait their turn in a queue per owner (the educator who
 * uploaded them), served round robin: one educator's backlog never holds up another's image by more
 * than the images already being processed.
 */

// Each image is processed once: libvips' operation cache would only hold memory.
sharp.cache(false);

/** Rendition widths (CSS pixels of a card, a 2× card, the course page, a 2× course page). */
export const RENDITION_WIDTHS = [320, 640, 960, 1280] as const;
/**
 * WebP quality by rendition width. The 320 w rendition is drawn at about 1× (a desktop card); the
 * wider ones at 1.5× or more device pixels per image pixel (a card on a phone, whose `sizes` caps it
 * at the 640 w, a 2× screen, the course page), where artifacts are finer than a device pixel: they
 * get a lower quality, about a quarter fewer bytes for a photo (a 640 w card on a phone is the
 * course list's LCP image on slow networks; see docs/performance.md, camera photos).
 */
export function webpQuality(width: number): number {
  return width <= 320 ? 74 : 64;
}
/**
 * AVIF quality by rendition width, as for WebP. Above 320 w it is 40, not sharp's default 50: a
 * 640 w card on a phone is the course list's LCP image and shares a slow link with the page's
 * scripts, so its bytes decide that LCP (docs/performance.md, camera photos). 40 takes a camera
 * photo's 640 w from ~29 KB to ~17 KB; PSNR is 1–2 dB lower, and side by side at the size it is
 * drawn the two are hard to tell apart. The 1× desktop card (320 w) keeps a higher quality.
 */
export function avifQuality(width: number): number {
  return width <= 320 ? 56 : 40;
}
/**
 * libaom's effort (0–9): 3 is about 4× faster than 4 for ~7 % more bytes (a camera photo's four
 * renditions in about a second of one core); the demo seed's covers use 1.
 */
const AVIF_EFFORT = 3;
/** Best first; JPEG is the fallback everything can show. */
export const RENDITION_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type RenditionFormat = (typeof RENDITION_FORMATS)[number];
/** The width of `courseThumbnail`'s JPEG, for clients that do not use the renditions (or the largest below it). */
export const FALLBACK_WIDTH = 640;
/**
 * Larger images are refused before they are decoded: a file of a few hundred bytes can claim
 * millions of pixels (a 954-byte AVIF of 6300 × 6300 took 1.3 s and ~1 GB to decode). The largest
 * rendition is 1280 px wide, at most 1280 × 2560 (1:2), 3.3 megapixels; 4096 × 4096 (16.8 MP) keeps
 * any phone's 12-megapixel photo and bounds one decode to ~0.5 s and ~400 MB.
 */
export const MAX_INPUT_PIXELS = 4096 * 4096;
/** Wider or taller images are cropped around their centre to these aspect ratios (width / height). */
const MAX_ASPECT = 3;
const MIN_ASPECT = 1 / 2;
const PLACEHOLDER_WIDTH = 16;
/** Images processed at once: one per two cores, so requests keep a core. */
export const PIPELINE_CONCURRENCY = Math.max(1, Math.floor(availableParallelism() / 2));

export const IMAGE_TOO_LARGE = (width: number, height: number) =>
  `The thumbnail is too large (${width} × ${height} pixels): it may have at most ${(MAX_INPUT_PIXELS / 1_000_000).toFixed(1)} megapixels (4096 × 4096)`;
/** Uploads of one educator that may wait for the pipeline at once (each holds its bytes, up to 5 MB, meanwhile). */
export const MAX_WAITING_PER_UPLOADER = 8;
export const IMAGES_BUSY =
  'You have several images being processed right now. Please wait for them to finish, then try again.';
export const IMAGE_UNREADABLE =
  'The thumbnail is not a readable image: please upload a JPEG, PNG, WebP, GIF or AVIF image';

/** Formats accepted from uploads (sharp's names; AVIF is `heif`). SVG only from the demo seed. */
const UPLOAD_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);

export interface Rendition {
  width: number;
  height: number;
  format: RenditionFormat;
  data: Buffer;
}

export interface ProcessedImage {
  /** The largest rendition's size. */
  width: number;
  height: number;
  /** Ascending. */
  widths: number[];
  formats: RenditionFormat[];
  renditions: Rendition[];
  /** A `data:image/webp;base64,…` URL of a tiny blurred version. */
  placeholder: string;
}

/** A job refused because its owner already has as many waiting as it may. */
export class QueueFullError extends Error {}

/**
 * At most `max` jobs at once, shared fairly: each owner has its own queue, and a free place goes to
 * the waiting owner served longest ago (one never served first), so an owner who queued 30 jobs
 * holds up one who queued one only by the jobs already running.
 */
export function fairLimiter(max: number) {
  let active = 0;
  let turns = 0;
  /** Waiting jobs by owner. */
  const queues = new Map<string, Array<() => void>>();
  /** When each owner with jobs waiting or running was last served, and how many of its jobs run. */
  const owners = new Map<string, { lastTurn: number; running: number }>();
  const startNext = () => {
    while (active < max && queues.size > 0) {
      let next: string | undefined;
      for (const owner of queues.keys())
        if (next === undefined || (owners.get(owner)?.lastTurn ?? -1) < (owners.get(next)?.lastTurn ?? -1))
          next = owner;
      const waiting = queues.get(next as string) as Array<() => void>;
      const start = waiting.shift() as () => void;
      if (waiting.length === 0) queues.delete(next as string);
      const state = owners.get(next as string) ?? { lastTurn: 0, running: 0 };
      state.lastTurn = ++turns;
      state.running += 1;
      owners.set(next as string, state);
      active += 1;
      start();
    }
  };
  const finish = (owner: string) => {
    active -= 1;
    const state = owners.get(owner);
    if (state) {
      state.running -= 1;
      if (state.running === 0 && !queues.has(owner)) owners.delete(owner);
    }
    startNext();
  };
  return {
    /** Runs `job` in its owner's turn; `maxWaiting`: refused (QueueFullError) when that many of the owner's wait. */
    run<T>(owner: string, job: () => Promise<T>, { maxWaiting }: { maxWaiting?: number } = {}): Promise<T> {
      if (maxWaiting !== undefined && (queues.get(owner)?.length ?? 0) >= maxWaiting)
        return Promise.reject(new QueueFullError(`${owner} has ${maxWaiting} jobs waiting`));
      const turn = new Promise<void>((resolve) => {
        const waiting = queues.get(owner);
        if (waiting) waiting.push(resolve);
        else queues.set(owner, [resolve]);
      });
      startNext();
      return turn.then(job).finally(() => finish(owner));
    },
    /** Jobs running (all), and waiting (all, or one owner's). */
    load(owner?: string): { active: number; waiting: number } {
      const waiting =
        owner === undefined
          ? [...queues.values()].reduce((sum, q) => sum + q.length, 0)
          : (queues.get(owner)?.length ?? 0);
      return { active, waiting };
    },
  };
}

const queue = fairLimiter(PIPELINE_CONCURRENCY);
/** The pipeline's load now (for tests and diagnostics). */
export const pipelineLoad = (owner?: string) => queue.load(owner);

/**
 * The widths to render for an image `width` pixels wide: the standard ones below it, and its own
 * up to the largest (`max`).
 */
export function renditionWidths(width: number, max: number = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1] as number) {
  const largest = Math.min(width, max);
  return [...RENDITION_WIDTHS.filter((w) => w < largest), largest];
}

export interface ProcessOptions {
  /** For images the API draws itself, never for uploads. */
  allowSvg?: boolean;
  /** The largest rendition's width (at most the largest standard width). */
  maxWidth?: number;
  /** Encode with less effort (somewhat larger files, several times faster): for the demo seed. */
  quick?: boolean;
  /** Only these formats (default: all of RENDITION_FORMATS): to add a new format to stored images. */
  formats?: readonly RenditionFormat[];
  /** Whose image it is (an uploader's user id): the pipeline is shared fairly between owners. */
  owner?: string;
}

/**
 * Processes an image into renditions at `renditionWidths` in every format, and a placeholder.
 * Refuses with 413 an image of more than MAX_INPUT_PIXELS, with 415 anything that does not decode
 * as one of the accepted formats, with 429 an uploader's image beyond MAX_WAITING_PER_UPLOADER waiting.
 */
export async function processImage(input: Buffer, options: ProcessOptions = {}): Promise<ProcessedImage> {
  // Refused at once, without waiting for a turn: the header alone says.
  const meta = await header(input, options.allowSvg ?? false);
  // An uploader's images wait in their own queue, a few at most (429 beyond: their bytes are held meanwhile).
  const limit = options.owner === undefined ? {} : { maxWaiting: MAX_WAITING_PER_UPLOADER };
  return queue
    .run(options.owner ?? 'system', () => pipeline(input, meta, options), limit)
    .catch((error: unknown) => {
      if (error instanceof QueueFullError) throw new HttpError(429, IMAGES_BUSY);
      throw error;
    });
}

/** The image's header (nothing is decoded): 415 for no accepted image, 413 for too many pixels. */
async function header(input: Buffer, allowSvg: boolean): Promise<Metadata> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false, pages: 1 }).metadata();
  } catch {
    throw new HttpError(415, IMAGE_UNREADABLE);
  }
  const format = meta.format ?? '';
  if (!(UPLOAD_FORMATS.has(format) || (allowSvg && format === 'svg'))) throw new HttpError(415, IMAGE_UNREADABLE);
  const frameWidth = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  if (frameWidth < 1 || frameHeight < 1) throw new HttpError(415, IMAGE_UNREADABLE);
  if (frameWidth * frameHeight > MAX_INPUT_PIXELS) throw new HttpError(413, IMAGE_TOO_LARGE(frameWidth, frameHeight));
  return meta;
}

async function pipeline(
  input: Buffer,
  meta: Metadata,
  { maxWidth, quick = false, formats = RENDITION_FORMATS }: ProcessOptions,
) {
  const wanted = RENDITION_FORMATS.filter((format) => formats.includes(format));
  const open = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1, failOn: 'error' });
  const frameWidth = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;

  // Upright size (orientations 5–8 turn the image a quarter), then cropped to a sensible shape.
  const turned = (meta.orientation ?? 1) >= 5;
  const uprightWidth = turned ? frameHeight : frameWidth;
  const uprightHeight = turned ? frameWidth : frameHeight;
  const aspect = Math.min(MAX_ASPECT, Math.max(MIN_ASPECT, uprightWidth / uprightHeight));
  const croppedWidth = Math.min(uprightWidth, Math.round(uprightHeight * aspect));
  const widths = renditionWidths(croppedWidth, maxWidth);
  const largest = widths[widths.length - 1] as number;
  const heightAt = (width: number) => Math.max(1, Math.round(width / aspect));

  // One decode, to the largest rendition's pixels; the others are made from those.
  let master: { data: Buffer; info: OutputInfo };
  try {
    master = await open()
      .rotate()
      .resize({ width: largest, height: heightAt(largest), fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new HttpError(413, IMAGE_TOO_LARGE(frameWidth, frameHeight));
    }
    throw new HttpError(415, IMAGE_UNREADABLE);
  }
  const { width, height, channels } = master.info;
  const pixels = () => sharp(master.data, { raw: { width, height, channels } });
  const encode = (image: Sharp, format: RenditionFormat, w: number) => {
    if (format === 'avif')
      return image.avif({ quality: avifQuality(w), effort: quick ? 1 : AVIF_EFFORT, chromaSubsampling: '4:2:0' });
    if (format === 'webp') return image.webp({ quality: webpQuality(w), effort: quick ? 1 : 4 });
    return image.jpeg(quick ? { quality: 80, optimiseCoding: true } : { quality: 78, mozjpeg: true });
  };

  const jobs = widths.flatMap((w) =>
    wanted.map(async (format): Promise<Rendition> => {
      const h = w === width ? height : heightAt(w);
      const resized = w === width ? pixels() : pixels().resize({ width: w, height: h, fit: 'fill' });
      return { width: w, height: h, format, data: await encode(resized, format, w).toBuffer() };
    }),
  );
  const placeholder = pixels()
    .resize({ width: PLACEHOLDER_WIDTH, height: Math.max(1, Math.round(PLACEHOLDER_WIDTH / aspect)), fit: 'fill' })
    .blur(0.8)
    .webp({ quality: 40, effort: 6 })
    .toBuffer();
  const [renditions, tiny] = await Promise.all([Promise.all(jobs), placeholder]);
  const processed: ProcessedImage = {
    width,
    height,
    widths,
    formats: wanted,
    renditions,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  };
  return processed;
}
