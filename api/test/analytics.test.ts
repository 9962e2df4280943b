import type { CourseLessonReach, EducatorAnalytics } from '@courseport/contracts/analytics';
import { ANALYTICS_MAX_RANGE_DAYS } from '@courseport/contracts/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANGE_BACKWARDS, RANGE_TOO_LONG, standaloneAnalytics } from '../src/modules/analytics/index.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { LedgerEntryDoc } from '../src/modules/ledger/index.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.js';
import { testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { buyThroughLocalCheckout } from './support/purchases.js';
import { bothStores } from './support/stores.js';

/**
 * Educator analytics (#36, part 5) over HTTP, on both stores: the counters after sales (one with a
 * coupon), a refund, enrollments, progress moves and a completed course, reviews given, changed and
 * deleted; who may read what; bad ranges; and the rebuild from the sources equal to the live counters.
 */

type Account = { token: string; userId: string };
const DAY_MS = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

for (const adapter of bothStores('analytics')) {
  describe.skipIf(!adapter.enabled)(`educator analytics over HTTP (${adapter.name})`, () => {
    let api: TestApi;
    let offsetMs = 0;
    let owner: Account;
    let rival: Account;
    let admin: Account;
    let outsider: Account;
    const buyers: Account[] = [];
    let course: CourseDoc; // ₹499 less 20 %: 39,920 paise; 2 chapters of 2 lessons
    let rivalCourse: CourseDoc;
    const today = dayOf(Date.now());
    const later = dayOf(Date.now() + 2 * DAY_MS);

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        clock: { now: () => new Date(Date.now() + offsetMs) },
      });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      rival = await userWithProfile(api, 'rival@example.com', { educator: true });
      admin = await userWithProfile(api, 'admin@example.com', { admin: true });
      outsider = await userWithProfile(api, 'outsider@example.com');
      for (let i = 0; i < 4; i++) buyers.push(await userWithProfile(api, `buyer-${i}@example.com`));
      course = testCourse(
        { _id: owner.userId, name: 'Owner' },
        { chapters: 2, lectures: 2, courseTitle: 'Counted', coursePrice: 499, discount: 20 },
      );
      rivalCourse = testCourse({ _id: rival.userId, name: 'Rival' }, { courseTitle: 'Not yours', coursePrice: 300 });
      await api.deps.store.collection<CourseDoc>('courses').insertMany([course, rivalCourse]);
    });
    afterAll(() => api?.close());

    const get = <T>(pathname: string, who: Account) =>
      api.json<T & { success: boolean; message?: string }>(pathname, { headers: bearer(who.token) });
    const analytics = async (query: string, who = owner) => {
      const res = await get<{ analytics: EducatorAnalytics }>(`/api/educator/analytics${query}`, who);
      expect(res.status).toBe(200);
      return res.body.analytics;
    };
    const reach = async (courseId = course._id) => {
      const res = await get<{ reach: CourseLessonReach }>(`/api/educator/analytics/courses/${courseId}/lessons`, owner);
      expect(res.status).toBe(200);
      return res.body.reach;
    };
    const lectures = () => course.courseContent.flatMap((c) => c.chapterContent.map((l) => l.lectureId));
    const position = (who: Account, lectureId: string, seconds = 10) =>
      postJson(api, '/api/user/save-position', { courseId: course._id, lectureId, seconds }, bearer(who.token));
    const complete = (who: Account, lectureId: string) =>
      postJson(api, '/api/user/update-course-progress', { courseId: course._id, lectureId }, bearer(who.token));
    const sales = () =>
      api.deps.store.collection<LedgerEntryDoc>('ledgerEntries').find({ courseId: course._id, kind: 'sale' });

    it('counts sales (gross after the coupon, the share after the fee), a refund and enrollments by day, exactly as the ledger', async () => {
      const [a, b, c, d] = buyers as [Account, Account, Account, Account];
      // Before anything: the course is listed, every day of the range is there, all zero.
      const empty = await analytics(`?from=${today}&to=${later}`);
      expect(empty.courses).toEqual([{ id: course._id, title: 'Counted' }]);
      expect(empty.days.map((day) => day.day)).toEqual([today, dayOf(Date.now() + DAY_MS), later]);
      expect(empty.totals).toMatchObject({ sales: 0, enrollments: 0, grossPaise: 0, ratings: 0, averageRating: null });

      const coupon = await postJson(
        api,
        '/api/educator/coupons',
        { courseId: course._id, code: 'REACH25', percentOff: 25 },
        bearer(owner.token),
      );
      expect(coupon.status).toBe(201);
      const start = await postJson(
        api,
        '/api/user/purchase',
        { courseId: course._id, couponCode: 'reach25' },
        bearer(a.token),
      );
      const pay = await api.request(`${new URL(start.body.session_url as string).pathname}/pay`, {
        method: 'POST',
        redirect: 'manual',
      });
      const couponed = new URL(pay.headers.get('location') ?? '').searchParams.get('purchaseId') as string;
      expect((await postJson(api, '/api/user/verify-payment', { purchaseId: couponed }, bearer(a.token))).status).toBe(
        200,
      );
      // Confirmed twice (the return page reloaded): counted once.
      expect((await postJson(api, '/api/user/verify-payment', { purchaseId: couponed }, bearer(a.token))).status).toBe(
        200,
      );
      await buyThroughLocalCheckout(api, b.token, course._id);
      // Two days later: one more sale, and it is refunded that day.
      offsetMs = 2 * DAY_MS;
      await buyThroughLocalCheckout(api, c.token, course._id);
      const refunded = await buyThroughLocalCheckout(api, d.token, course._id);
      expect(
        (await postJson(api, '/api/admin/refund-purchase', { purchaseId: refunded }, bearer(admin.token))).status,
      ).toBe(200);
      offsetMs = 0;

      const ledger = await sales();
      expect(ledger).toHaveLength(4);
      const onDay = (day: string) => ledger.filter((e) => dayOf(new Date(e.createdAt).getTime()) === day);
      const sum = (list: LedgerEntryDoc[], pick: (e: LedgerEntryDoc) => number) =>
        list.reduce((total, e) => total + pick(e), 0);
      const refundedSale = ledger.find((e) => e.purchaseId === refunded) as LedgerEntryDoc;
      const couponSale = ledger.find((e) => e.purchaseId === couponed) as LedgerEntryDoc;
      expect(couponSale.gross).toBe(29_940); // 39,920 less 25 %
      expect(couponSale.amount).toBe(29_940 - 5988); // less the 20 % fee

      const result = await analytics(`?from=${today}&to=${later}`);
      expect(result.days[0]).toEqual({
        day: today,
        enrollments: 2,
        sales: 2,
        grossPaise: sum(onDay(today), (e) => Number(e.gross)),
        netPaise: sum(onDay(today), (e) => e.amount),
        refunds: 0,
        refundedPaise: 0,
      });
      // The refunded student's enrollment ended: one enrollment stands that day.
      expect(result.days[2]).toEqual({
        day: later,
        enrollments: 1,
        sales: 2,
        grossPaise: sum(onDay(later), (e) => Number(e.gross)),
        netPaise: sum(onDay(later), (e) => e.amount),
        refunds: 1,
        refundedPaise: refundedSale.amount,
      });
      expect(result.totals).toMatchObject({
        enrollments: 3,
        sales: 4,
        grossPaise: sum(ledger, (e) => Number(e.gross)),
        netPaise: sum(ledger, (e) => e.amount),
        refunds: 1,
        refundedPaise: refundedSale.amount,
      });
      // Narrowed to the course: the same; the rival's course is not the owner's.
      expect((await analytics(`?from=${today}&to=${later}&courseId=${course._id}`)).totals).toEqual(result.totals);
      expect((await get(`/api/educator/analytics?courseId=${rivalCourse._id}`, owner)).status).toBe(404);
      // The rival sees none of it.
      const theirs = await analytics(`?from=${today}&to=${later}`, rival);
      expect(theirs.courses).toEqual([{ id: rivalCourse._id, title: 'Not yours' }]);
      expect(theirs.totals.sales).toBe(0);
      // The default range: the last 30 days, today included.
      const fallback = await analytics('');
      expect(fallback.days).toHaveLength(30);
      expect(fallback.to).toBe(today);
      expect(fallback.totals.sales).toBe(2);
    });

    it("counts each lesson's reach: started, finished, and where students stopped, moving with them and leaving on completion", async () => {
      const [a, b, c] = buyers as [Account, Account, Account];
      const [l1, l2, l3, l4] = lectures() as [string, string, string, string];
      expect((await position(a, l1)).status).toBe(200);
      expect((await complete(a, l1)).status).toBe(200);
      expect((await complete(a, l1)).status).toBe(200); // again: nothing more
      await position(a, l2);
      await position(a, l2, 30); // the same lesson, later in it: nothing moves
      await position(b, l1);
      await complete(c, l1); // completed without a saved position: started and finished
      let found = await reach();
      expect(found).toMatchObject({ courseId: course._id, courseTitle: 'Counted', enrolled: 3, completed: 0 });
      expect(found.lessons.map((l) => [l.order, l.chapterTitle, l.kind, l.started, l.finished, l.leftHere])).toEqual([
        [1, 'Chapter 1', 'video', 3, 2, 1],
        [2, 'Chapter 1', 'video', 1, 0, 1],
        [3, 'Chapter 2', 'video', 0, 0, 0],
        [4, 'Chapter 2', 'video', 0, 0, 0],
      ]);
      // The first student finishes the course from its last lesson: no longer "left" anywhere.
      await position(a, l4);
      for (const id of [l2, l3, l4]) await complete(a, id);
      found = await reach();
      expect(found.completed).toBe(1);
      expect(found.lessons.map((l) => [l.started, l.finished, l.leftHere])).toEqual([
        [3, 2, 1],
        [1, 1, 0],
        [1, 1, 0],
        [1, 1, 0],
      ]);
      // Someone else's course, or none: 404; a malformed id: 400.
      expect((await get(`/api/educator/analytics/courses/${rivalCourse._id}/lessons`, owner)).status).toBe(404);
      expect((await get('/api/educator/analytics/courses/nope-nope/lessons', owner)).status).toBe(404);
      expect((await get('/api/educator/analytics/courses/%24where/lessons', owner)).status).toBe(400);
    });

    it('shows ratings by month: given, changed, deleted', async () => {
      const [a, b] = buyers as [Account, Account];
      const review = (who: Account, rating: number) =>
        api.json(`/api/user/reviews/${course._id}`, {
          method: 'PUT',
          headers: { ...bearer(who.token), 'Content-Type': 'application/json' },
          body: JSON.stringify({ rating, text: 'Useful' }),
        });
      expect((await review(a, 5)).status).toBe(200);
      expect((await review(b, 2)).status).toBe(200);
      const month = today.slice(0, 7);
      let result = await analytics(`?from=${today}&to=${today}`);
      expect(result.ratings).toEqual([{ month, count: 2, average: 3.5 }]);
      expect(result.totals).toMatchObject({ ratings: 2, averageRating: 3.5 });
      expect((await review(b, 4)).status).toBe(200);
      result = await analytics(`?from=${today}&to=${today}`);
      expect(result.ratings).toEqual([{ month, count: 2, average: 4.5 }]);
      const removed = await api.json(`/api/user/reviews/${course._id}`, { method: 'DELETE', headers: bearer(b.token) });
      expect(removed.status).toBe(200);
      result = await analytics(`?from=${today}&to=${today}`);
      expect(result.ratings).toEqual([{ month, count: 1, average: 5 }]);
      // An admin hides the remaining review: it counts nowhere; restored, it counts again.
      const stored = await api.deps.store.collection('ratings').findOne({ _id: `${a.userId}:${course._id}` });
      const reviewId = stored?.reviewId as string;
      const hide = await postJson(
        api,
        `/api/admin/reviews/${reviewId}/hide`,
        { reason: 'Checking' },
        bearer(admin.token),
      );
      expect(hide.status).toBe(200);
      expect((await analytics(`?from=${today}&to=${today}`)).ratings).toEqual([{ month, count: 0, average: null }]);
      expect((await postJson(api, `/api/admin/reviews/${reviewId}/restore`, {}, bearer(admin.token))).status).toBe(200);
      expect((await analytics(`?from=${today}&to=${today}`)).ratings).toEqual([{ month, count: 1, average: 5 }]);
      // Out of the range, out of the count.
      expect((await analytics(`?from=${later}&to=${later}`)).totals.ratings).toBe(0);
    });

    it('rebuilds the counters from the sources to what they counted live, and repairs a counter that drifted', async () => {
      const range = `?from=${today}&to=${later}`;
      const live = { analytics: await analytics(range), reach: await reach() };
      const rebuilder = standaloneAnalytics(api.deps.store, api.deps.clock, api.deps.config);
      await rebuilder.rebuildCourse(course._id);
      expect({ analytics: await analytics(range), reach: await reach() }).toEqual(live);
      // A process killed between a source write and its counter: the counter is behind (here, off).
      await api.deps.store
        .collection('analyticsLessons')
        .updateOne({ _id: `${course._id}:${lectures()[0]}` }, { $inc: { started: 5, here: -1 } });
      await api.deps.store
        .collection('analyticsDays')
        .updateOne({ _id: `${course._id}:${today}` }, { $inc: { sales: 7 } });
      await api.deps.store
        .collection('analyticsCourses')
        .updateOne({ _id: course._id }, { $inc: { enrolled: 2, completed: -1 } });
      expect((await reach()).lessons[0]?.started).toBe((live.reach.lessons[0]?.started ?? 0) + 5);
      expect(await rebuilder.rebuildAll()).toBe(2);
      expect({ analytics: await analytics(range), reach: await reach() }).toEqual(live);
      // Twice: the same.
      await rebuilder.rebuildCourse(course._id);
      expect({ analytics: await analytics(range), reach: await reach() }).toEqual(live);
    });

    it('refuses bad ranges and ids with a clear message, and anyone but an educator', async () => {
      const refused = async (query: string, message: string | RegExp) => {
        const res = await get(`/api/educator/analytics${query}`, owner);
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(message);
      };
      await refused('?from=2026-02-30&to=2026-03-01', /date/);
      await refused('?from=yesterday&to=2026-03-01', /date/);
      await refused('?from=2026-03-02&to=2026-03-01', RANGE_BACKWARDS);
      await refused('?from=2024-01-01&to=2026-03-01', RANGE_TOO_LONG);
      await refused('?from=2026-03-01', /both dates/);
      await refused('?courseId=%24ne', /course id/i);
      await refused('?from[$gt]=1&to=2026-03-01', /date/);
      // The longest range allowed answers every day of it.
      const longest = dayOf(Date.parse(`${today}T00:00:00Z`) - (ANALYTICS_MAX_RANGE_DAYS - 1) * DAY_MS);
      expect((await analytics(`?from=${longest}&to=${today}`)).days).toHaveLength(ANALYTICS_MAX_RANGE_DAYS);

      expect((await api.json('/api/educator/analytics')).status).toBe(401);
      expect((await get('/api/educator/analytics', outsider)).status).toBe(403);
      expect((await get(`/api/educator/analytics/courses/${course._id}/lessons`, outsider)).status).toBe(403);
    });

    it('exports both as CSV attachments', async () => {
      const days = await api.request(`/api/educator/analytics.csv?from=${today}&to=${later}`, {
        headers: bearer(owner.token),
      });
      expect(days.status).toBe(200);
      expect(days.headers.get('content-disposition')).toBe(`attachment; filename="analytics-${today}-${later}.csv"`);
      const lines = (await days.text()).trim().split('\r\n');
      expect(lines[0]).toBe('Day,Enrollments,Sales,Gross (INR),Net (INR),Refunds,Refunded (INR)');
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(new RegExp(`^${today},2,2,`));
      const lessons = await api.request(`/api/educator/analytics/courses/${course._id}/lessons.csv`, {
        headers: bearer(owner.token),
      });
      expect(lessons.headers.get('content-type')).toMatch(/^text\/csv/);
      const rows = (await lessons.text()).trim().split('\r\n');
      expect(rows[0]).toBe('Order,Chapter,Lesson,Kind,Started,Finished,Left here');
      expect(rows[1]).toBe('1,Chapter 1,Lecture 1,video,3,2,1');
      expect((await get(`/api/educator/analytics/courses/${rivalCourse._id}/lessons.csv`, owner)).status).toBe(404);
    });
  });
}

describe('the demo (#36 analytics)', { timeout: 120_000 }, () => {
  let api: TestApi;
  afterAll(() => api?.close());

  it("shows the demo educator sales on several days, ratings over months, and a course's drop-off", async () => {
    api = await startTestApi();
    expect(await seedDemo(api.deps)).toBe(true);
    // The start's backfill builds every course's counters once; again, it builds none.
    const analyticsOf = () => standaloneAnalytics(api.deps.store, api.deps.clock, api.deps.config);
    expect(await analyticsOf().backfill()).toBeGreaterThanOrEqual(13);
    expect(await analyticsOf().backfill()).toBe(0);
    const signIn = await postJson(api, '/api/auth/sign-in', {
      email: 'educator@courseport.dev',
      password: DEMO_PASSWORD,
    });
    const token = signIn.body.token as string;
    const to = dayOf(Date.now());
    const from = dayOf(Date.now() - 179 * DAY_MS);
    const res = await api.json<{ analytics: EducatorAnalytics }>(`/api/educator/analytics?from=${from}&to=${to}`, {
      headers: bearer(token),
    });
    expect(res.status).toBe(200);
    const { analytics } = res.body;
    expect(analytics.days.filter((d) => d.sales > 0).length).toBeGreaterThanOrEqual(3);
    expect(analytics.totals.enrollments).toBeGreaterThan(0);
    expect(analytics.ratings.filter((m) => m.count > 0).length).toBeGreaterThanOrEqual(2);
    const course = analytics.courses[0] as { id: string };
    const reach = await api.json<{ reach: CourseLessonReach }>(`/api/educator/analytics/courses/${course.id}/lessons`, {
      headers: bearer(token),
    });
    const reached = reach.body.reach.lessons.map((l) => l.started);
    // Fewer students reach each later lesson; some stopped along the way; one completed it.
    expect(reached[0]).toBeGreaterThan(reached[reached.length - 1] as number);
    expect(reach.body.reach.lessons.some((l) => l.leftHere > 0)).toBe(true);
    expect(reach.body.reach.completed).toBeGreaterThanOrEqual(1);
  });
});
