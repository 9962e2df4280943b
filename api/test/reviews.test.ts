import type {
  AdminReviewsPage,
  CourseCard,
  CourseDetails,
  CourseReviewsPage,
  EducatorReviewsPage,
  MyReview,
} from '@courseport/contracts';
import { REVIEW_TEXT_MAX_LENGTH, REVIEWS_PAGE_SIZE } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserLimits } from '../src/http/rate-limit.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { RatingDoc } from '../src/modules/reviews/repository.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, postJson, userWithProfile } from './support/identity.js';
import { buyThroughLocalCheckout } from './support/purchases.js';
import { bothStores } from './support/stores.js';

type Account = { token: string; userId: string };

const NOT_ENROLLED = 'You are not enrolled in this course';
const STUDENTS = 13;

for (const adapter of bothStores('reviews')) {
  describe.skipIf(!adapter.enabled)(`written reviews (${adapter.name})`, () => {
    let api: TestApi;
    let now = new Date();
    const tick = () => {
      now = new Date(now.getTime() + 1_000);
    };
    let owner: Account;
    let otherEducator: Account;
    let admin: Account;
    let outsider: Account;
    /** Buys the course, reviews it, is refunded. */
    let buyer: Account;
    const students: Account[] = [];
    let course: CourseDoc;
    let otherCourse: CourseDoc;
    let draft: CourseDoc;

    const send = (method: string, path: string, token: string, body?: unknown) =>
      api.json(path, {
        method,
        headers: { ...bearer(token), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const put = (who: Account, body: unknown, courseId = course._id) => {
      tick();
      return send('PUT', `/api/user/reviews/${courseId}`, who.token, body);
    };
    const mine = async (who: Account, courseId = course._id) =>
      (await send('GET', `/api/user/reviews/${courseId}`, who.token)).body.review as MyReview | null;
    const page = async (n = 1, courseId = course._id) => {
      const res = await api.json<{ reviews: CourseReviewsPage }>(`/api/course/${courseId}/reviews?page=${n}`);
      expect(res.status).toBe(200);
      return res.body.reviews;
    };
    /** What the course's details and its catalog card say of its rating. */
    const courseRating = async (courseId = course._id) => {
      const details = await api.json<{ courseData: CourseDetails }>(`/api/course/${courseId}`);
      const all = await api.json<{ courses: CourseCard[] }>('/api/course/all');
      const card = all.body.courses.find((c) => c._id === courseId);
      expect(card?.ratingCount).toBe(details.body.courseData.ratingCount);
      expect(card?.averageRating).toBe(details.body.courseData.averageRating);
      return { averageRating: details.body.courseData.averageRating, ratingCount: details.body.courseData.ratingCount };
    };
    const enroll = async (who: Account, c: CourseDoc) => {
      await api.deps.store
        .collection<CourseDoc>('courses')
        .updateOne({ _id: c._id }, { $addToSet: { enrolledStudents: who.userId } });
      await api.deps.store
        .collection<UserDoc>('users')
        .updateOne({ _id: who.userId }, { $addToSet: { enrolledCourses: c._id } });
    };

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        clock: { now: () => now },
        app: (app) => setUserLimits(app, { ratings: { windowMs: 60_000, max: 10_000 } }),
      });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      otherEducator = await userWithProfile(api, 'other-teacher@example.com', { educator: true });
      admin = await userWithProfile(api, 'moderator@example.com', { admin: true });
      outsider = await userWithProfile(api, 'outsider@example.com');
      // Signed in before the test clock moves ahead of the real one (a token from the future is refused).
      buyer = await userWithProfile(api, 'refunded@example.com');
      for (let i = 0; i < STUDENTS; i++) students.push(await userWithProfile(api, `student${i}@example.com`));
      course = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Reviewed course' });
      otherCourse = testCourse({ _id: otherEducator.userId, name: 'Other' }, { courseTitle: 'Other course' });
      draft = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Draft', isPublished: false });
      await api.deps.store.collection<CourseDoc>('courses').insertMany([course, otherCourse, draft]);
      for (const student of students) await enroll(student, course);
      await enroll(students[0] as Account, otherCourse);
    });
    afterAll(() => api?.close());

    const s = (i: number) => students[i] as Account;

    it('lets only enrolled students write, read and delete a review (403, 404 for no such course)', async () => {
      const refused = await put(outsider, { rating: 5, text: 'Never took it' });
      expect(refused).toMatchObject({ status: 403, body: { success: false, message: NOT_ENROLLED } });
      expect(await send('GET', `/api/user/reviews/${course._id}`, outsider.token)).toMatchObject({
        status: 403,
        body: { success: false, message: NOT_ENROLLED },
      });
      expect((await send('DELETE', `/api/user/reviews/${course._id}`, outsider.token)).status).toBe(403);
      expect((await put(owner, { rating: 5, text: 'My own course is great' })).status).toBe(403);
      const unknown = await put(s(0), { rating: 5, text: 'x' }, 'a'.repeat(24));
      expect(unknown).toMatchObject({ status: 404, body: { success: false, message: 'Course not found' } });
      expect(await api.deps.store.collection('ratings').countDocuments({})).toBe(0);
      expect(await mine(s(0))).toBeNull();
    });

    it('saves cleaned plain text, one review per student: a second PUT edits it', async () => {
      const written = 'Great <b>course</b>\r\n\r\n\r\n\r\n\r\nThanks\u0007\u0000  ';
      const first = await put(s(0), { rating: 4, text: written, userId: 'someone-else', _id: 'x' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ success: true, message: 'Review saved' });
      const saved = first.body.review as MyReview;
      expect(saved).toMatchObject({ rating: 4, text: 'Great <b>course</b>\n\n\nThanks', reply: null, hidden: null });
      expect(saved._id).toMatch(/^[0-9a-f]{32}$/);
      expect(saved.createdAt).toBe(saved.updatedAt);
      expect(await mine(s(0))).toEqual(saved);

      const edit = await put(s(0), { rating: 5, text: 'Even better the second time.' });
      expect(edit.status).toBe(200);
      const edited = edit.body.review as MyReview;
      expect(edited).toMatchObject({ _id: saved._id, rating: 5, text: 'Even better the second time.' });
      expect(edited.createdAt).toBe(saved.createdAt);
      expect(Date.parse(edited.updatedAt)).toBeGreaterThan(Date.parse(edited.createdAt));
      expect(await api.deps.store.collection('ratings').countDocuments({ courseId: course._id })).toBe(1);
      const listed = await page();
      expect(listed.total).toBe(1);
      expect(listed.reviews).toHaveLength(1);
      expect(listed.reviews[0]).toMatchObject({ _id: saved._id, rating: 5, reviewer: { name: 'student0' } });
      expect(await courseRating()).toEqual({ averageRating: 5, ratingCount: 1 });
    });

    it('refuses text that is too long or not text, and ratings that are not 1–5 whole numbers, changing nothing', async () => {
      const before = await mine(s(0));
      const long = await put(s(0), { rating: 3, text: 'x'.repeat(REVIEW_TEXT_MAX_LENGTH + 1) });
      expect(long).toMatchObject({
        status: 400,
        body: { success: false, message: `Text must be at most ${REVIEW_TEXT_MAX_LENGTH} characters` },
      });
      // Cleaning happens first: what is left counts.
      expect((await put(s(0), { rating: 5, text: `${'x'.repeat(REVIEW_TEXT_MAX_LENGTH)}\u0007\u0007 ` })).status).toBe(
        200,
      );
      for (const rating of [0, 6, 4.5, '5', null, -1]) {
        const res = await put(s(0), { rating, text: 'fine' });
        expect(res.status, String(rating)).toBe(400);
        expect(res.body).toEqual({
          success: false,
          message: 'Rating must be a whole number from 1 to 5',
        });
      }
      for (const text of [42, null, ['a'], { $ne: '' }]) {
        expect((await put(s(0), { rating: 5, text })).status, JSON.stringify(text)).toBe(400);
      }
      // Back to what it was.
      expect((await put(s(0), { rating: before?.rating, text: before?.text })).status).toBe(200);
    });

    it('takes stars without text: rated, not listed; add-rating changes only the stars and keeps the text', async () => {
      const starsOnly = await put(s(1), { rating: 2, text: '  \n ' });
      expect(starsOnly.body.review).toMatchObject({ rating: 2, text: '' });
      expect((await page()).total).toBe(1);
      expect((await courseRating()).ratingCount).toBe(2);

      tick();
      const rated = await postJson(
        api,
        '/api/user/add-rating',
        { courseId: course._id, rating: 3 },
        bearer(s(0).token),
      );
      expect(rated.status).toBe(200);
      expect(rated.body).toEqual({ success: true, message: 'Rating added successfully' });
      const after = await mine(s(0));
      expect(after).toMatchObject({ rating: 3, text: 'Even better the second time.' });
      const listed = await page();
      expect(listed.reviews[0]).toMatchObject({ rating: 3, text: 'Even better the second time.' });
      expect(listed.breakdown).toEqual({ 1: 0, 2: 1, 3: 1, 4: 0, 5: 0 });
      expect(listed).toMatchObject({ averageRating: 2.5, ratingCount: 2 });

      // A rating given by add-rating first gets a review id too, and becomes a review when text comes.
      tick();
      await postJson(api, '/api/user/add-rating', { courseId: course._id, rating: 4 }, bearer(s(2).token));
      const ratedOnly = await mine(s(2));
      expect(ratedOnly).toMatchObject({ rating: 4, text: '' });
      expect(ratedOnly?._id).toMatch(/^[0-9a-f]{32}$/);
      const becomes = await put(s(2), { rating: 4, text: 'Now with words' });
      expect(becomes.body.review).toMatchObject({ _id: ratedOnly?._id, text: 'Now with words' });
    });

    it('deletes the review and the rating with it (404 when there is none)', async () => {
      const before = await courseRating();
      const deleted = await send('DELETE', `/api/user/reviews/${course._id}`, s(2).token);
      expect(deleted).toMatchObject({ status: 200, body: { success: true } });
      expect(await mine(s(2))).toBeNull();
      expect((await courseRating()).ratingCount).toBe(before.ratingCount - 1);
      expect((await page()).reviews.map((r) => r.text)).not.toContain('Now with words');
      expect(await send('DELETE', `/api/user/reviews/${course._id}`, s(2).token)).toMatchObject({
        status: 404,
        body: { success: false, message: 'Review not found' },
      });
    });

    it('lists written reviews newest first, a page at a time, with the breakdown of every visible rating', async () => {
      for (let i = 2; i < STUDENTS; i++) {
        expect((await put(s(i), { rating: (i % 5) + 1, text: `Review number ${i}` })).status).toBe(200);
      }
      const first = await page(1);
      const second = await page(2);
      // student0 and students 2..12 wrote; student1 only rated.
      const written = STUDENTS - 1;
      expect(first.total).toBe(written);
      expect(first.pageSize).toBe(REVIEWS_PAGE_SIZE);
      expect(first.reviews).toHaveLength(REVIEWS_PAGE_SIZE);
      expect(second).toMatchObject({ page: 2, total: written });
      expect(second.reviews).toHaveLength(written - REVIEWS_PAGE_SIZE);
      const texts = [...first.reviews, ...second.reviews].map((r) => r.text);
      expect(texts.slice(0, 3)).toEqual(['Review number 12', 'Review number 11', 'Review number 10']);
      expect(texts.at(-1)).toBe('Even better the second time.');
      const dates = [...first.reviews, ...second.reviews].map((r) => Date.parse(r.createdAt));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      expect((await page(3)).reviews).toEqual([]);

      const ratings = [3, 2, ...Array.from({ length: STUDENTS - 2 }, (_, k) => ((k + 2) % 5) + 1)];
      const breakdown = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } as Record<1 | 2 | 3 | 4 | 5, number>;
      for (const r of ratings) breakdown[r as 1 | 2 | 3 | 4 | 5] += 1;
      expect(first.breakdown).toEqual(breakdown);
      expect(first.ratingCount).toBe(ratings.length);
      const mean = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
      expect(first.averageRating).toBe(mean);
      expect(await courseRating()).toEqual({
        averageRating: Math.floor(ratings.reduce((a, b) => a + b, 0) / ratings.length),
        ratingCount: ratings.length,
      });
    });

    it('never shows a reviewer’s account id or e-mail, and answers with an ETag', async () => {
      const res = await api.request(`/api/course/${course._id}/reviews?page=1`);
      const text = await res.text();
      for (const who of [...students, owner]) expect(text).not.toContain(who.userId);
      expect(text).not.toContain('@example.com');
      expect(res.headers.get('cache-control')).toBe('public, no-cache');
      const etag = res.headers.get('etag') ?? '';
      expect(etag).not.toBe('');
      const again = await api.request(`/api/course/${course._id}/reviews?page=1`, {
        headers: { 'If-None-Match': etag },
      });
      expect(again.status).toBe(304);
    });

    it('refuses bad pages (400) and unknown or unpublished courses (404)', async () => {
      for (const q of ['page=0', 'page=abc', 'page=1.5', 'page=-1', 'page=1&page=2']) {
        const res = await api.json(`/api/course/${course._id}/reviews?${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body).toEqual({ success: false, message: expect.stringMatching(/^Page /) });
      }
      expect((await api.json(`/api/course/${course._id}/reviews`)).status).toBe(200);
      for (const id of ['a'.repeat(24), draft._id, 'not-an-id']) {
        expect(await api.json(`/api/course/${id}/reviews?page=1`)).toMatchObject({
          status: 404,
          body: { success: false, message: 'Course not found' },
        });
      }
    });

    it("lists an educator's own courses' reviews only", async () => {
      expect((await put(s(0), { rating: 1, text: 'Other course: meh' }, otherCourse._id)).status).toBe(200);
      const own = await send('GET', '/api/educator/reviews?page=1', owner.token);
      expect(own.status).toBe(200);
      const list = own.body.reviews as EducatorReviewsPage;
      expect(list.total).toBe(STUDENTS - 1);
      expect(list.reviews.every((r) => r.course._id === course._id && r.course.courseTitle === 'Reviewed course')).toBe(
        true,
      );
      const theirs = (await send('GET', '/api/educator/reviews', otherEducator.token)).body
        .reviews as EducatorReviewsPage;
      expect(theirs.reviews.map((r) => r.text)).toEqual(['Other course: meh']);
      expect((await send('GET', '/api/educator/reviews', s(0).token)).status).toBe(403);
      expect(JSON.stringify(own.body)).not.toContain(s(0).userId);
    });

    it('lets the course educator reply once (403 for another educator, 404 unknown, 409 again)', async () => {
      const target = (await page()).reviews[0];
      const reviewId = target?._id ?? '';
      const reply = (who: Account, id: string, text: unknown) =>
        send('POST', `/api/educator/reviews/${id}/reply`, who.token, { text });

      expect(await reply(otherEducator, reviewId, 'Not my course')).toMatchObject({ status: 403 });
      expect((await reply(s(0), reviewId, 'A student')).status).toBe(403);
      expect(await reply(owner, 'f'.repeat(32), 'Nobody')).toMatchObject({
        status: 404,
        body: { success: false, message: 'Review not found' },
      });
      expect((await reply(owner, 'nope', 'Nobody')).status).toBe(404);
      expect((await reply(owner, reviewId, ' \n ')).status).toBe(400);

      tick();
      const posted = await reply(owner, reviewId, 'Thank you!\r\n\r\n\r\n\r\nSee you.');
      expect(posted.status).toBe(200);
      expect(posted.body).toMatchObject({
        success: true,
        message: 'Reply posted',
        review: { _id: reviewId, reply: { text: 'Thank you!\n\n\nSee you.', educatorName: 'owner' } },
      });
      expect(await reply(owner, reviewId, 'Again')).toMatchObject({
        status: 409,
        body: { success: false, message: 'You have already replied to this review' },
      });
      const shown = (await page()).reviews.find((r) => r._id === reviewId);
      expect(shown?.reply).toMatchObject({ text: 'Thank you!\n\n\nSee you.', educatorName: 'owner' });

      // Two at once: exactly one lands.
      const other = (await page()).reviews[1]?._id ?? '';
      const both = await Promise.all([reply(owner, other, 'First'), reply(owner, other, 'Second')]);
      expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
      const kept = (await page()).reviews.find((r) => r._id === other)?.reply?.text;
      expect(kept).toBe(both[0]?.status === 200 ? 'First' : 'Second');
    });

    it('lets admins hide a review with a reason: gone from the page, the breakdown and the course rating, until restored', async () => {
      const before = await page();
      const beforeRating = await courseRating();
      const target = before.reviews[2];
      const reviewId = target?._id ?? '';
      const hide = (who: Account, body: unknown, id = reviewId) =>
        send('POST', `/api/admin/reviews/${id}/hide`, who.token, body);

      expect((await hide(s(0), { reason: 'Spam' })).status).toBe(403);
      expect((await hide(owner, { reason: 'Spam' })).status).toBe(403);
      expect((await send('GET', '/api/admin/reviews', owner.token)).status).toBe(403);
      expect((await hide(admin, {})).status).toBe(400);
      expect((await hide(admin, { reason: '  ab ' })).status).toBe(400);
      expect((await hide(admin, { reason: 'x'.repeat(301) })).status).toBe(400);
      expect((await hide(admin, { reason: 'Spam' }, 'f'.repeat(32))).status).toBe(404);

      tick();
      const hidden = await hide(admin, { reason: '  Off-topic advertising ' });
      expect(hidden.status).toBe(200);
      expect(hidden.body).toMatchObject({
        success: true,
        review: {
          _id: reviewId,
          course: { _id: course._id, courseTitle: 'Reviewed course' },
          hidden: { reason: 'Off-topic advertising', hiddenBy: { name: 'moderator' } },
        },
      });

      const after = await page();
      expect(after.total).toBe(before.total - 1);
      expect(after.reviews.map((r) => r._id)).not.toContain(reviewId);
      expect(after.ratingCount).toBe(before.ratingCount - 1);
      const star = target?.rating as 1 | 2 | 3 | 4 | 5;
      expect(after.breakdown[star]).toBe(before.breakdown[star] - 1);
      expect((await courseRating()).ratingCount).toBe(beforeRating.ratingCount - 1);
      const instructor = await api.json<{ instructor: { ratingCount: number } }>(`/api/instructors/${owner.userId}`);
      expect(instructor.body.instructor.ratingCount).toBe(beforeRating.ratingCount - 1);
      const educatorList = (await send('GET', '/api/educator/reviews', owner.token)).body
        .reviews as EducatorReviewsPage;
      expect(educatorList.reviews.map((r) => r._id)).not.toContain(reviewId);
      expect(
        (await send('POST', `/api/educator/reviews/${reviewId}/reply`, owner.token, { text: 'Hello' })).status,
      ).toBe(404);

      // The student sees why; editing does not bring it back.
      const author = students.find((st) => target?.reviewer.name === `student${students.indexOf(st)}`) as Account;
      expect((await mine(author))?.hidden).toMatchObject({ reason: 'Off-topic advertising' });
      expect((await put(author, { rating: target?.rating, text: 'Edited while hidden' })).status).toBe(200);
      expect((await page()).total).toBe(before.total - 1);

      const hiddenList = await send('GET', '/api/admin/reviews?status=hidden', admin.token);
      expect(hiddenList.status).toBe(200);
      const listed = hiddenList.body.reviews as AdminReviewsPage;
      expect(listed.reviews.map((r) => r._id)).toEqual([reviewId]);
      const everything = (await send('GET', '/api/admin/reviews?page=1&status=all', admin.token)).body
        .reviews as AdminReviewsPage;
      expect(everything.total).toBe(STUDENTS);
      expect((await send('GET', '/api/admin/reviews?status=shown', admin.token)).status).toBe(400);

      const restored = await send('POST', `/api/admin/reviews/${reviewId}/restore`, admin.token);
      expect(restored).toMatchObject({ status: 200, body: { success: true, review: { _id: reviewId, hidden: null } } });
      const back = await page();
      expect(back.total).toBe(before.total);
      expect(back.ratingCount).toBe(before.ratingCount);
      expect(await courseRating()).toEqual(beforeRating);
    });

    it('keeps a refunded student’s rating and review (as ratings always were), which they can then no longer change', async () => {
      const purchaseId = await buyThroughLocalCheckout(api, buyer.token, course._id);
      expect((await put(buyer, { rating: 1, text: 'Asked for my money back' })).status).toBe(200);
      const before = await page();
      const refund = await postJson(api, '/api/admin/refund-purchase', { purchaseId }, bearer(admin.token));
      expect(refund.status).toBe(200);
      const after = await page();
      expect(after.total).toBe(before.total);
      expect(after.ratingCount).toBe(before.ratingCount);
      expect(after.reviews[0]?.text).toBe('Asked for my money back');
      expect(await put(buyer, { rating: 5, text: 'Changed my mind' })).toMatchObject({
        status: 403,
        body: { message: NOT_ENROLLED },
      });
      expect((await send('DELETE', `/api/user/reviews/${course._id}`, buyer.token)).status).toBe(403);
    });

    it('keeps records one per student and course, each with its own review id', async () => {
      const docs = await api.deps.store.collection<RatingDoc>('ratings').find({});
      expect(docs.every((d) => d._id === `${d.userId}:${d.courseId}`)).toBe(true);
      expect(new Set(docs.map((d) => d.reviewId)).size).toBe(docs.length);
    });
  });
}
