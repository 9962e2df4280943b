import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import type { CourseCard, CourseDetails, EducatorCourse, ThumbnailImage } from '@courseport/contracts';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { backfillThumbnails, CLAIM_TTL_MS } from '../src/modules/courses/thumbnail-backfill.js';
import { enrollmentsService } from '../src/modules/enrollments/service.js';
import {
  avifQuality,
  IMAGE_TOO_LARGE,
  IMAGE_UNREADABLE,
  processImage,
  webpQuality,
} from '../src/modules/media/pipeline.js';
import { renditionKey, thumbnailIdOf } from '../src/modules/media/thumbnails.js';
import { newId, type Store } from '../src/store/index.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';

/**
 * Images as a storefront serves them (#17), on both stores: what an upload becomes (renditions with
 * no metadata, refusals that store nothing), how renditions are served, and the thumbnails stored
 * before renditions, processed at start.
 */

const mongoUri = process.env.MONGODB_URI;
if (!mongoUri && process.env.CI && !process.env.MONGO_SKIP_REASON) {
  throw new Error('CI must run the image tests on MongoDB too (.ci/run starts FerretDB).');
}
if (!mongoUri) console.warn(`SKIPPED: images on MongoDB (${process.env.MONGO_SKIP_REASON ?? 'no MONGODB_URI'})`);

const KB = 1024;
const course = (title: string) => ({
  courseTitle: title,
  courseDescription: '<p>About images</p>',
  coursePrice: 100,
  discount: 0,
  courseContent: [
    {
      chapterTitle: 'One',
      chapterContent: [
        { lectureTitle: 'Intro', lectureDuration: 3, lectureUrl: 'https://youtu.be/dQw4w9WgXcQ', isPreviewFree: true },
      ],
    },
  ],
});

/** Whether EXIF data (as `sharp().metadata().exif` gives it) has a GPS block: IFD0's tag 0x8825. */
function hasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') >= 0 ? exif.indexOf('Exif\0\0') + 6 : 0);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (le ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (le ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  return false;
}

/** A phone photo: 4000 × 3000, noisy, held sideways (EXIF orientation 6), with GPS, a P3 profile and XMP. */
/**
 * A photo-like image (1600 × 1200): a gradient with texture at two scales (value noise on 6- and
 * 40-pixel grids, smoothly interpolated) and a little grain, as a photo has detail at every scale.
 * White noise alone is no photo: AVIF keeps what WebP smooths away, and comes out larger.
 */
async function texturedPhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  let seed = 11;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const noise = (cell: number) => {
    const w = Math.ceil(width / cell);
    const h = Math.ceil(height / cell);
    const grid = Buffer.alloc(w * h);
    for (let i = 0; i < grid.length; i++) grid[i] = Math.round(rand() * 255);
    return sharp(grid, { raw: { width: w, height: h, channels: 1 } })
      .resize(width, height, { kernel: 'linear' })
      .raw()
      .toBuffer();
  };
  const [detail, shapes] = await Promise.all([noise(6), noise(40)]);
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    const f = (x / width + y / height) / 2;
    const texture =
      ((detail[i] as number) / 255 - 0.5) * 50 + ((shapes[i] as number) / 255 - 0.5) * 80 + (rand() - 0.5) * 12;
    for (let c = 0; c < 3; c++)
      pixels[i * 3 + c] = Math.max(
        0,
        Math.min(255, ([200, 90, 40][c] as number) * (1 - f) + ([40, 120, 210][c] as number) * f + texture),
      );
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function cameraJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed / 0x7fffffff - 0.5) * 70;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const n = noise();
      pixels[i] = Math.max(0, Math.min(255, 40 + (x / width) * 180 + n));
      pixels[i + 1] = Math.max(0, Math.min(255, 60 + (y / height) * 150 + n));
      pixels[i + 2] = Math.max(0, Math.min(255, 150 - (x / width) * 60 + n));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Courseport', Model: 'Test Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 3/1' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
    )
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 86 })
    .toBuffer();
}

/** A PNG with text chunks, then an HTML page after its end: a browser sniffing it would run the script. */
async function polyglotPng(): Promise<Buffer> {
  const png = await sharp({ create: { width: 400, height: 225, channels: 3, background: '#2563eb' } })
    .png()
    .withMetadata()
    .toBuffer();
  // A tEXt chunk with HTML in it, before IEND (its CRC is not checked by browsers or libpng for text).
  const text = Buffer.from('Comment\0<html><script>alert("tEXt")</script></html>', 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(text.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from('tEXt'), text])));
  const iend = png.length - 12;
  return Buffer.concat([
    png.subarray(0, iend),
    length,
    Buffer.from('tEXt'),
    text,
    crc,
    png.subarray(iend),
    Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
  ]);
}

/** Three frames, red, green and blue. */
async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#00ff00', '#0000ff'].map((background) =>
      sharp({ create: { width: 360, height: 200, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [200, 200, 200], loop: 0 })
    .toBuffer();
}

const stores = [
  { name: 'embedded (NeDB)', enabled: true, mongo: false },
  { name: 'mongodb', enabled: Boolean(mongoUri), mongo: true },
];

describe.each(stores)('images on $name', { timeout: 60_000 }, ({ enabled, mongo }) => {
  const dbName = `images_${newId()}`;
  /** Another connection to the same database (another API process), or the one embedded store. */
  const connect = async (): Promise<Store | undefined> =>
    mongo ? openMongoStore(mongoUri ?? '', { defaultDbName: dbName }) : undefined;
  let api: TestApi;
  let educator: { token: string; userId: string };

  beforeAll(async () => {
    if (!enabled) return;
    const store = await connect();
    api = await startTestApi(store ? { store } : {});
    educator = await userWithProfile(api, 'photographer@example.com', { educator: true });
  });
  afterAll(async () => {
    if (enabled) await api.close();
  });

  const addCourse = (image: Uint8Array, title = 'Images', type = 'image/jpeg') => {
    const body = new FormData();
    body.set('courseData', JSON.stringify(course(title)));
    body.set('image', new Blob([image], { type }), 'upload');
    return api.json('/api/educator/add-course', { method: 'POST', headers: bearer(educator.token), body });
  };
  const storedCourse = (id: string) => api.deps.store.collection<CourseDoc>('courses').findOne({ _id: id });
  /** Every stored blob's id: the files under DATA_DIR/media, or GridFS's `media.files`. */
  const storedBlobs = async (): Promise<string[]> =>
    api.deps.store.kind === 'embedded'
      ? readdir(path.join(api.deps.config.dataDir, 'media')).catch(() => [])
      : (await api.deps.store.collection('media.files').find({})).map((f) => String(f._id));
  const pathOf = (url: string) => new URL(url).pathname;
  /** Every rendition of a thumbnail, fetched: [url, response, bytes]. */
  async function renditionsOf(thumbnail: ThumbnailImage) {
    const urls = thumbnail.widths.flatMap((w) => thumbnail.formats.map((f) => `${thumbnail.base}/${w}.${f}`));
    return Promise.all(
      urls.map(async (url) => {
        const res = await api.request(pathOf(url));
        return { url, res, bytes: Buffer.from(await res.arrayBuffer()) };
      }),
    );
  }
  const usage = async () =>
    (await api.deps.store.collection('uploadUsage').findOne({ _id: educator.userId }))?.bytes ?? 0;

  it.runIf(enabled)(
    'turns a 5 MB phone photo with GPS into upright renditions with no metadata, a small card image and a placeholder',
    async () => {
      const photo = await cameraJpeg();
      const input = await sharp(photo).metadata();
      expect(photo.length).toBeGreaterThan(3 * KB * KB);
      expect(photo.length).toBeLessThanOrEqual(5 * KB * KB);
      expect([input.width, input.height, input.orientation]).toEqual([4000, 3000, 6]);
      expect(hasGps(input.exif)).toBe(true);
      expect(input.icc).toBeDefined();
      expect(input.xmp).toBeDefined();

      const { status, body } = await addCourse(photo, 'Photography on the move');
      expect(status).toBe(201);
      const stored = await storedCourse((body.course as { _id: string })._id);
      const thumbnail = stored?.thumbnail as ThumbnailImage;
      // Turned upright: 3000 × 4000, so the largest rendition is 1280 × 1707.
      expect(thumbnail).toEqual({
        base: expect.stringMatching(new RegExp(`^${api.deps.config.publicApiUrl}/api/media/[a-f0-9]{24}$`)),
        width: 1280,
        height: 1707,
        widths: [320, 640, 960, 1280],
        formats: ['avif', 'webp', 'jpeg'],
        placeholder: expect.stringMatching(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/),
      });
      expect(thumbnail.placeholder.length).toBeLessThan(600);
      const tiny = await sharp(Buffer.from(thumbnail.placeholder.split(',')[1] as string, 'base64')).metadata();
      expect([tiny.format, tiny.width]).toEqual(['webp', 16]);
      expect(stored?.courseThumbnail).toBe(`${thumbnail.base}/640.jpeg`);

      const served = await renditionsOf(thumbnail);
      expect(served).toHaveLength(12);
      for (const { url, res, bytes } of served) {
        expect(res.status, url).toBe(200);
        const meta = await sharp(bytes).metadata();
        const [width, format] = (url.split('/').pop() as string).split('.');
        expect(res.headers.get('content-type')).toBe(`image/${format}`);
        // sharp names an AVIF's container: HEIF, with the AV1 codec.
        expect(meta.format === 'heif' ? (meta.compression === 'av1' ? 'avif' : meta.compression) : meta.format).toBe(
          format,
        );
        expect(meta.width).toBe(Number(width));
        expect(meta.height).toBe(Math.round((Number(width) * 4) / 3));
        expect(meta.orientation ?? 1).toBe(1);
        expect(meta.exif, url).toBeUndefined();
        expect(meta.icc, url).toBeUndefined();
        expect(meta.xmp, url).toBeUndefined();
      }
      const card = served.filter((s) => /\/(320|640)\.(avif|webp|jpeg)$/.test(s.url));
      for (const { url, bytes } of card) expect(bytes.length, url).toBeLessThan(60 * KB);
      // The renditions drawn at 1.5× or more (640 w up: a phone's card, 2× screens) at a lower WebP
      // quality than the 1× card's: the 640 w WebP, a phone's card and the course list's LCP image
      // there, well under the JPEG beside it.
      expect([320, 640, 960, 1280].map(webpQuality)).toEqual([74, 64, 64, 64]);
      const at640 = (format: string) => served.find((s) => s.url.endsWith(`/640.${format}`))?.bytes.length ?? 0;
      expect(at640('webp')).toBeLessThan(at640('jpeg') * 0.85);
      // Its AVIF renditions are all there (sizes: see the textured photo below; this one is white noise).
      expect([320, 640, 960, 1280].map(avifQuality)).toEqual([56, 40, 40, 40]);
    },
  );

  it.runIf(enabled)(
    "encodes a photo's card renditions in AVIF well under the WebP (the picture's first source)",
    async () => {
      const image = await processImage(await texturedPhoto());
      expect(image.formats).toEqual(['avif', 'webp', 'jpeg']);
      const size = (width: number, format: string) =>
        image.renditions.find((r) => r.width === width && r.format === format)?.data.length ?? 0;
      // The 640 w is a phone's card (the course list's LCP image there, preloaded); the 320 w a desktop card.
      expect(size(640, 'avif')).toBeLessThan(size(640, 'webp') * 0.8);
      expect(size(320, 'avif')).toBeLessThan(size(320, 'webp'));
    },
  );

  it.runIf(enabled)(
    'refuses a decompression bomb (a small PNG of 8000 × 8000 pixels) with 413, storing nothing',
    async () => {
      const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect(bomb.length).toBeLessThan(512 * KB);
      const blobs = await storedBlobs();
      const courses = await api.deps.store.collection('courses').countDocuments({});
      const used = await usage();
      expect(await addCourse(bomb, 'Bomb', 'image/png')).toMatchObject({
        status: 413,
        body: { success: false, message: IMAGE_TOO_LARGE(8000, 8000) },
      });
      expect(IMAGE_TOO_LARGE(8000, 8000)).toBe(
        'The thumbnail is too large (8000 × 8000 pixels): it may have at most 16.8 megapixels (4096 × 4096)',
      );
      expect(await storedBlobs()).toEqual(blobs);
      expect(await api.deps.store.collection('courses').countDocuments({})).toBe(courses);
      expect(await usage()).toBe(used);
    },
  );

  it.runIf(enabled)('refuses with 415 what only starts like an image, storing nothing', async () => {
    const broken = Buffer.concat([thumbnailPng(1, 64, 36).subarray(0, 60), Buffer.alloc(200, 7)]);
    const blobs = await storedBlobs();
    expect(await addCourse(broken, 'Broken', 'image/png')).toMatchObject({
      status: 415,
      body: { success: false, message: IMAGE_UNREADABLE },
    });
    expect(await storedBlobs()).toEqual(blobs);
  });

  it.runIf(enabled)('re-encodes a PNG that is also an HTML page: the served images carry none of it', async () => {
    const polyglot = await polyglotPng();
    expect(polyglot.includes('<script>')).toBe(true);
    expect((await sharp(polyglot).metadata()).format).toBe('png');
    const { status, body } = await addCourse(polyglot, 'Polyglots', 'image/png');
    expect(status).toBe(201);
    const thumbnail = (await storedCourse((body.course as { _id: string })._id))?.thumbnail as ThumbnailImage;
    expect(thumbnail.widths).toEqual([320, 400]);
    for (const { url, res, bytes } of await renditionsOf(thumbnail)) {
      expect(res.status, url).toBe(200);
      expect(bytes.includes('<script'), url).toBe(false);
      expect(bytes.includes('<html'), url).toBe(false);
      expect(bytes.includes('tEXt'), url).toBe(false);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      // Still the blue of the image.
      expect(Math.abs((data[2] as number) - 0xeb)).toBeLessThan(12);
    }
  });

  it.runIf(enabled)('keeps the first frame of an animated GIF, as a still image', async () => {
    const gif = await animatedGif();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const { status, body } = await addCourse(gif, 'Animation', 'image/gif');
    expect(status).toBe(201);
    const thumbnail = (await storedCourse((body.course as { _id: string })._id))?.thumbnail as ThumbnailImage;
    expect([thumbnail.width, thumbnail.height]).toEqual([360, 200]);
    for (const { url, bytes } of await renditionsOf(thumbnail)) {
      const meta = await sharp(bytes, { pages: -1 }).metadata();
      expect(meta.pages ?? 1, url).toBe(1);
      expect(meta.height, url).toBe(meta.width === 320 ? 178 : 200);
      const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      expect(
        [data[0], data[1], data[2]].map((v) => Math.round((v as number) / 32)),
        url,
      ).toEqual([8, 0, 0]);
    }
  });

  it.runIf(enabled)(
    'serves renditions for good (immutable, ETag, nosniff, sandboxed), 404 for anything else, and the old URL',
    async () => {
      const { body } = await addCourse(thumbnailPng(9, 1000, 562, undefined), 'Serving', 'image/png');
      const thumbnail = (await storedCourse((body.course as { _id: string })._id))?.thumbnail as ThumbnailImage;
      expect(thumbnail.widths).toEqual([320, 640, 960, 1000]);
      const base = pathOf(thumbnail.base);
      const res = await api.request(`${base}/640.webp`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      const etag = res.headers.get('etag') ?? '';
      expect(etag).toMatch(/^"[a-f0-9]{24}-640-webp"$/);
      expect((await api.request(`${base}/640.webp`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
      expect((await api.request(`${base}/640.jpeg`)).headers.get('etag')).not.toBe(etag);
      const avif = await api.request(`${base}/640.avif`);
      expect([avif.status, avif.headers.get('content-type'), avif.headers.get('cache-control')]).toEqual([
        200,
        'image/avif',
        'public, max-age=31536000, immutable',
      ]);
      expect(avif.headers.get('etag')).toMatch(/^"[a-f0-9]{24}-640-avif"$/);
      expect(avif.headers.get('x-content-type-options')).toBe('nosniff');

      for (const file of [
        '700.webp',
        '2000.jpeg',
        '640.png',
        '640.jpg',
        '700.avif',
        '640.avi',
        '0640.webp',
        '640.webp.html',
        '-1.jpeg',
        'x',
      ]) {
        const missing = await api.json(`${base}/${file}`);
        expect([file, missing.status, missing.body]).toEqual([
          file,
          404,
          { success: false, message: 'Media not found' },
        ]);
      }
      expect((await api.json(`/api/media/${newId()}/640.webp`)).status).toBe(404);
      expect((await api.json('/api/media/not-an-id/640.webp')).status).toBe(404);

      // The id alone (URLs from before renditions): the largest standard JPEG.
      const old = await api.request(base);
      expect(old.status).toBe(200);
      expect(old.headers.get('content-type')).toBe('image/jpeg');
      expect((await sharp(Buffer.from(await old.arrayBuffer())).metadata()).width).toBe(960);
      expect(old.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    },
  );

  it.runIf(enabled)('returns thumbnail beside courseThumbnail wherever a course is returned', async () => {
    const { body } = await addCourse(thumbnailPng(4, 800, 450), 'Everywhere', 'image/png');
    const id = (body.course as { _id: string })._id;
    const stored = await storedCourse(id);
    const expected = { courseThumbnail: stored?.courseThumbnail, thumbnail: stored?.thumbnail };
    expect(expected.thumbnail?.widths).toEqual([320, 640, 800]);

    const cards = (await api.json<{ courses: CourseCard[] }>('/api/course/all?search=Everywhere')).body.courses;
    expect(cards.find((c) => c._id === id)).toMatchObject(expected);
    const details = (await api.json<{ courseData: CourseDetails }>(`/api/course/${id}`)).body.courseData;
    expect(details).toMatchObject(expected);
    const mine = (
      await api.json<{ courses: EducatorCourse[] }>('/api/educator/courses', { headers: bearer(educator.token) })
    ).body.courses;
    expect(mine.find((c) => c._id === id)).toMatchObject(expected);
    const learner = await userWithProfile(api, 'looker@example.com');
    await enrollmentsService(api.deps.store, api.deps.clock).enroll(learner.userId, id, newId());
    const enrolled = (
      await api.json<{ enrolledCourses: CourseDetails[] }>('/api/user/enrolled-courses', {
        headers: bearer(learner.token),
      })
    ).body.enrolledCourses;
    expect(enrolled.find((c) => c._id === id)).toMatchObject(expected);
  });

  it.runIf(enabled)(
    'processes thumbnails stored before renditions once, on replicas at once, keeping their old URLs',
    async () => {
      const { store, config, clock } = api.deps;
      const courses = store.collection<CourseDoc>('courses');
      const base = {
        courseDescription: '',
        coursePrice: 1,
        discount: 0,
        educator: { _id: educator.userId, name: 'E' },
        courseContent: [],
        courseRatings: [],
        enrolledStudents: [],
        isPublished: true,
        createdAt: new Date(),
      };
      // A photo with GPS as it was stored, an image that does not decode, a stale claim, and others to leave alone.
      const [photoId, brokenId, staleId, missingId] = [newId(), newId(), newId(), newId()];
      const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0f766e' } })
        .withExif({ IFD0: { Make: 'Old' }, IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 51/1 0/1' } })
        .jpeg()
        .toBuffer();
      expect(hasGps((await sharp(photo).metadata()).exif)).toBe(true);
      await store.blobs.put(photoId, photo, 'image/jpeg');
      await store.blobs.put(brokenId, Buffer.concat([photo.subarray(0, 300), Buffer.alloc(300)]), 'image/jpeg');
      await store.blobs.put(staleId, thumbnailPng(2, 480, 270), 'image/png');
      const legacy = (id: string) => `${config.publicApiUrl}/api/media/${id}`;
      await courses.insertMany([
        { _id: 'legacy-photo', courseTitle: 'Photo', courseThumbnail: legacy(photoId), ...base },
        { _id: 'legacy-broken', courseTitle: 'Broken', courseThumbnail: legacy(brokenId), ...base },
        {
          _id: 'legacy-stale',
          courseTitle: 'Stale',
          courseThumbnail: legacy(staleId),
          thumbnailClaim: { by: 'crashed', at: new Date(Date.now() - CLAIM_TTL_MS - 1000) },
          ...base,
        },
        { _id: 'legacy-missing', courseTitle: 'Missing', courseThumbnail: legacy(missingId), ...base },
        { _id: 'external', courseTitle: 'External', courseThumbnail: 'https://images.example.com/x.png', ...base },
      ]);
      const before = await courses.findOne({ _id: 'legacy-broken' });

      // Two API processes starting together (on MongoDB, two connections).
      const second = (await connect()) ?? store;
      const logger = pino({ level: 'silent' });
      const results = await Promise.all([
        backfillThumbnails({ store, clock, logger }, config.publicApiUrl),
        backfillThumbnails({ store: second, clock, logger }, config.publicApiUrl),
      ]);
      if (second !== store) await second.close();
      expect(results.reduce((n, r) => n + r.processed, 0)).toBe(2);

      const migrated = await courses.findOne({ _id: 'legacy-photo' });
      expect(migrated?.thumbnail).toMatchObject({
        base: legacy(photoId),
        width: 1280,
        height: 720,
        widths: [320, 640, 960, 1280],
      });
      expect(migrated?.courseThumbnail).toBe(`${legacy(photoId)}/640.jpeg`);
      expect(migrated?.thumbnailClaim).toBeUndefined();
      for (const { url, res, bytes } of await renditionsOf(migrated?.thumbnail as ThumbnailImage)) {
        expect(res.status, url).toBe(200);
        expect((await sharp(bytes).metadata()).exif, url).toBeUndefined();
      }
      // The old URL still works, and now serves the clean largest JPEG instead of the upload.
      const old = await api.request(`/api/media/${photoId}`);
      expect(old.headers.get('content-type')).toBe('image/jpeg');
      const oldMeta = await sharp(Buffer.from(await old.arrayBuffer())).metadata();
      expect([oldMeta.width, oldMeta.exif]).toEqual([1280, undefined]);

      expect((await courses.findOne({ _id: 'legacy-stale' }))?.thumbnail?.widths).toEqual([320, 480]);
      // What could not be processed is left exactly as it was (its claim given back).
      expect(await courses.findOne({ _id: 'legacy-broken' })).toEqual(before);
      expect((await courses.findOne({ _id: 'legacy-missing' }))?.thumbnail).toBeUndefined();
      expect((await courses.findOne({ _id: 'legacy-missing' }))?.thumbnailClaim).toBeUndefined();
      expect((await courses.findOne({ _id: 'external' }))?.thumbnail).toBeUndefined();

      // Once: a second start processes nothing more (and tries the broken ones again).
      expect(await backfillThumbnails({ store, clock, logger }, config.publicApiUrl)).toEqual({
        processed: 0,
        failed: 2,
      });
    },
  );

  it.runIf(enabled)(
    'adds AVIF renditions once to thumbnails processed before AVIF, on replicas at once, losing nothing',
    async () => {
      const { store, config, clock } = api.deps;
      const courses = store.collection<CourseDoc>('courses');
      /** A course as it was stored before AVIF: WebP and JPEG renditions only. */
      const beforeAvif = async (title: string, png: Buffer) => {
        const { body } = await addCourse(png, title, 'image/png');
        const id = (body.course as { _id: string })._id;
        const thumbnail = (await storedCourse(id))?.thumbnail as ThumbnailImage;
        const blobId = thumbnailIdOf(thumbnail);
        for (const w of thumbnail.widths) await store.blobs.delete(renditionKey(blobId, w, 'avif'));
        await courses.updateOne({ _id: id }, { $set: { 'thumbnail.formats': ['webp', 'jpeg'] } });
        return { id, blobId, thumbnail: { ...thumbnail, formats: ['webp', 'jpeg'] } as ThumbnailImage };
      };
      const old = await beforeAvif('Before AVIF', thumbnailPng(5, 1100, 620));
      const kept = await renditionsOf(old.thumbnail);
      expect(kept).toHaveLength(8);
      expect((await api.request(`${pathOf(old.thumbnail.base)}/640.avif`)).status).toBe(404);
      // One whose largest renditions are gone cannot get AVIF: it keeps what it has.
      const broken = await beforeAvif('Before AVIF, broken', thumbnailPng(6, 700, 400));
      for (const format of ['jpeg', 'webp'] as const)
        await store.blobs.delete(renditionKey(broken.blobId, broken.thumbnail.width, format));
      const brokenBefore = await courses.findOne({ _id: broken.id });

      const second = (await connect()) ?? store;
      const logger = pino({ level: 'silent' });
      const results = await Promise.all([
        backfillThumbnails({ store, clock, logger }, config.publicApiUrl),
        backfillThumbnails({ store: second, clock, logger }, config.publicApiUrl),
      ]);
      if (second !== store) await second.close();
      expect(results.reduce((n, r) => n + r.processed, 0)).toBe(1);

      const updated = (await courses.findOne({ _id: old.id })) as CourseDoc;
      expect(updated.thumbnail).toEqual({ ...old.thumbnail, formats: ['avif', 'webp', 'jpeg'] });
      expect(updated.thumbnailClaim).toBeUndefined();
      const served = await renditionsOf(updated.thumbnail as ThumbnailImage);
      expect(served).toHaveLength(12);
      for (const { url, res, bytes } of served) {
        expect(res.status, url).toBe(200);
        const [width, format] = (url.split('/').pop() as string).split('.');
        if (format !== 'avif') {
          // The WebP and JPEG renditions are the very same bytes.
          expect(bytes.equals(kept.find((k) => k.url === url)?.bytes as Buffer), url).toBe(true);
          continue;
        }
        expect(res.headers.get('content-type')).toBe('image/avif');
        const meta = await sharp(bytes).metadata();
        expect([meta.compression, meta.width, meta.exif], url).toEqual(['av1', Number(width), undefined]);
      }
      expect(await courses.findOne({ _id: broken.id })).toEqual(brokenBefore);

      // Once: a second start adds nothing more (and tries the broken ones again).
      expect((await backfillThumbnails({ store, clock, logger }, config.publicApiUrl)).processed).toBe(0);
      expect(await courses.findOne({ _id: broken.id })).toEqual(brokenBefore);
    },
  );
});
