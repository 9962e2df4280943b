import type { CourseLessonReach, EducatorAnalytics } from '@courseport/contracts/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standaloneAnalytics } from '../src/modules/analytics/index.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { newId } from '../src/store/index.js';
import { openMongoStore } from '../src/store/mongodb.js';
import { lectureIdsOf, testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { buyThroughLocalCheckout } from './support/purchases.js';
import { bothStores } from './support/stores.js';

/**
 * Analytics' counters under races (#36): concurrent sales and progress updates (the same student
 * in two tabs, moving between lessons and completing them at once) keep every counter exact; on
 * MongoDB across two API processes on one database, as replicas run. Exact means: equal to what
 * the rebuild from the sources computes.
 */

type Account = { token: string; userId: string };
const STUDENTS = 8;
const today = new Date().toISOString().slice(0, 10);

const mongoUri = process.env.MONGODB_URI;
const setups = bothStores('analytics races').map((adapter) => ({
  ...adapter,
  /** Two apps on one MongoDB database; on the embedded store (one process's files) one app twice. */
  async apps(): Promise<[TestApi, TestApi]> {
    if (adapter.name !== 'mongodb') {
      const only = await startTestApi({ store: await adapter.open() });
      return [only, only];
    }
    const defaultDbName = `analytics_races_${newId()}`;
    return [
      await startTestApi({ store: await openMongoStore(mongoUri ?? '', { defaultDbName }) }),
      await startTestApi({ store: await openMongoStore(mongoUri ?? '', { defaultDbName }) }),
    ];
  },
}));

for (const setup of setups) {
  describe.skipIf(!setup.enabled)(`analytics counters under races (${setup.name})`, { timeout: 120_000 }, () => {
    let first: TestApi;
    let second: TestApi;
    let owner: Account;
    let course: CourseDoc;
    const students: Account[] = [];

    beforeAll(async () => {
      [first, second] = await setup.apps();
      owner = await userWithProfile(first, 'race-owner@example.com', { educator: true });
      for (let i = 0; i < STUDENTS; i++) students.push(await userWithProfile(first, `racer-${i}@example.com`));
      course = testCourse({ _id: owner.userId, name: 'Owner' }, { chapters: 1, lectures: 3, coursePrice: 250 });
      await first.deps.store.collection<CourseDoc>('courses').insertOne(course);
    }, 120_000);
    afterAll(async () => {
      await first?.close();
      if (second !== first) await second?.close();
    });

    const read = async (api: TestApi) => {
      const days = await api.json<{ analytics: EducatorAnalytics }>(
        `/api/educator/analytics?from=${today}&to=${today}`,
        { headers: bearer(owner.token) },
      );
      const lessons = await api.json<{ reach: CourseLessonReach }>(
        `/api/educator/analytics/courses/${course._id}/lessons`,
        { headers: bearer(owner.token) },
      );
      expect(days.status).toBe(200);
      expect(lessons.status).toBe(200);
      return { totals: days.body.analytics.totals, reach: lessons.body.reach };
    };

    it('keeps sales, enrollments and every lesson counter exact when all of it happens at once, on two apps', async () => {
      // Built (empty) before anything happens: from here on every number is a live counter.
      expect((await read(first)).totals.sales).toBe(0);
      const apps = [first, second];
      await Promise.all(students.map((s, i) => buyThroughLocalCheckout(apps[i % 2] as TestApi, s.token, course._id)));
      const [l1, l2, l3] = lectureIdsOf(course) as [string, string, string];
      const position = (api: TestApi, s: Account, lectureId: string) =>
        postJson(api, '/api/user/save-position', { courseId: course._id, lectureId, seconds: 5 }, bearer(s.token));
      const complete = (api: TestApi, s: Account, lectureId: string) =>
        postJson(api, '/api/user/update-course-progress', { courseId: course._id, lectureId }, bearer(s.token));
      // Each student in two tabs, one on each app, at once: moves between lessons and completions race.
      const answers = await Promise.all(
        students.flatMap((s, i) => [
          (async () => [
            await position(first, s, l1),
            await complete(first, s, l1),
            await position(first, s, i % 2 ? l2 : l3),
            await complete(first, s, l2),
          ])(),
          (async () => [
            await position(second, s, l2),
            await complete(second, s, i % 3 ? l1 : l3),
            await position(second, s, l1),
            ...(i % 4 === 0 ? [await complete(second, s, l3)] : []),
          ])(),
        ]),
      );
      expect(answers.flat().map((a) => a.status)).toEqual(answers.flat().map(() => 200));

      const live = await read(second);
      expect(live.totals).toMatchObject({ sales: STUDENTS, enrollments: STUDENTS, grossPaise: STUDENTS * 25_000 });
      expect(live.reach.enrolled).toBe(STUDENTS);
      // Every student opened the three lessons' first two; "here" counts each student once, unless done.
      expect(live.reach.lessons.map((l) => l.started).slice(0, 2)).toEqual([STUDENTS, STUDENTS]);
      const here = live.reach.lessons.reduce((sum, l) => sum + l.leftHere, 0);
      expect(here + live.reach.completed).toBe(STUDENTS);

      // The rebuild from the sources computes the very same numbers.
      await standaloneAnalytics(first.deps.store, first.deps.clock, first.deps.config).rebuildCourse(course._id);
      expect(await read(first)).toEqual(live);
    });
  });
}
