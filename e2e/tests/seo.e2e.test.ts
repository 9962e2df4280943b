import { COURSE_CARD_THUMBNAIL_SIZES, discountedPrice, htmlToText } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Platform, startTestPlatform } from '../support/platform';

// What a search engine's crawler or a link preview sees, fetching a page as curl does: the head the
// shell's server writes (the page itself is rendered in the browser).

let platform: Platform;
let shell: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  shell = platform.urls.shell;
});
afterAll(async () => {
  await platform?.stop();
});

const head = async (path: string) => {
  const res = await fetch(shell + path);
  const html = await res.text();
  return { status: res.status, head: /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '' };
};
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const decodeHtml = (text = '') =>
  text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');

describe('metadata for search engines and link previews', () => {
  it("names and describes the home page, with its canonical URL on the app's origin", async () => {
    const page = await head('/');
    expect(page.status).toBe(200);
    expect(page.head.match(/<title>/g)).toHaveLength(1);
    expect(titleOf(page.head)).toBe('Courseport');
    expect(meta(page.head, 'description')).toMatch(/courses/i);
    expect(page.head).toContain(`<link rel="canonical" href="${shell}/">`);
    expect(meta(page.head, 'og:url')).toBe(`${shell}/`);
    expect(meta(page.head, 'og:site_name')).toBe('Courseport');
    expect(page.head).not.toContain('noindex');
  });

  it('names a search with its text, and keeps its results out of the index', async () => {
    const page = await head('/course-list/java%20basics');
    expect(page.status).toBe(200);
    expect(titleOf(page.head)).toBe('Search: java basics · Courseport');
    expect(decodeHtml(meta(page.head, 'description'))).toContain('“java basics”');
    expect(meta(page.head, 'robots')).toBe('noindex');
    const list = await head('/course-list');
    expect(titleOf(list.head)).toBe('Courses · Courseport');
    expect(list.head).toContain(`<link rel="canonical" href="${shell}/course-list">`);
    // The catalog's answer also named the first card's image (its LCP element) to preload, with the card's sizes.
    const { courses } = await fetch(`${shell}/api/course/all`).then((r) => r.json());
    expect(list.head).toContain(
      `imagesrcset="${courses[0].thumbnail.base}/320.avif 320w, ${courses[0].thumbnail.base}/640.avif 640w, `,
    );
    expect(list.head).toContain(`imagesizes="${COURSE_CARD_THUMBNAIL_SIZES}" type="image/avif" fetchpriority="high">`);
  });

  it('describes a course page by its course: title, text description, thumbnail, and a schema.org Course', async () => {
    const { courses } = await fetch(`${shell}/api/course/all`).then((r) => r.json());
    const { courseData } = await fetch(`${shell}/api/course/${courses[0]._id}`).then((r) => r.json());
    const page = await head(`/course/${courseData._id}`);
    expect(page.status).toBe(200);
    expect(decodeHtml(titleOf(page.head))).toBe(`${courseData.courseTitle} · Courseport`);
    const description = decodeHtml(meta(page.head, 'description'));
    expect(description.length).toBeGreaterThan(20);
    expect(description.length).toBeLessThanOrEqual(155);
    expect(htmlToText(courseData.courseDescription).startsWith(description.replace(/…$/, ''))).toBe(true);
    expect(page.head).toContain(`<link rel="canonical" href="${shell}/course/${courseData._id}">`);
    expect(meta(page.head, 'og:image')).toBe(courseData.courseThumbnail);
    expect(meta(page.head, 'twitter:card')).toBe('summary_large_image');
    // The one API answer also named the image to preload.
    expect(page.head).toMatch(
      /<link rel="preload" as="image" href="[^"]+" imagesrcset="[^"]+" imagesizes="[^"]+" type="image\/avif" fetchpriority="high">/,
    );
    expect(page.head).toContain(`href="${courseData.courseThumbnail}" imagesrcset="${courseData.thumbnail.base}/`);
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.head)?.[1];
    const course = JSON.parse(json ?? 'null');
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: courseData.courseTitle,
      provider: { '@type': 'Organization', name: 'Courseport' },
      offers: [
        {
          '@type': 'Offer',
          price: discountedPrice(courseData.coursePrice, courseData.discount),
          priceCurrency: 'INR',
          category: 'Paid',
        },
      ],
    });
    if (courseData.ratingCount > 0) {
      expect(course.aggregateRating).toMatchObject({ ratingCount: courseData.ratingCount });
    } else {
      expect(course).not.toHaveProperty('aggregateRating');
    }
  });

  it('answers 404 with the app page for a course the API does not have', async () => {
    const page = await head('/course/no-such-course');
    expect(page.status).toBe(404);
    expect(titleOf(page.head)).toBe('Course not found · Courseport');
    expect(page.head).toContain('id="runtime-config"');
    expect(page.head).not.toContain('rel="canonical"');
  });

  it('keeps the signed-in pages and the pages of mailed links out of the index', async () => {
    const paths = [
      '/my-enrollments',
      '/player/c1',
      '/educator/add-course',
      '/admin',
      '/reset-password',
      '/confirm-email',
    ];
    for (const path of paths) {
      const page = await head(path);
      expect(page.status, path).toBe(200);
      expect(meta(page.head, 'robots'), path).toBe('noindex');
    }
  });

  it('serves robots.txt and a sitemap of every published course', async () => {
    const robots = await fetch(`${shell}/robots.txt`);
    expect(robots.headers.get('content-type')).toContain('text/plain');
    const text = await robots.text();
    expect(text).toContain('Disallow: /educator\n');
    expect(text).toContain('Disallow: /my-enrollments\n');
    expect(text).toContain(`Sitemap: ${shell}/sitemap.xml`);

    const sitemap = await fetch(`${shell}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    const xml = await sitemap.text();
    const { courses, total } = await fetch(`${shell}/api/course/all?limit=100`).then((r) => r.json());
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      `${shell}/`,
      `${shell}/course-list`,
      ...courses.map((course: { _id: string }) => `${shell}/course/${course._id}`),
    ]);
    expect(locs).toHaveLength(total + 2);
  });
});
