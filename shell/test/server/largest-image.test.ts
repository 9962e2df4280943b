import { COURSE_CARD_THUMBNAIL_SIZES } from '@courseport/contracts';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../routes.mjs';
import { largestImageHint } from '../../server/first-load-hints.mjs';

const MEDIA = 'https://app.example/api/media/c1';
const THUMBNAIL = {
  base: MEDIA,
  width: 1280,
  height: 720,
  widths: [320, 640],
  formats: ['avif', 'webp', 'jpeg'],
  placeholder: 'data:image/webp;base64,AAAA',
};
const COURSES: Record<string, unknown> = {
  '/api/course/c1': { courseThumbnail: `${MEDIA}/640.jpeg`, thumbnail: THUMBNAIL },
  '/api/course/old': { courseThumbnail: 'https://img.example.com/old.jpg' },
  '/api/course/bad': { courseThumbnail: 'javascript:alert(1)' },
};

/** Catalog pages (`courses`, newest first) by the route's first call. */
const CATALOGS: Record<string, unknown[]> = {
  '/api/course/all': [{ courseThumbnail: `${MEDIA}/640.jpeg`, thumbnail: THUMBNAIL }, COURSES['/api/course/old']],
  '/api/course/all?search=old': [COURSES['/api/course/old']],
  '/api/course/all?search=none': [],
};

/** The hint for a path, given the API's answer to the route's first call (as the server fetched it). */
function hintFor(path: string) {
  const match = matchRoute(path);
  const courseData = match?.prefetch ? COURSES[match.prefetch] : undefined;
  const courses = match?.prefetch ? CATALOGS[match.prefetch] : undefined;
  const answer = courseData
    ? { status: 200, body: { success: true, courseData } }
    : courses
      ? { status: 200, body: { success: true, courses } }
      : { status: 404, body: { success: false } };
  return largestImageHint({ match, answer });
}

describe("the course page's image hint", () => {
  it("names the best format's renditions with the sizes the page draws them at", () => {
    expect(hintFor('/course/c1')).toBe(
      `<link rel="preload" as="image" href="${MEDIA}/320.jpeg" imagesrcset="${MEDIA}/320.avif 320w, ${MEDIA}/640.avif 640w" imagesizes="(min-width: 992px) 380px, 90vw" type="image/avif" fetchpriority="high">`,
    );
  });

  it('names the plain thumbnail of a course without renditions', () => {
    expect(hintFor('/course/old')).toBe(
      '<link rel="preload" as="image" href="https://img.example.com/old.jpg" fetchpriority="high">',
    );
  });

  it('goes without a hint for another URL scheme, a missing course or a route without an image', () => {
    expect(hintFor('/course/bad')).toBe('');
    expect(hintFor('/course/none')).toBe('');
    expect(hintFor('/')).toBe('');
  });
});

describe("the course list's image hint", () => {
  it("names the first card's renditions with the card's sizes (its density capped on phones)", () => {
    expect(hintFor('/course-list')).toBe(
      `<link rel="preload" as="image" href="${MEDIA}/320.jpeg" imagesrcset="${MEDIA}/320.avif 320w, ${MEDIA}/640.avif 640w" imagesizes="${COURSE_CARD_THUMBNAIL_SIZES}" type="image/avif" fetchpriority="high">`,
    );
    expect(COURSE_CARD_THUMBNAIL_SIZES).toMatch(/^\(max-width: 575px\) and \(min-resolution: 2\.5dppx\) 45vw, /);
  });

  it("names a search's first card, and nothing for a search without results", () => {
    expect(hintFor('/course-list/old')).toBe(
      '<link rel="preload" as="image" href="https://img.example.com/old.jpg" fetchpriority="high">',
    );
    expect(hintFor('/course-list/none')).toBe('');
  });
});
