import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldInWords } from '../src/http/validate.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { newId } from '../src/store/index.js';
import { versionedCache } from '../src/store/versioned-cache.js';
import { rawGet, startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';

let api: TestApi;
let owner: { token: string; userId: string };
let student: { token: string; userId: string };

type Card = { _id: string; courseTitle: string; averageRating: number; ratingCount: number; enrolledCount: number };
type Page = { success: boolean; courses: Card[]; total: number };

/** 130 published courses, 'Course 001' the oldest and 'Course 130' the newest; every third is about Python. */
const PUBLISHED = 130;
const title = (n: number) => `${n % 3 === 0 ? 'Python ' : ''}Course ${String(n).padStart(3, '0')}`;
/** Titles newest first, as the catalog lists them. */
const newestFirst = (from: number, count: number, titles: string[]) => titles.slice(from, from + count);
let allTitles: string[];
let pythonTitles: string[];

function course(n: number, overrides: Partial<CourseDoc> = {}): CourseDoc {
  return {
    _id: newId(),
    courseTitle: title(n),
    courseDescription: '<p>About the course.</p>',
    courseThumbnail: 'http://localhost:4000/api/media/abc',
    coursePrice: 500,
    discount: 0,
    educator: { _id: owner.userId, name: 'Owner Person' },
    courseContent: [],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(Date.UTC(2024, 0, 1) + n * 3_600_000),
    ...overrides,
  };
}

const courses = () => api.deps.store.collection<CourseDoc>('courses');
const page = async (query = '') => {
  const res = await api.json<Page>(`/api/course/all${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const titles = (body: Page) => body.courses.map((c) => c.courseTitle);

beforeAll(async () => {
  api = await startTestApi();
  owner = await userWithProfile(api, 'pages-owner@example.com', { educator: true });
  student = await userWithProfile(api, 'pages-student@example.com');
  const numbers = Array.from({ length: PUBLISHED }, (_, i) => i + 1);
  await courses().insertMany([
    ...numbers.map((n) => course(n)),
    // Drafts, newer than everything, never counted.
    course(500, { courseTitle: 'Python Draft', isPublished: false }),
    course(501, { courseTitle: 'Another Draft', isPublished: false }),
  ]);
  allTitles = numbers.reverse().map(title);
  pythonTitles = allTitles.filter((t) => t.startsWith('Python'));
});
afterAll(() => api.close());

describe('GET /api/course/all, paged', () => {
  it('sends the newest 48 and the total without parameters', async () => {
    const body = await page();
    expect(body.success).toBe(true);
    expect(body.total).toBe(PUBLISHED);
    expect(titles(body)).toEqual(newestFirst(0, 48, allTitles));
    expect(Object.keys(body)).toEqual(['success', 'courses', 'total']);
  });

  it('pages with offset and limit, newest first, ending with a partial page', async () => {
    expect(titles(await page('?offset=48'))).toEqual(newestFirst(48, 48, allTitles));
    const last = await page('?offset=96');
    expect(titles(last)).toEqual(newestFirst(96, 34, allTitles));
    expect(last.total).toBe(PUBLISHED);
    expect(titles(await page('?limit=5'))).toEqual(newestFirst(0, 5, allTitles));
    expect(titles(await page('?offset=10&limit=3'))).toEqual(newestFirst(10, 3, allTitles));
    expect(titles(await page('?offset=0&limit=100'))).toEqual(newestFirst(0, 100, allTitles));
    expect(titles(await page('?offset=129&limit=100'))).toEqual(['Course 001']);
    // Walking the pages gives every course exactly once.
    const walked: string[] = [];
    for (let offset = 0; offset < PUBLISHED; offset += 48) walked.push(...titles(await page(`?offset=${offset}`)));
    expect(walked).toEqual(allTitles);
  });

  it('answers an offset past the end with an empty page and the total', async () => {
    for (const offset of [130, 131, 5_000]) {
      expect(await page(`?offset=${offset}`)).toEqual({ success: true, courses: [], total: PUBLISHED });
    }
  });

  it('searches and pages together: the total counts the matches', async () => {
    expect(pythonTitles).toHaveLength(43);
    const first = await page('?search=PYTHON&limit=20');
    expect(first.total).toBe(43);
    expect(titles(first)).toEqual(pythonTitles.slice(0, 20));
    expect(titles(await page('?search=python&offset=20&limit=20'))).toEqual(pythonTitles.slice(20, 40));
    expect(titles(await page('?search=python&offset=40&limit=20'))).toEqual(pythonTitles.slice(40));
    expect(await page('?search=python&offset=43')).toEqual({ success: true, courses: [], total: 43 });
    // The default page size applies to a search too.
    expect(titles(await page('?search=%20python%20'))).toEqual(pythonTitles);
    expect(await page('?search=course%20012')).toMatchObject({
      total: 1,
      courses: [{ courseTitle: 'Python Course 012' }],
    });
    expect(await page('?search=draft')).toEqual({ success: true, courses: [], total: 0 });
    expect(await page('?search=.*')).toEqual({ success: true, courses: [], total: 0 });
    // An empty search is no search.
    expect(await page('?search=%20%20')).toEqual(await page());
  });

  it('refuses a bad offset or limit with a 400 naming the field, and ignores unknown parameters', async () => {
    const cases: Array<[string, string]> = [
      ['offset=-1', 'offset'],
      ['offset=1.5', 'offset'],
      ['offset=abc', 'offset'],
      ['offset=', 'offset'],
      ['offset=1e3', 'offset'],
      ['offset=99999999999999999999', 'offset'],
      ['offset=1&offset=2', 'offset'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=2.5', 'limit'],
      ['limit=-5', 'limit'],
      ['limit=%2B5', 'limit'],
      ['limit=ten', 'limit'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ];
    for (const [query, field] of cases) {
      const res = await api.json(`/api/course/all?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.success, query).toBe(false);
      expect(res.body.message, query).toMatch(new RegExp(`^${fieldInWords(field)} `));
    }
    expect((await api.json('/api/course/all?limit=0')).body.message).toBe('Limit must be a whole number from 1 to 100');
    // Unknown parameters are ignored (`sort` is known since #21: an unknown sort is a 400, discovery.test.ts).
    expect(titles(await page('?limit=1&page=7&order=oldest&offset=2'))).toEqual(newestFirst(2, 1, allTitles));
    expect(titles(await page('?limit=100'))).toHaveLength(100);
    expect(titles(await page('?limit=1'))).toHaveLength(1);
  });

  it('gives each page its own ETag, 304 for it, and the same bytes gzip-compressed', async () => {
    const paths = ['/api/course/all', '/api/course/all?offset=48', '/api/course/all?search=python&offset=20&limit=20'];
    const etags = new Set<string>();
    for (const path of paths) {
      const plain = await rawGet(api.url + path, {});
      const gzip = await rawGet(api.url + path, { 'Accept-Encoding': 'gzip' });
      expect(plain.status).toBe(200);
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body), path).toBe(true);
      expect(gzip.headers.etag).toBe(plain.headers.etag);
      expect(plain.headers['cache-control']).toBe('public, no-cache');
      etags.add(String(plain.headers.etag));
      const again = await rawGet(api.url + path, {
        'Accept-Encoding': 'gzip',
        'If-None-Match': String(plain.headers.etag),
      });
      expect(again.status, path).toBe(304);
      expect(again.body.length).toBe(0);
    }
    expect(etags.size).toBe(paths.length);
    // The same page asked for in other words is the same body.
    const spelled = await rawGet(api.url + '/api/course/all?offset=0&limit=48&search=', {});
    const plain = await rawGet(api.url + '/api/course/all', {});
    expect(spelled.headers.etag).toBe(plain.headers.etag);
  });
});

describe('paged catalog cache', () => {
  const etagOf = async (path: string) => (await api.request(path)).headers.get('etag') ?? '';
  const revalidate = (path: string, etag: string) => api.request(path, { headers: { 'If-None-Match': etag } });

  it('moves every page along, with new ETags and totals, when a course is added', async () => {
    const before = { first: await page(), second: await page('?offset=48'), python: await page('?search=python') };
    const etags = {
      first: await etagOf('/api/course/all'),
      second: await etagOf('/api/course/all?offset=48'),
      python: await etagOf('/api/course/all?search=python'),
    };
    const added = course(1_000, { courseTitle: 'Python Newest' });
    await courses().insertOne(added);

    const first = await revalidate('/api/course/all', etags.first);
    expect(first.status).toBe(200);
    const firstBody = (await first.json()) as Page;
    expect(firstBody.total).toBe(before.first.total + 1);
    expect(titles(firstBody)).toEqual(['Python Newest', ...titles(before.first).slice(0, 47)]);

    const second = await revalidate('/api/course/all?offset=48', etags.second);
    expect(second.status).toBe(200);
    expect(titles((await second.json()) as Page)).toEqual([
      titles(before.first)[47],
      ...titles(before.second).slice(0, 47),
    ]);

    const python = await revalidate('/api/course/all?search=python', etags.python);
    expect(python.status).toBe(200);
    const pythonBody = (await python.json()) as Page;
    expect(pythonBody.total).toBe(before.python.total + 1);
    expect(pythonBody.courses[0]?._id).toBe(added._id);

    // Unpublishing takes it out again.
    await courses().updateOne({ _id: added._id }, { $set: { isPublished: false } });
    expect(titles(await page())).toEqual(titles(before.first));
    expect((await page('?search=python')).total).toBe(before.python.total);
  });

  it('shows an enrollment and a rating on the page that holds the course', async () => {
    // 'Course 070' is the 61st newest: on the second page.
    const target = await courses().findOne({ courseTitle: 'Course 070' });
    if (!target) throw new Error('seeded course missing');
    await courses().updateOne({ _id: target._id }, { $set: { coursePrice: 0 } });
    const path = '/api/course/all?offset=48';
    const cardOf = async (pathname: string) =>
      ((await api.json<Page>(pathname)).body.courses.find((c) => c._id === target._id) as Card | undefined) ?? null;
    expect(await cardOf(path)).toMatchObject({ enrolledCount: 0, ratingCount: 0 });
    expect(await cardOf('/api/course/all?search=course%20070')).toMatchObject({ enrolledCount: 0 });
    const etag = await etagOf(path);
    expect((await revalidate(path, etag)).status).toBe(304);

    const bought = await postJson(api, '/api/user/purchase', { courseId: target._id }, bearer(student.token));
    expect(bought.status).toBe(200);
    const afterPurchase = await revalidate(path, etag);
    expect(afterPurchase.status).toBe(200);
    const enrolledEtag = afterPurchase.headers.get('etag') ?? '';
    expect(await cardOf(path)).toMatchObject({ enrolledCount: 1, ratingCount: 0 });
    expect(await cardOf('/api/course/all?search=course%20070')).toMatchObject({ enrolledCount: 1 });

    const rated = await postJson(
      api,
      '/api/user/add-rating',
      { courseId: target._id, rating: 3 },
      bearer(student.token),
    );
    expect(rated.status).toBe(200);
    expect((await revalidate(path, enrolledEtag)).status).toBe(200);
    expect(await cardOf(path)).toMatchObject({ enrolledCount: 1, ratingCount: 1, averageRating: 3 });
    expect(await cardOf('/api/course/all?search=course%20070')).toMatchObject({ ratingCount: 1, averageRating: 3 });
  });

  it('keeps serving every page correctly when more pages are asked for than it keeps', async () => {
    const expected = await page('?offset=7&limit=3');
    // 600 distinct searches, more than the 500 pages kept.
    for (let i = 0; i < 600; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => page(`?search=x${i + j}`)));
    }
    expect(await page('?offset=7&limit=3')).toEqual(expected);
    expect((await page()).courses).toHaveLength(48);
  });
});

describe('versionedCache', () => {
  it('drops the least recently used entry past maxEntries', async () => {
    let builds = 0;
    const cache = versionedCache<string, string>({
      version: () => 1,
      maxAgeMs: Number.POSITIVE_INFINITY,
      maxEntries: 2,
    });
    const build = (value: string) => async () => {
      builds++;
      return value;
    };
    await cache.get('a', build('a'));
    await cache.get('b', build('b'));
    await cache.get('a', build('a')); // a is now the most recently used
    await cache.get('c', build('c')); // drops b
    expect(builds).toBe(3);
    expect(await cache.get('a', build('a'))).toBe('a');
    expect(builds).toBe(3);
    await cache.get('b', build('b'));
    expect(builds).toBe(4);
  });

  it('serves an expired value once while it is rebuilt, or rebuilds it first when told not to', async () => {
    let time = 0;
    let builds = 0;
    const build = async () => `value ${++builds}`;
    const options = { version: () => 1, maxAgeMs: 1_000, maxEntries: 10, now: () => time };
    const lenient = versionedCache<string, string>(options);
    const strict = versionedCache<string, string>({ ...options, serveExpired: false });
    expect(await lenient.get('k', build)).toBe('value 1');
    expect(await strict.get('k', build)).toBe('value 2');
    time = 1_000;
    expect(await lenient.get('k', build)).toBe('value 1');
    expect(await strict.get('k', build)).toBe('value 2');
    time = 1_001;
    expect(await lenient.get('k', build)).toBe('value 1'); // and a rebuild starts
    expect(await strict.get('k', build)).toBe('value 4');
    expect(await lenient.get('k', build)).toBe('value 3');
  });
});
