import { ROUTES } from '@courseport/contracts/platform';
import { describe, expect, it } from 'vitest';
import { matchRoute } from '../../routes.mjs';
import {
  courseStructuredData,
  escapeHtml,
  isoCurrency,
  jsonLdHtml,
  metadataHtml,
  pageFacts,
  shortDescription,
} from '../../server/page-metadata.mjs';

const ORIGIN = 'https://courseport.example';
const HOSTILE = '</script><script>alert(1)</script> "><img src=x onerror=alert(2)> $& $\' $`';

const course = (overrides: Record<string, unknown> = {}) => ({
  _id: 'c1',
  courseTitle: 'Java Basics',
  courseDescription: '<h2>Start here</h2><p>Learn <b>Java</b> &amp; build things.</p>',
  courseThumbnail: 'https://courseport.example/api/media/t1/640.jpeg',
  coursePrice: 500,
  discount: 10,
  educator: { name: 'Ada Lovelace' },
  averageRating: 4,
  ratingCount: 12,
  enrolledCount: 30,
  createdAt: '2025-01-01T00:00:00.000Z',
  courseContent: [],
  ...overrides,
});

/** The head and title of a path, as the shell's server writes them. */
function head(pathname: string, answer: { status: number; body: unknown } | null = null, currency = 'INR') {
  const facts = pageFacts({ pathname, match: matchRoute(pathname), answer, origin: ORIGIN, currency });
  return { facts, html: metadataHtml(facts, ORIGIN) };
}
const courseAnswer = (overrides: Record<string, unknown> = {}) => ({
  status: 200,
  body: { success: true, courseData: course(overrides) },
});
const jsonLd = (html: string) =>
  JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

describe("a page's metadata", () => {
  it('names the home page and the course list as the app does, with a description, canonical URL and preview', () => {
    const home = head('/');
    expect(home.facts.title).toBe('Courseport');
    expect(home.html).toContain('<meta name="description" content="Online courses across coding');
    expect(home.html).toContain(`<link rel="canonical" href="${ORIGIN}/">`);
    expect(home.html).toContain('<meta property="og:url" content="https://courseport.example/">');
    expect(home.html).toContain('<meta property="og:site_name" content="Courseport">');
    expect(home.html).toContain('<meta name="twitter:card" content="summary">');
    expect(home.html).not.toContain('noindex');

    const list = head('/course-list/');
    expect(list.facts.title).toBe('Courses · Courseport');
    expect(list.html).toContain(`<link rel="canonical" href="${ORIGIN}/course-list">`);
  });

  it('describes a search with its text, and leaves the results out of the index', () => {
    const { facts, html } = head('/course-list/java basics');
    expect(facts.title).toBe('Search: java basics · Courseport');
    expect(html).toContain(
      '<meta name="description" content="Courses on Courseport whose title contains “java basics”.">',
    );
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<meta property="og:url" content="https://courseport.example/course-list/java%20basics">');
    expect(html).not.toContain('rel="canonical"');
  });

  it('describes a course page by the course: its title, its description as text, its thumbnail and a schema.org Course', () => {
    const { facts, html } = head('/course/c1', courseAnswer());
    expect(facts.title).toBe('Java Basics · Courseport');
    expect(facts.status).toBeUndefined();
    expect(html).toContain('<meta name="description" content="Start here Learn Java &#38; build things.">');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/course/c1">`);
    expect(html).toContain('<meta property="og:title" content="Java Basics">');
    expect(html).toContain('<meta property="og:image" content="https://courseport.example/api/media/t1/640.jpeg">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="twitter:image" content="https://courseport.example/api/media/t1/640.jpeg">');
    expect(jsonLd(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Course',
      name: 'Java Basics',
      description: 'Start here Learn Java & build things.',
      url: `${ORIGIN}/course/c1`,
      image: ['https://courseport.example/api/media/t1/640.jpeg'],
      provider: { '@type': 'Organization', name: 'Courseport', url: ORIGIN },
      author: { '@type': 'Person', name: 'Ada Lovelace' },
      offers: [
        {
          '@type': 'Offer',
          category: 'Paid',
          price: 450,
          priceCurrency: 'INR',
          availability: 'https://schema.org/InStock',
          url: `${ORIGIN}/course/c1`,
        },
      ],
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, ratingCount: 12, bestRating: 5, worstRating: 1 },
    });
  });

  it('rates a course only once it has ratings, calls a free course free, and names no price without a currency', () => {
    const data = courseStructuredData(course({ ratingCount: 0, averageRating: 0, discount: 100 }) as never, {
      url: `${ORIGIN}/course/c1`,
      origin: ORIGIN,
      description: 'x',
      currency: 'INR',
    });
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data.offers?.[0]).toMatchObject({ category: 'Free', price: 0 });
    const unknown = courseStructuredData(course({ educator: null }) as never, {
      url: '',
      origin: ORIGIN,
      description: 'x',
    });
    expect(unknown).not.toHaveProperty('offers');
    expect(unknown).not.toHaveProperty('author');
  });

  it('cuts a long description at a word, to about 155 characters', () => {
    const long = `<p>${'word '.repeat(100)}</p>`;
    const { html } = head('/course/c1', courseAnswer({ courseDescription: long }));
    const description = /<meta name="description" content="([^"]*)">/.exec(html)?.[1] ?? '';
    expect(description.length).toBeLessThanOrEqual(155);
    expect(description).toMatch(/ word…$/);
    expect(shortDescription('short')).toBe('short');
    expect(Array.from(shortDescription('🙂'.repeat(200))).length).toBe(155);
  });

  it('keeps a hostile course title and description text: escaped in every tag, unable to leave the JSON-LD', () => {
    const { facts, html } = head(
      '/course/c1',
      courseAnswer({ courseTitle: HOSTILE, courseDescription: `<p>${HOSTILE.replace(/</g, '&lt;')}</p>` }),
    );
    expect(facts.title).toBe(`${HOSTILE} · Courseport`);
    // One script element, the data block, and no markup of the title's in the head.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<img');
    expect(html).not.toMatch(/content="[^"]*"[^ >]/);
    expect(html).toContain('&#60;/script&#62;&#60;script&#62;alert(1)');
    expect(jsonLd(html).name).toBe(HOSTILE);
    expect(jsonLdHtml({ a: '</script><!--' })).toBe(
      '<script type="application/ld+json">{"a":"\\u003c/script\\u003e\\u003c!--"}</script>',
    );
    expect(escapeHtml(`"><img src=x>'&`)).toBe('&#34;&#62;&#60;img src=x&#62;&#39;&#38;');
  });

  it('takes no thumbnail that is not an absolute http(s) URL', () => {
    const { html } = head('/course/c1', courseAnswer({ courseThumbnail: 'javascript:alert(1)' }));
    expect(html).not.toContain('og:image');
    expect(html).toContain('<meta name="twitter:card" content="summary">');
    expect(jsonLd(html)).not.toHaveProperty('image');
  });

  it('answers 404 for a course the API does not have, and 200 when the API did not say (slow, down, failing)', () => {
    const missing = head('/course/nope', { status: 404, body: { success: false, message: 'Course not found' } });
    expect(missing.facts).toMatchObject({ title: 'Course not found · Courseport', status: 404 });
    expect(missing.html).not.toContain('canonical');
    for (const answer of [null, { status: 500, body: {} }, { status: 200, body: { success: true } }]) {
      const { facts, html } = head('/course/c1', answer);
      expect(facts.status).toBeUndefined();
      expect(facts.title).toBe('Course · Courseport');
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/course/c1">`);
      expect(html).not.toContain('ld+json');
    }
  });

  it.each([
    ['/my-enrollments', 'My Enrollments · Courseport'],
    ['/player/c1', 'Course player · Courseport'],
    ['/loading/my-enrollments', 'Payment verification · Courseport'],
    ['/purchase-history', 'Purchase history · Courseport'],
    ['/wishlist', 'Wishlist · Courseport'],
    ['/educator/add-course', 'Educator · Courseport'],
    ['/educator', 'Educator · Courseport'],
    ['/admin', 'Admin · Courseport'],
    ['/reset-password', 'Reset password · Courseport'],
  ])('keeps %s out of search engines (noindex), named %s, with nothing to preview', (path, title) => {
    const { facts, html } = head(path);
    expect(facts.title).toBe(title);
    expect(html).toBe('<meta name="robots" content="noindex">');
  });

  it("describes an instructor's page by the instructor: name, bio as the description, photo; 404 for none", () => {
    const instructor = {
      _id: 'e1',
      name: 'Ada Lovelace',
      imageUrl: 'https://img.example.com/ada.png',
      bio: 'I teach\n\nengines.',
    };
    const { facts, html } = head('/instructor/e1', { status: 200, body: { success: true, instructor } });
    expect(facts).toMatchObject({ title: 'Ada Lovelace · Courseport', description: 'I teach engines.' });
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/instructor/e1">`);
    expect(html).toContain('<meta property="og:image" content="https://img.example.com/ada.png">');
    const quiet = head('/instructor/e1', {
      status: 200,
      body: { success: true, instructor: { ...instructor, bio: '' } },
    });
    expect(quiet.facts.description).toBe('Courses by Ada Lovelace on Courseport.');
    expect(head('/instructor/nobody', { status: 404, body: { success: false } }).facts).toEqual({
      title: 'Instructor not found · Courseport',
      status: 404,
    });
    expect(head('/instructor/e1', null).facts).toMatchObject({ title: 'Instructor · Courseport' });
  });

  it('names a path that is no page "Page not found"', () => {
    expect(head('/no/such/page').facts).toEqual({ title: 'Page not found · Courseport' });
  });

  it('has a title for every route of the platform', () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/:\w+/g, 'x').replace('*', '');
      expect(head(path).facts.title, route.path).toMatch(/Courseport$/);
    }
  });

  it("writes the API's currency label as its ISO code", () => {
    expect(isoCurrency('Rs')).toBe('INR');
    expect(isoCurrency('₹')).toBe('INR');
    expect(isoCurrency('EUR')).toBe('EUR');
    expect(isoCurrency('coins')).toBeUndefined();
    expect(isoCurrency(undefined)).toBeUndefined();
  });
});
