import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { PurchaseDoc } from '../src/modules/purchases/repository.js';
import { SECOND_PAYMENT_REFUNDED } from '../src/modules/purchases/service.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { openEmbeddedStore } from '../src/store/embedded.js';
import { newId, type Store } from '../src/store/index.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';

const mongoUri = process.env.MONGODB_URI;
if (!mongoUri && process.env.CI && !process.env.MONGO_SKIP_REASON) {
  throw new Error('CI must run the MongoDB half of the purchase races (.ci/run starts FerretDB).');
}
if (!mongoUri)
  console.warn(
    `[purchase races] SKIPPING the MongoDB half: ${process.env.MONGO_SKIP_REASON ?? 'MONGODB_URI is not set'}.`,
  );

const stores: Array<{ name: string; enabled: boolean; open: () => Promise<Store> }> = [
  {
    name: 'embedded (NeDB)',
    enabled: true,
    open: async () => openEmbeddedStore(await mkdtemp(path.join(tmpdir(), 'courseport-races-'))),
  },
  {
    name: 'mongodb',
    enabled: Boolean(mongoUri),
    open: () => openMongoStore(mongoUri ?? '', { defaultDbName: `races_${newId()}` }),
  },
];

type Answer = { status: number; body: Record<string, unknown> };
const statuses = (answers: Answer[]) => answers.map((a) => a.status);
const serverErrors = (answers: Answer[]) => answers.filter((a) => a.status >= 500);

function courseDoc(educatorId: string, title: string, price: number, discount = 0): CourseDoc {
  const id = newId();
  return {
    _id: id,
    courseTitle: title,
    courseDescription: '<p>Races</p>',
    courseThumbnail: 'http://localhost:4000/api/media/x',
    coursePrice: price,
    discount,
    educator: { _id: educatorId, name: 'Teacher' },
    courseContent: [
      {
        chapterId: `${id}-c1`,
        chapterTitle: 'One',
        chapterOrder: 1,
        chapterContent: [
          {
            lectureId: `${id}-l1`,
            lectureTitle: 'Only',
            lectureDuration: 5,
            lectureUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
            isPreviewFree: false,
            lectureOrder: 1,
          },
        ],
      },
    ],
    courseRatings: [],
    enrolledStudents: [],
    isPublished: true,
    createdAt: new Date(),
  };
}

for (const adapter of stores) {
  // FerretDB on SQLite serializes writes: 40 students' set-up and their ratings take seconds there.
  describe.runIf(adapter.enabled)(
    `purchases and ratings under concurrency: ${adapter.name}`,
    { timeout: 120_000 },
    () => {
      let api: TestApi;
      let paid: CourseDoc;
      let free: CourseDoc;
      let people = 0;
      const fresh = (label: string) => userWithProfile(api, `${label}-${++people}-${newId().slice(0, 6)}@example.com`);

      beforeAll(async () => {
        api = await startTestApi({ store: await adapter.open() });
        const educator = await userWithProfile(api, 'teacher@example.com', { educator: true });
        paid = courseDoc(educator.userId, 'Paid course', 499, 20);
        free = courseDoc(educator.userId, 'Free course', 0);
        await api.deps.store.collection<CourseDoc>('courses').insertMany([paid, free]);
      });
      afterAll(async () => {
        await api?.close();
        if (adapter.name.startsWith('embedded')) await rm(api.deps.config.dataDir, { recursive: true, force: true });
      });

      const purchases = () => api.deps.store.collection<PurchaseDoc>('purchases');
      const checkoutPath = (url: string) => new URL(url).pathname;
      const pay = (url: string) => api.request(`${checkoutPath(url)}/pay`, { method: 'POST', redirect: 'manual' });

      async function enrolledOnce(userId: string, course: CourseDoc) {
        const user = await api.deps.store.collection<UserDoc>('users').findOne({ _id: userId });
        const doc = await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: course._id });
        expect(user?.enrolledCourses.filter((id) => id === course._id)).toHaveLength(1);
        expect(doc?.enrolledStudents.filter((id) => id === userId)).toHaveLength(1);
        expect(await api.deps.store.collection('enrollments').countDocuments({ userId, courseId: course._id })).toBe(1);
      }

      it('verify racing 15 purchases never charges twice (20 rounds)', async () => {
        for (let round = 0; round < 20; round++) {
          const buyer = await fresh('racer');
          const start = await postJson(api, '/api/user/purchase', { courseId: paid._id }, bearer(buyer.token));
          const firstCheckout = start.body.session_url as string;
          expect((await pay(firstCheckout)).status).toBe(303);
          const purchaseId = (await purchases().findOne({ userId: buyer.userId }))?._id;

          const [verify, ...clicks] = await Promise.all([
            postJson(api, '/api/user/verify-payment', { purchaseId }, bearer(buyer.token)),
            ...Array.from({ length: 15 }, () =>
              postJson(api, '/api/user/purchase', { courseId: paid._id }, bearer(buyer.token)),
            ),
          ]);
          expect(serverErrors([verify, ...clicks])).toEqual([]);
          expect(verify.status).toBe(200);
          // A click may still get the first checkout (already paid) or "already enrolled"; a new checkout, if
          // one slipped through, is paid too, as a buyer would: that second payment must come back.
          for (const click of clicks) {
            expect([200, 409]).toContain(click.status);
            const url = click.body.session_url as string | undefined;
            if (!url || url === firstCheckout) continue;
            expect((await pay(url)).status).toBe(303);
            const second = await purchases().findOne({ gatewaySessionId: checkoutPath(url).split('/').pop() });
            const answer = await postJson(
              api,
              '/api/user/verify-payment',
              { purchaseId: second?._id },
              bearer(buyer.token),
            );
            expect(answer).toMatchObject({ status: 409, body: { message: SECOND_PAYMENT_REFUNDED } });
          }
          const mine = await purchases().find({ userId: buyer.userId, courseId: paid._id });
          expect(mine.filter((p) => p.status === 'completed')).toHaveLength(1);
          expect(mine.filter((p) => p.status === 'refunded').every((p) => p.refundReason === 'duplicate-payment')).toBe(
            true,
          );
          await enrolledOnce(buyer.userId, paid);
        }
      });

      it('20 parallel free enrollments by one student complete one purchase', async () => {
        const student = await fresh('free');
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            postJson(api, '/api/user/purchase', { courseId: free._id }, bearer(student.token)),
          ),
        );
        expect(serverErrors(answers)).toEqual([]);
        expect(statuses(answers).filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
        expect(statuses(answers).every((s) => s === 200 || s === 409)).toBe(true);
        const completed = await purchases().find({ userId: student.userId, courseId: free._id, status: 'completed' });
        expect(completed).toHaveLength(1);
        await enrolledOnce(student.userId, free);
      });

      it('40 students rating one course at once: every rating counted once, no failures', async () => {
        const students = await Promise.all(Array.from({ length: 40 }, () => fresh('rater')));
        for (const s of students) {
          expect((await postJson(api, '/api/user/purchase', { courseId: free._id }, bearer(s.token))).status).toBe(200);
        }
        const answers = await Promise.all(
          students.map((s, i) =>
            postJson(api, '/api/user/add-rating', { courseId: free._id, rating: (i % 5) + 1 }, bearer(s.token)),
          ),
        );
        expect(statuses(answers)).toEqual(students.map(() => 200));
        const course = await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: free._id });
        const byStudent = new Map(course?.courseRatings.map((r) => [r.userId, r.rating]));
        expect(course?.courseRatings).toHaveLength(40);
        expect(students.map((s) => byStudent.get(s.userId))).toEqual(students.map((_, i) => (i % 5) + 1));
      });

      it('8 parallel clients of one student: one rating, the latest record, no failures', async () => {
        const student = await fresh('keen');
        expect((await postJson(api, '/api/user/purchase', { courseId: free._id }, bearer(student.token))).status).toBe(
          200,
        );
        const before = (await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: free._id }))?.courseRatings
          .length;
        const answers = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            postJson(api, '/api/user/add-rating', { courseId: free._id, rating: (i % 5) + 1 }, bearer(student.token)),
          ),
        );
        expect(statuses(answers)).toEqual(Array(8).fill(200));
        const course = await api.deps.store.collection<CourseDoc>('courses').findOne({ _id: free._id });
        const mine = course?.courseRatings.filter((r) => r.userId === student.userId) ?? [];
        expect(mine).toHaveLength(1);
        expect(course?.courseRatings).toHaveLength((before ?? 0) + 1);
        const record = await api.deps.store.collection('ratings').findOne({ _id: `${student.userId}:${free._id}` });
        expect(mine[0]?.rating).toBe(record?.rating);
      });
    },
  );
}

describe.runIf(mongoUri)('ratings from two API processes on one database', { timeout: 120_000 }, () => {
  it('lands every rating: each process retries its rebuild until one that read its record wins', async () => {
    const dbName = `ratings_${newId()}`;
    const first = await startTestApi({ store: await openMongoStore(mongoUri ?? '', { defaultDbName: dbName }) });
    const second = await startTestApi({ store: await openMongoStore(mongoUri ?? '', { defaultDbName: dbName }) });
    try {
      const educator = await userWithProfile(first, 'two-teacher@example.com', { educator: true });
      const course = courseDoc(educator.userId, 'Shared', 0);
      await first.deps.store.collection<CourseDoc>('courses').insertOne(course);
      const students = await Promise.all(
        Array.from({ length: 12 }, (_, i) => userWithProfile(i % 2 ? second : first, `two-${i}@example.com`)),
      );
      for (const [i, s] of students.entries()) {
        const api = i % 2 ? second : first;
        expect((await postJson(api, '/api/user/purchase', { courseId: course._id }, bearer(s.token))).status).toBe(200);
      }
      const answers = await Promise.all(
        students.map((s, i) =>
          postJson(
            i % 2 ? second : first,
            '/api/user/add-rating',
            { courseId: course._id, rating: 5 - (i % 5) },
            bearer(s.token),
          ),
        ),
      );
      expect(statuses(answers)).toEqual(students.map(() => 200));
      const stored = await first.deps.store.collection<CourseDoc>('courses').findOne({ _id: course._id });
      expect(new Map(stored?.courseRatings.map((r) => [r.userId, r.rating]))).toEqual(
        new Map(students.map((s, i) => [s.userId, 5 - (i % 5)])),
      );
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
