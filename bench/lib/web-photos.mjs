// The "camera photos" catalog of `pnpm bench:web`: camera-size JPEGs generated at run time (never
// committed) and uploaded as the thumbnails of new courses through the real API, as the demo
// educator, so the course list's first page (newest first) shows them. Also: image bytes per card.
import { createRequire } from 'node:module';
import path from 'node:path';

/** sharp is a dependency of the API; the bench takes the API's copy rather than a second one. */
const sharp = createRequire(path.resolve(import.meta.dirname, '../../api/package.json'))('sharp');

export const DEMO_EDUCATOR = { email: 'educator@courseport.dev', password: 'courseport-demo' };
/** A camera's 12-megapixel 4:3 frame. */
export const PHOTO_SIZE = { width: 4000, height: 3000 };
/**
 * How many photo courses, each with a twin whose thumbnail is demo art: the API's upload quota is
 * 50 MB of images per educator and its limit 20 new courses an hour, so 10 photos of ~3 MB and
 * their 10 twins fit both.
 */
export const PHOTO_COUNT = 10;
/** The API refuses thumbnails over 5 MB; photos are made smaller than this. */
const MAX_PHOTO_BYTES = 4.5 * 1024 * 1024;

/** Deterministic pseudo-random numbers (mulberry32), so every run uploads the same photos. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Smooth value noise: random values on a grid of `cell`-pixel squares, interpolated between them.
 * @param {() => number} rand
 * @param {number} cell
 */
function valueNoise(rand, cell) {
  const columns = Math.ceil(PHOTO_SIZE.width / cell) + 2;
  const rows = Math.ceil(PHOTO_SIZE.height / cell) + 2;
  const grid = new Float32Array(columns * rows);
  for (let i = 0; i < grid.length; i++) grid[i] = rand() - 0.5;
  return (/** @type {number} */ x, /** @type {number} */ y) => {
    const fx = x / cell;
    const fy = y / cell;
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const tx = fx - x0;
    const ty = fy - y0;
    const at = y0 * columns + x0;
    const top = grid[at] * (1 - tx) + grid[at + 1] * tx;
    const bottom = grid[at + columns] * (1 - tx) + grid[at + columns + 1] * tx;
    return top * (1 - ty) + bottom * ty;
  };
}

/**
 * One camera-size photo: a 4000×3000 diagonal gradient with texture at three scales (sensor grain
 * per pixel, 6-pixel and 40-pixel detail, so that the card-size renditions keep detail as a real
 * photo's do, ~13 KB at 320 px and ~55 KB at 640 px in WebP), JPEG quality 90, with camera EXIF.
 * About 3 MB.
 * @param {number} index
 * @returns {Promise<Buffer>}
 */
export async function cameraPhoto(index) {
  const { width, height } = PHOTO_SIZE;
  const rand = random(1000 + index);
  const from = [rand() * 255, rand() * 255, rand() * 255];
  const to = [rand() * 255, rand() * 255, rand() * 255];
  const detail = valueNoise(rand, 6);
  const shapes = valueNoise(rand, 40);
  for (let grain = 12 + (index % 4) * 2; ; grain -= 4) {
    const pixels = Buffer.alloc(width * height * 3);
    let i = 0;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const f = (x / width + y / height) / 2;
        const texture = (rand() - 0.5) * grain + detail(x, y) * 50 + shapes(x, y) * 80;
        for (let c = 0; c < 3; c++)
          pixels[i++] = Math.max(0, Math.min(255, from[c] * (1 - f) + to[c] * f + texture * (1 + 0.2 * c)));
      }
    }
    const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .withExif({
        IFD0: {
          Make: 'Courseport',
          Model: 'Bench Camera 12MP',
          Software: 'bench/lib/web-photos.mjs',
          DateTime: '2026:01:01 12:00:00',
        },
      })
      .toBuffer();
    if (jpeg.length <= MAX_PHOTO_BYTES || grain <= 0) return jpeg;
  }
}

/**
 * @param {string} apiUrl
 * @param {string} route e.g. `/api/auth/sign-in`
 * @param {RequestInit} init
 */
async function call(apiUrl, route, init) {
  let res = await fetch(`${apiUrl}${route}`, init);
  // The API's rate limit on the educator's routes (toggling 12 courses between loads can reach
  // it on a fast run): wait as long as it says, a few times at most.
  for (let tries = 0; res.status === 429 && tries < 5; tries++) {
    const seconds = Number(res.headers.get('retry-after')) || 3;
    await res.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    res = await fetch(`${apiUrl}${route}`, init);
  }
  const body = await res.json().catch(() => ({}));
  if (!res.ok || body.success === false)
    throw new Error(`${init.method ?? 'GET'} ${route}: HTTP ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/**
 * The demo catalog's cover art, as uploaded files: each demo course's largest JPEG rendition.
 * @param {string} apiUrl
 * @returns {Promise<Buffer[]>}
 */
async function demoCovers(apiUrl) {
  const { courses } = await call(apiUrl, '/api/course/all', {});
  const covers = [];
  for (const course of courses) {
    const thumbnail = course.thumbnail;
    if (!thumbnail?.base || !thumbnail.formats?.includes('jpeg')) continue;
    const width = Math.max(...(thumbnail.widths?.length ? thumbnail.widths : [thumbnail.width]));
    const res = await fetch(`${thumbnail.base}/${width}.jpeg`);
    if (!res.ok) throw new Error(`GET ${thumbnail.base}/${width}.jpeg: HTTP ${res.status}`);
    covers.push(Buffer.from(await res.arrayBuffer()));
  }
  if (covers.length === 0) throw new Error('The demo catalog has no cover with renditions');
  return covers;
}

/** The same course, text and all, for a photo course and its twin: only the thumbnail differs. */
const courseData = (i) =>
  JSON.stringify({
    courseTitle: `Field Photography ${i + 1}: light and composition`,
    courseDescription: '<p>A course whose thumbnail is a camera-size photo or demo art (bench:web).</p>',
    coursePrice: 49 + i,
    discount: 10,
    status: 'published',
    // One lecture: a course without any may be saved but not published again once unpublished.
    courseContent: [
      {
        chapterTitle: 'Light',
        chapterContent: [
          {
            lectureTitle: 'Reading the light',
            lectureDuration: 5,
            lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
            isPreviewFree: true,
          },
        ],
      },
    ],
  });

/**
 * Signs in as the demo educator and adds `count` published courses, each with a generated camera
 * photo as its thumbnail (multipart `POST /api/educator/add-course`, as the educator portal does),
 * and for each a twin, the same course with a demo cover as its thumbnail: the comparison then
 * shows the same cards, text and count with either kind of thumbnail (`setPhotoCoursesPublished`).
 * The API makes the renditions as it does for any upload.
 * @param {string} apiUrl
 * @param {{ count?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ count: number, bytes: number, largest: number, seconds: number, uploadSeconds: number, session: PhotoCourses }>}
 */
export async function uploadPhotoCourses(apiUrl, { count = PHOTO_COUNT, log = () => {} } = {}) {
  const started = Date.now();
  const { token } = await call(apiUrl, '/api/auth/sign-in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(DEMO_EDUCATOR),
  });
  let bytes = 0;
  let largest = 0;
  let uploadMs = 0;
  /** @type {string[]} */
  const ids = [];
  const covers = await demoCovers(apiUrl);
  /** @param {Buffer} image @param {string} name @param {number} i */
  const addCourse = async (image, name, i) => {
    const form = new FormData();
    form.append('courseData', courseData(i));
    form.append('image', new Blob([image], { type: 'image/jpeg' }), name);
    const added = await call(apiUrl, '/api/educator/add-course', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: form,
    });
    return /** @type {string} */ (added.course._id);
  };
  /** @type {string[]} */
  const twinIds = [];
  for (let i = 0; i < count; i++) {
    twinIds.push(await addCourse(covers[i % covers.length], `cover-${i + 1}.jpg`, i));
    const photo = await cameraPhoto(i);
    bytes += photo.length;
    largest = Math.max(largest, photo.length);
    const uploadStarted = Date.now();
    ids.push(await addCourse(photo, `IMG_${String(1000 + i)}.jpg`, i));
    uploadMs += Date.now() - uploadStarted;
    log(
      `  photo ${i + 1}/${count}: ${(photo.length / 1024 / 1024).toFixed(2)} MB uploaded, and its twin with demo art`,
    );
  }
  return {
    count,
    bytes,
    largest,
    seconds: (Date.now() - started) / 1000,
    uploadSeconds: uploadMs / 1000,
    session: { apiUrl, token, ids, twinIds },
  };
}

/** @typedef {{ apiUrl: string, token: string, ids: string[], twinIds: string[] }} PhotoCourses the photo courses, their twins with demo art and their educator's token */

/**
 * Publishes the photo courses and unpublishes their twins, or the other way round (the educator's
 * lifecycle routes), so the course list shows the same courses with photos or with demo art on the
 * same running platform: the comparison's loads can take turns instead of running one after the
 * other. The API's catalog cache rebuilds on the write.
 * @param {PhotoCourses} courses
 * @param {boolean} photos
 */
export async function setPhotoCoursesPublished({ apiUrl, token, ids, twinIds }, photos) {
  /** @param {string} id @param {boolean} published */
  const set = (id, published) =>
    call(apiUrl, `/api/educator/courses/${encodeURIComponent(id)}/${published ? 'publish' : 'unpublish'}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
  for (const id of photos ? twinIds : ids) await set(id, false);
  for (const id of photos ? ids : twinIds) await set(id, true);
}

/** Counts the course cards of the page (storefront's `.sf-course-card`); run in the page. */
export const countCards = () => document.querySelectorAll('.sf-course-card').length;
