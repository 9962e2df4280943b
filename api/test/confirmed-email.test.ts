/**
 * An account whose e-mail is not confirmed cannot buy (free enrollment included), review, rate or
 * ask to teach under an address it does not own (#30): 403 with a message the UI shows, until the
 * owner opens the mailed link. Clerk confirms addresses itself: Clerk mode asks nothing more.
 */
import type { Context } from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_EMAIL_FIRST, confirmedEmail } from '../src/auth/middleware.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, confirmEmail, postJson, signUp, userWithProfile } from './support/identity.js';

describe('a confirmed e-mail first (local accounts)', () => {
  let api: TestApi;
  let paid: CourseDoc;
  let free: CourseDoc;
  beforeAll(async () => {
    api = await startTestApi();
    const educator = await userWithProfile(api, 'teacher@example.com', { educator: true });
    paid = testCourse({ _id: educator.userId, name: 'Teacher' }, { courseTitle: 'Paid' });
    free = testCourse({ _id: educator.userId, name: 'Teacher' }, { courseTitle: 'Free', coursePrice: 0 });
    await api.deps.store.collection<CourseDoc>('courses').insertMany([paid, free]);
  });
  afterAll(() => api.close());

  it('refuses purchases, free enrollment, reviews, ratings, questions and educator requests until the address is confirmed', async () => {
    const unconfirmed = await signUp(api, 'not-mine@example.com', 'Squatter');
    expect((await postJson(api, '/api/user/create', {}, bearer(unconfirmed.token))).status).toBe(201);
    const refused = { status: 403, body: { success: false, message: CONFIRM_EMAIL_FIRST } };
    const as = (token: string) => bearer(token);
    const question = () => ({
      lectureId: free.courseContent[0]?.chapterContent[0]?.lectureId,
      title: 'Where do I start?',
      body: '<p>Hello</p>',
    });
    const tries = (token: string) => [
      postJson(api, '/api/user/purchase', { courseId: paid._id }, as(token)),
      postJson(api, '/api/user/purchase', { courseId: free._id }, as(token)),
      api.json(`/api/user/reviews/${free._id}`, {
        method: 'PUT',
        headers: { ...as(token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ rating: 5, text: 'Great' }),
      }),
      postJson(api, '/api/user/add-rating', { courseId: free._id, rating: 5 }, as(token)),
      postJson(api, '/api/user/request-educator', {}, as(token)),
      // #35: asking and answering on a lesson.
      postJson(api, `/api/courses/${free._id}/questions`, question(), as(token)),
    ];
    for (const res of await Promise.all(tries(unconfirmed.token))) expect(res).toMatchObject(refused);
    expect(await api.deps.store.collection('purchases').countDocuments({ userId: unconfirmed.userId })).toBe(0);

    // The owner of the mailbox opens the link: everything works.
    const confirmed = await confirmEmail(api, 'not-mine@example.com');
    const buy = await postJson(api, '/api/user/purchase', { courseId: paid._id }, as(confirmed.token));
    const enroll = await postJson(api, '/api/user/purchase', { courseId: free._id }, as(confirmed.token));
    expect(buy).toMatchObject({ status: 200, body: { success: true } });
    expect(enroll).toMatchObject({ status: 200, body: { success: true } });
    expect(
      (
        await api.json(`/api/user/reviews/${free._id}`, {
          method: 'PUT',
          headers: { ...as(confirmed.token), 'Content-Type': 'application/json' },
          body: JSON.stringify({ rating: 5, text: 'Great' }),
        })
      ).status,
    ).toBe(200);
    expect(await postJson(api, '/api/user/request-educator', {}, as(confirmed.token))).toMatchObject({ status: 201 });
    expect(await postJson(api, `/api/courses/${free._id}/questions`, question(), as(confirmed.token))).toMatchObject({
      status: 201,
    });
  });
});

describe('a confirmed e-mail first (Clerk mode)', () => {
  it('asks nothing more of Clerk users, whose addresses Clerk confirms', async () => {
    const ctx = { state: { auth: { userId: 'user_x', emailVerified: false } } } as unknown as Context;
    let passed = false;
    const next = async () => {
      passed = true;
    };
    await confirmedEmail({ auth: { mode: 'clerk', publishableKey: 'pk', secretKey: 'sk', jwtKey: 'jwt' } })(ctx, next);
    expect(passed).toBe(true);
    await expect(confirmedEmail({ auth: { mode: 'local' } })(ctx, next)).rejects.toMatchObject({ status: 403 });
  });
});
