import { readdir, stat } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS } from '../src/http/rate-limit.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';

/**
 * Per-user limits, with the values production runs with (USER_LIMITS, never overridden here): every
 * signed-in write, new courses, ratings, and the bytes of images an educator may store. A refusal
 * is a 429 with Retry-After (413 for the quota), stores nothing, and leaves other users alone.
 */

type Caller = { token: string; userId: string };
const MiB = 1024 * 1024;
const PNG = thumbnailPng(5, 32, 18);

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** A real PNG of exactly `bytes` bytes (32 × 18 pixels and a padding chunk: quick to process). */
const image = (bytes: number): Uint8Array => thumbnailPng(5, 32, 18, bytes);

const course = (title: string, price = 100) => ({
  courseTitle: title,
  coursePrice: price,
  discount: 0,
  courseContent: [
    {
      chapterTitle: 'One',
      chapterContent: [
        {
          lectureTitle: 'Intro',
          lectureDuration: 3,
          lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
          isPreviewFree: true,
        },
      ],
    },
  ],
});

function addCourse(who: Caller, data: Uint8Array = PNG, courseData: unknown = course('Limited')) {
  const body = new FormData();
  body.set('courseData', typeof courseData === 'string' ? courseData : JSON.stringify(courseData));
  body.set('image', new Blob([data], { type: 'image/png' }), 'thumb.png');
  return api.json('/api/educator/add-course', { method: 'POST', headers: bearer(who.token), body });
}

async function mediaBytes(): Promise<number> {
  const dir = path.join(api.deps.config.dataDir, 'media');
  const files = await readdir(dir).catch(() => [] as string[]);
  let total = 0;
  for (const file of files) total += (await stat(path.join(dir, file))).size;
  return total;
}

const coursesOf = (who: Caller) => api.deps.store.collection('courses').countDocuments({ 'educator._id': who.userId });

function expectTooMany(res: { status: number; body: Record<string, unknown>; headers: Headers }, windowMs: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ success: false, message: expect.stringMatching(/Please try again in \d+ /) });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

describe('every signed-in write', () => {
  const write = (who: Caller, route = '/api/user/update-course-progress') =>
    postJson(api, route, {}, bearer(who.token));

  it(`allows ${USER_LIMITS.writes.max} a minute to one route per user, then 429 with Retry-After; other routes, reads and other users go on`, async () => {
    const busy = await userWithProfile(api, 'busy@example.com');
    const other = await userWithProfile(api, 'calm@example.com');
    // Invalid bodies are refused by validation (400), but each one is a write the user sent.
    for (let i = 0; i < USER_LIMITS.writes.max; i++) expect((await write(busy)).status).toBe(400);
    expectTooMany(await write(busy), USER_LIMITS.writes.windowMs);
    // Refused before validation: even a valid progress update of theirs is refused now.
    expectTooMany(
      await postJson(api, '/api/user/update-course-progress', { courseId: 'x', lectureId: 'y' }, bearer(busy.token)),
      USER_LIMITS.writes.windowMs,
    );

    // Their other writes, their reads and other users are not held up.
    expect(
      (await postJson(api, '/api/user/update-roles', { action: 'add', role: 'student' }, bearer(busy.token))).status,
    ).toBe(200);
    expect((await api.json('/api/user/data', { headers: bearer(busy.token) })).status).toBe(200);
    expect((await write(other)).status).toBe(400);
    // Reading progress is a POST that only reads: it is not a write.
    expect((await postJson(api, '/api/user/get-course-progress', {}, bearer(busy.token))).status).toBe(400);
  });

  it(`allows ${USER_LIMITS.totalWrites.max} a minute in all per user, whatever the routes, then 429`, async () => {
    const script = await userWithProfile(api, 'script@example.com');
    const routes = [
      '/api/user/update-course-progress',
      '/api/user/update-roles',
      '/api/user/verify-payment',
      '/api/user/add-admin-email',
      '/api/user/remove-admin-email',
      '/api/user/approve-educator-request',
    ];
    // userWithProfile's profile creation was the first write.
    let sent = 1;
    for (const route of routes) {
      for (let i = 0; i < USER_LIMITS.writes.max && sent < USER_LIMITS.totalWrites.max; i++, sent++) {
        const { status } = await write(script, route);
        expect(status, `${route} #${i + 1}`).not.toBe(429);
      }
    }
    expect(sent).toBe(USER_LIMITS.totalWrites.max);
    expectTooMany(await write(script, '/api/user/reject-educator-request'), USER_LIMITS.totalWrites.windowMs);
  });
});

describe('ratings', () => {
  it(`allows ${USER_LIMITS.ratings.max} a minute per student, then 429 with Retry-After, writing nothing more`, async () => {
    const teacher = await userWithProfile(api, 'rated@example.com', { educator: true });
    const added = await addCourse(teacher, PNG, course('Free to rate', 0));
    expect(added.status).toBe(201);
    const courseId = (added.body.course as { _id: string })._id;
    const [eager, patient] = [
      await userWithProfile(api, 'eager@example.com'),
      await userWithProfile(api, 'patient@example.com'),
    ];
    for (const student of [eager, patient]) {
      expect((await postJson(api, '/api/user/purchase', { courseId }, bearer(student.token))).status).toBe(200);
    }
    const rate = (who: Caller, rating: number) =>
      postJson(api, '/api/user/add-rating', { courseId, rating }, bearer(who.token));

    for (let i = 0; i < USER_LIMITS.ratings.max; i++) expect((await rate(eager, (i % 5) + 1)).status).toBe(200);
    const last = ((USER_LIMITS.ratings.max - 1) % 5) + 1;
    const refused = await rate(eager, last === 5 ? 4 : 5);
    expectTooMany(refused, USER_LIMITS.ratings.windowMs);
    const ratings = async () =>
      (await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: courseId }))?.courseRatings ?? [];
    // The refused rating changed nothing: the last accepted one stands.
    expect((await ratings()).find((r) => r.userId === eager.userId)?.rating).toBe(last);

    expect((await rate(patient, 4)).status).toBe(200);
  });
});

describe('new courses', () => {
  it(`allows ${USER_LIMITS.courses.max} an hour per educator (refused uploads do not count), then 429 storing nothing`, async () => {
    const prolific = await userWithProfile(api, 'prolific@example.com', { educator: true });
    const rival = await userWithProfile(api, 'rival@example.com', { educator: true });
    for (let i = 0; i < 3; i++) expect((await addCourse(prolific, PNG, '{not json')).status).toBe(400);
    for (let i = 0; i < USER_LIMITS.courses.max; i++) {
      expect((await addCourse(prolific, PNG, course(`Course ${i}`))).status).toBe(201);
    }
    const before = await mediaBytes();
    const refused = await addCourse(prolific, PNG, course('One too many'));
    expectTooMany(refused, USER_LIMITS.courses.windowMs);
    expect(await coursesOf(prolific)).toBe(USER_LIMITS.courses.max);
    expect(await mediaBytes()).toBe(before);

    expect((await addCourse(rival, PNG, course('Unaffected'))).status).toBe(201);
  });
});

describe('upload quota', () => {
  const QUOTA = USER_LIMITS.uploadBytes;
  const QUOTA_MESSAGE = `You have reached your upload quota of ${QUOTA / MiB} MB of images. Please contact support for more room.`;

  /** Sends only the headers of a large upload: an answer can come only from a check made before reading. */
  function headersOnly(who: Caller, contentLength: number) {
    const url = new URL(api.url);
    const agent = new Agent({ keepAlive: true });
    return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/educator/add-course',
          method: 'POST',
          agent,
          headers: {
            'Content-Type': 'multipart/form-data; boundary=x',
            'Content-Length': contentLength,
            ...bearer(who.token),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            agent.destroy();
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) });
          });
        },
      );
      req.on('error', reject);
      req.flushHeaders();
    });
  }

  it(`stores at most ${QUOTA / MiB} MB of images per educator, refusing with 413 before storing anything`, async () => {
    const author = await userWithProfile(api, 'author@example.com', { educator: true });
    for (let i = 0; i < 9; i++) expect((await addCourse(author, image(5 * MiB))).status).toBe(201);
    expect((await addCourse(author, image(4 * MiB))).status).toBe(201);
    // 49 MB taken: 2 MB more do not fit, and nothing of them is kept.
    const before = await mediaBytes();
    expect(await addCourse(author, image(2 * MiB))).toMatchObject({
      status: 413,
      body: { success: false, message: QUOTA_MESSAGE },
    });
    expect(await mediaBytes()).toBe(before);
    expect(await coursesOf(author)).toBe(10);
    // 1 MB still fits, to the byte.
    expect((await addCourse(author, image(1 * MiB))).status).toBe(201);
    // Full: refused before a byte of the next upload is read.
    expect(await headersOnly(author, 3 * MiB)).toEqual({
      status: 413,
      body: { success: false, message: QUOTA_MESSAGE },
    });
    expect(await coursesOf(author)).toBe(11);
    // Another educator has a quota of their own.
    const newcomer = await userWithProfile(api, 'newcomer@example.com', { educator: true });
    expect((await addCourse(newcomer, image(5 * MiB))).status).toBe(201);
  });

  // The quota counts the bytes uploaded; what is stored is the (smaller) renditions made from them.
  it('holds when uploads race: 12 parallel uploads of 5 MB take 50 MB, the rest are refused', async () => {
    const racer = await userWithProfile(api, 'racer@example.com', { educator: true });
    const answers = await Promise.all(Array.from({ length: 12 }, () => addCourse(racer, image(5 * MiB))));
    const count = (status: number) => answers.filter((a) => a.status === status).length;
    // On a machine with one image worker, an educator's tenth image can find their queue full (429,
    // MAX_WAITING_PER_UPLOADER): it gives its share of the quota back and fits when sent again.
    // Otherwise the quota refuses the two beyond 50 MB (413), and never lets more in.
    expect(count(201) + count(413) + count(429)).toBe(12);
    expect(count(201)).toBeLessThanOrEqual(10);
    expect(await api.deps.store.collection('uploadUsage').findOne({ _id: racer.userId })).toMatchObject({
      bytes: count(201) * 5 * MiB,
    });
    for (let i = 0; i < count(429); i++) expect([201, 413]).toContain((await addCourse(racer, image(5 * MiB))).status);
    expect(await coursesOf(racer)).toBe(10);
    expect(await api.deps.store.collection('uploadUsage').findOne({ _id: racer.userId })).toMatchObject({
      bytes: QUOTA,
    });
  });
});
