import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchRoute } from '../../routes.mjs';
import { largestImageHint } from '../../server/first-load-hints.mjs';

const MEDIA = 'https://app.example/api/media/c1';
const THUMBNAIL = {
  base: MEDIA,
  width: 1280,
  height: 720,
  widths: [320, 640],
  formats: ['webp', 'jpeg'],
  placeholder: 'data:image/webp;base64,AAAA',
};
const COURSES: Record<string, unknown> = {
  '/api/course/c1': { courseThumbnail: `${MEDIA}/640.jpeg`, thumbnail: THUMBNAIL },
  '/api/course/old': { courseThumbnail: 'https://img.example.com/old.jpg' },
  '/api/course/bad': { courseThumbnail: 'javascript:alert(1)' },
};

let api: Server;
let apiBaseUrl: string;

beforeAll(async () => {
  // The API's course answer, from memory.
  api = createServer((req, res) => {
    const courseData = COURSES[req.url ?? ''];
    res.writeHead(courseData ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(courseData ? { success: true, courseData } : { success: false }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiBaseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

const hintFor = (path: string) => largestImageHint({ match: matchRoute(path), apiBaseUrl });

describe("the course page's image hint", () => {
  it("names the best format's renditions with the sizes the page draws them at", async () => {
    expect(await hintFor('/course/c1')).toBe(
      `<link rel="preload" as="image" href="${MEDIA}/320.jpeg" imagesrcset="${MEDIA}/320.webp 320w, ${MEDIA}/640.webp 640w" imagesizes="(min-width: 992px) 380px, 90vw" type="image/webp" fetchpriority="high">`,
    );
  });

  it('names the plain thumbnail of a course without renditions', async () => {
    expect(await hintFor('/course/old')).toBe(
      '<link rel="preload" as="image" href="https://img.example.com/old.jpg" fetchpriority="high">',
    );
  });

  it('goes without a hint for another URL scheme, a missing course or a route without an image', async () => {
    expect(await hintFor('/course/bad')).toBe('');
    expect(await hintFor('/course/none')).toBe('');
    expect(await hintFor('/course-list')).toBe('');
  });
});
