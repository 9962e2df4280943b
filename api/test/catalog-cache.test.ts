import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { newId } from '../src/store/index.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { rawGet, startTestApi, type TestApi } from './support/http.js';
import { bearer, PASSWORD, postJson, userWithProfile } from './support/identity.js';

let api: TestApi;
let owner: { token: string; userId: string };
let student: { token: string; userId: string };

type Card = { _id: string; courseTitle: string; averageRating: number; ratingCount: number; enrolledCount: number };

function course(overrides: Partial<CourseDoc> = {}): CourseDoc {
  return {
    _id: newId(),
    courseTitle: 'Cached Course',
    courseDescription: `<p>${'A long description. '.repeat(20)}</p>`,
    courseThumbnail: 'http://localhost:4000/api/media/abc',
    coursePrice: 500,
    discount: 0,
    educator: { _id: owner.userId, name: 'Owner Person' },
    courseContent: [
      {
        chapterId: 'c1',
        chapterTitle: 'Only chapter',
        chapterOrder: 1,
        chapterContent: [
          {
            lectureId: 'free',
            lectureTitle: 'Free',
            lectureDuration: 5,
            lectureUrl: 'https://youtu.be/free',
            isPreviewFree: true,
            lectureOrder: 1,
          },
          {
            lectureId: 'paid',
            lectureTitle: 'Paid',
            lectureDuration: 5,
            lectureUrl: 'https://youtu.be/paid-secret',
            isPreviewFree: false,
            lectureOrder: 2,
          },
        ],
      },
    ],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
    ...overrides,
  };
}

const courses = () => api.deps.store.collection<CourseDoc>('courses');
const catalog = async () => (await api.json('/api/course/all')).body.courses as Card[];
const card = async (id: string) => (await catalog()).find((c) => c._id === id);

beforeAll(async () => {
  api = await startTestApi();
  owner = await userWithProfile(api, 'cache-owner@example.com', { educator: true });
  student = await userWithProfile(api, 'cache-student@example.com');
  // Enough courses for the catalog to be compressed (over 1 KB).
  await courses().insertMany(
    Array.from({ length: 12 }, (_, i) => course({ courseTitle: `Seed ${i}`, createdAt: new Date(2025, 0, i + 1) })),
  );
});
afterAll(() => api.close());

describe('the cached catalog', () => {
  it('sends the same bytes gzip-, brotli- and un-compressed, with one ETag, and 304 for it', async () => {
    const plain = await rawGet(api.url + '/api/course/all', {});
    const gzip = await rawGet(api.url + '/api/course/all', { 'Accept-Encoding': 'gzip' });
    const br = await rawGet(api.url + '/api/course/all', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    for (const res of [plain, gzip, br]) {
      expect(res.headers.etag).toBe(plain.headers.etag);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, no-cache');
      expect(res.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
    }
    const body = JSON.parse(plain.body.toString()) as { success: boolean; courses: Card[] };
    expect(body.success).toBe(true);
    expect(body.courses.length).toBeGreaterThanOrEqual(12);
    const revalidated = await rawGet(api.url + '/api/course/all', {
      'Accept-Encoding': 'gzip',
      'If-None-Match': String(plain.headers.etag),
    });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    // Encodings kept ready or not, what a client asks for is what it gets.
    const deflate = await rawGet(api.url + '/api/course/all', { 'Accept-Encoding': 'deflate' });
    expect(deflate.headers['content-encoding']).toBe('deflate');
  });

  it('shows a course added through the store at once, and a new ETag', async () => {
    const before = await api.request('/api/course/all');
    const etag = before.headers.get('etag') ?? '';
    const added = course({ courseTitle: 'Freshly Added' });
    await courses().insertOne(added);
    const after = await api.request('/api/course/all', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const listed = ((await after.json()) as { courses: Card[] }).courses;
    expect(listed[0]).toMatchObject({ _id: added._id, courseTitle: 'Freshly Added' });
    expect((await api.json('/api/course/all?search=freshly')).body.courses).toHaveLength(1);
    // Unpublishing removes it from the list and from the anonymous course page.
    expect((await api.json(`/api/course/${added._id}`)).status).toBe(200);
    await courses().updateOne({ _id: added._id }, { $set: { isPublished: false } });
    expect((await card(added._id))?.courseTitle).toBeUndefined();
    expect((await api.json(`/api/course/${added._id}`)).status).toBe(404);
  });

  it('reflects an enrollment and a rating made over HTTP in the catalog and the anonymous course page', async () => {
    const free = course({ courseTitle: 'Free to enroll', coursePrice: 0 });
    await courses().insertOne(free);
    expect(await card(free._id)).toMatchObject({ enrolledCount: 0, ratingCount: 0, averageRating: 0 });
    const anonymous = async () =>
      (await api.json(`/api/course/${free._id}`)).body.courseData as Card & {
        courseContent: Array<{ chapterContent: Array<{ lectureUrl?: string }> }>;
      };
    expect(await anonymous()).toMatchObject({ enrolledCount: 0 });

    const bought = await postJson(api, '/api/user/purchase', { courseId: free._id }, bearer(student.token));
    expect(bought.status).toBe(200);
    expect(await card(free._id)).toMatchObject({ enrolledCount: 1 });
    const page = await anonymous();
    expect(page).toMatchObject({ enrolledCount: 1 });
    // The cached anonymous page still carries only the free preview's URL.
    expect(JSON.stringify(page)).not.toContain('paid-secret');
    const mine = (await api.json(`/api/course/${free._id}`, { headers: bearer(student.token) })).body;
    expect(JSON.stringify(mine)).toContain('paid-secret');

    const rated = await postJson(api, '/api/user/add-rating', { courseId: free._id, rating: 4 }, bearer(student.token));
    expect(rated.status).toBe(200);
    expect(await card(free._id)).toMatchObject({ ratingCount: 1, averageRating: 4 });
    expect(await anonymous()).toMatchObject({ ratingCount: 1, averageRating: 4 });
  });

  it('counts writes per collection, not reads', async () => {
    const { store } = api.deps;
    const before = store.writeVersion('courses');
    await courses().find({});
    await courses().findOne({});
    await courses().countDocuments({});
    expect(store.writeVersion('courses')).toBe(before);
    const other = store.writeVersion('users');
    await courses().updateMany({ courseTitle: 'nothing matches' }, { $set: { discount: 1 } });
    expect(store.writeVersion('courses')).toBe(before + 1);
    expect(store.writeVersion('users')).toBe(other);
  });
});

describe('one catalog per store', () => {
  it('serves the wishlist from the catalog the course list built, without reading the courses again', async () => {
    const saved = course({ courseTitle: 'Saved For Later' });
    await courses().insertOne(saved);
    expect(await card(saved._id)).toBeDefined();
    const added = await api.request(`/api/user/wishlist/${saved._id}`, {
      method: 'PUT',
      headers: bearer(student.token),
    });
    expect(added.status).toBe(200);

    const collection = Object.getPrototypeOf(courses()) as { find: (...args: unknown[]) => Promise<unknown> };
    const find = vi.spyOn(collection, 'find');
    try {
      const wishlist = await api.json('/api/user/wishlist', { headers: bearer(student.token) });
      expect(wishlist.status).toBe(200);
      const items = (wishlist.body as { wishlist: Array<{ course: { _id: string } }> }).wishlist;
      expect(items.map((item) => item.course._id)).toEqual([saved._id]);
      const coursesRead = find.mock.contexts.filter((self) => (self as { name?: string }).name === 'courses');
      expect(coursesRead).toHaveLength(0);
      // The spy sees reads at all: the wishlist's own.
      expect(find.mock.contexts.some((self) => (self as { name?: string }).name === 'wishlist')).toBe(true);
    } finally {
      find.mockRestore();
    }
  });
});

describe('remembered tokens', () => {
  it('stops a token at once when its session signs out, though it verified before', async () => {
    await userWithProfile(api, 'revoke-me@example.com');
    const signIn = await api.request('/api/auth/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'revoke-me@example.com', password: PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    for (let i = 0; i < 3; i++)
      expect((await api.request('/api/user/data', { headers: bearer(token) })).status).toBe(200);
    expect(
      (
        await api.request('/api/auth/sign-out', {
          method: 'POST',
          headers: { Cookie: cookie, 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(200);
    expect(await api.json('/api/user/data', { headers: bearer(token) })).toMatchObject({
      status: 401,
      body: { success: false, message: 'Your session has ended. Please sign in again.' },
    });
  });

  it('never remembers a failure: a token with a changed byte is refused every time', async () => {
    const tampered = `${student.token.slice(0, -4)}AAAA`;
    for (let i = 0; i < 2; i++) {
      expect((await api.json('/api/user/data', { headers: bearer(tampered) })).status).toBe(401);
    }
    expect((await api.json('/api/user/data', { headers: bearer(student.token) })).status).toBe(200);
  });

  it('matches only the exact token: another payload under a remembered signature is refused', async () => {
    expect((await api.json('/api/user/data', { headers: bearer(student.token) })).status).toBe(200);
    const [header, payload, signature] = student.token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'user_someone_else' })).toString('base64url');
    const response = await api.json('/api/user/data', { headers: bearer(`${header}.${forged}.${signature}`) });
    expect(response).toMatchObject({ status: 401, body: { success: false, message: 'Invalid session token' } });
    expect((await api.json('/api/user/data', { headers: bearer(student.token) })).status).toBe(200);
  });
});

const mongoUri = process.env.MONGODB_URI;
if (!mongoUri && process.env.CI && !process.env.MONGO_SKIP_REASON) {
  throw new Error('CI must run the catalog caches across processes on MongoDB (.ci/run starts FerretDB).');
}
if (!mongoUri) console.warn(`SKIPPED: caches across processes (${process.env.MONGO_SKIP_REASON ?? 'no MONGODB_URI'})`);

describe.runIf(mongoUri)('the caches of two API processes on one database', { timeout: 30_000 }, () => {
  let first: TestApi;
  let second: TestApi;
  beforeAll(async () => {
    const defaultDbName = `shared_caches_${newId()}`;
    first = await startTestApi({ store: await openMongoStore(mongoUri ?? '', { defaultDbName }) });
    second = await startTestApi({ store: await openMongoStore(mongoUri ?? '', { defaultDbName }) });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  /** Milliseconds until `second`'s catalog shows what `check` looks for (it gives up after 5 s). */
  async function untilSecondShows(check: (cards: Card[]) => boolean): Promise<number> {
    const start = Date.now();
    while (Date.now() - start < 5_000) {
      if (check((await second.json('/api/course/all')).body.courses as Card[])) return Date.now() - start;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Number.POSITIVE_INFINITY;
  }

  it('show a course the other one added, and its new title, within a second', async () => {
    // Both catalogs are cached before the write.
    expect((await first.json('/api/course/all')).body.courses).toEqual([]);
    expect((await second.json('/api/course/all')).body.courses).toEqual([]);
    const added = course({ educator: { _id: 'user_shared_owner', name: 'Shared Owner' } });
    await first.deps.store.collection<CourseDoc>('courses').insertOne(added);
    expect(await untilSecondShows((cards) => cards.some((c) => c._id === added._id))).toBeLessThan(1_000);

    await first.deps.store
      .collection<CourseDoc>('courses')
      .updateOne({ _id: added._id }, { $set: { courseTitle: 'Renamed on the first' } });
    expect(await untilSecondShows((cards) => cards[0]?.courseTitle === 'Renamed on the first')).toBeLessThan(1_000);
  });
});
