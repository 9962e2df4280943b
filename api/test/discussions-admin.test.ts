import type { AdminDiscussionPost, AdminDiscussionsPage, Answer, Question, QuestionsPage } from '@courseport/contracts';
import { DISCUSSION_PAGE_SIZE, DISCUSSION_SEARCH_MAX_LENGTH } from '@courseport/contracts/discussions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserLimits } from '../src/http/rate-limit.js';
import { INDEXES } from '../src/indexes.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { newId } from '../src/store/index.js';
import { lectureIdsOf, testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';

type Account = { token: string; userId: string };
type Reply = { status: number; body: Record<string, unknown> & { message?: string } };

/**
 * The admins' Q&A moderation list (#35): `GET /api/admin/discussions`, every course's questions
 * and answers together, newest first, by state and search, one cursor page at a time; and what a
 * hidden post is to the students and to its author.
 */
for (const adapter of bothStores('discussions-admin')) {
  describe.skipIf(!adapter.enabled)(`the admins' Q&A list (${adapter.name})`, () => {
    let api: TestApi;
    let now = new Date();
    const tick = () => {
      now = new Date(now.getTime() + 1_000);
    };
    let educator: Account;
    let admin: Account;
    let asker: Account;
    let helper: Account;
    let classmate: Account;
    let course: CourseDoc;
    let otherCourse: CourseDoc;
    let lesson1: string;
    let lesson2: string;

    const send = async (method: string, path: string, who: Account | null, body?: unknown): Promise<Reply> =>
      (await api.json(path, {
        method,
        headers: {
          ...(who ? bearer(who.token) : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })) as Reply;
    const ask = async (who: Account, title: string, body: string, lectureId = lesson1, courseId = course._id) => {
      tick();
      const res = await send('POST', `/api/courses/${courseId}/questions`, who, { lectureId, title, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.question as Question;
    };
    const answer = async (who: Account, questionId: string, body: string) => {
      tick();
      const res = await send('POST', `/api/questions/${questionId}/answers`, who, { body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.answer as Answer;
    };
    const adminList = async (query = '') => {
      const res = await send('GET', `/api/admin/discussions${query}`, admin);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as unknown as AdminDiscussionsPage;
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
        app: (app) =>
          setUserLimits(app, {
            discussionPosts: { windowMs: 60_000, max: 10_000 },
            discussionDaily: { windowMs: 24 * 60 * 60_000, max: 10_000 },
            writes: { windowMs: 60_000, max: 10_000 },
            totalWrites: { windowMs: 60_000, max: 10_000 },
          }),
      });
      educator = await userWithProfile(api, 'teacher@example.com', { educator: true });
      admin = await userWithProfile(api, 'moderator@example.com', { admin: true });
      asker = await userWithProfile(api, 'asker@example.com');
      helper = await userWithProfile(api, 'helper@example.com');
      classmate = await userWithProfile(api, 'classmate@example.com');
      course = testCourse({ _id: educator.userId, name: 'teacher' }, { courseTitle: 'Moderated course', lectures: 2 });
      otherCourse = testCourse({ _id: educator.userId, name: 'teacher' }, { courseTitle: 'Second course' });
      await api.deps.store.collection<CourseDoc>('courses').insertMany([course, otherCourse]);
      for (const who of [asker, helper, classmate]) {
        await enroll(who, course);
        await enroll(who, otherCourse);
      }
      [lesson1 = '', lesson2 = ''] = lectureIdsOf(course);
    }, 60_000);
    afterAll(() => api?.close());

    it('is for admins only: 401 signed out, 403 for students and educators', async () => {
      expect(await send('GET', '/api/admin/discussions', null)).toMatchObject({
        status: 401,
        body: { success: false, message: 'Please sign in to continue' },
      });
      for (const who of [asker, educator]) {
        const res = await send('GET', '/api/admin/discussions', who);
        expect(res.status).toBe(403);
        expect(res.body.success).toBe(false);
        expect(typeof res.body.message).toBe('string');
      }
      expect((await send('GET', '/api/admin/discussions', admin)).status).toBe(200);
    });

    it('lists questions and answers of every course together, newest first, with where and by whom', async () => {
      const q1 = await ask(
        asker,
        'How do closures capture variables?',
        '<p>In <b>loops</b><script>alert(1)</script></p>',
      );
      const a1 = await answer(helper, q1._id, '<p>By reference &amp; per iteration with <code>let</code></p>');
      const q2 = await ask(
        classmate,
        'Where are the slides?',
        '<p>Lesson two</p>',
        lectureIdsOf(otherCourse)[0],
        otherCourse._id,
      );
      const page = await adminList();
      const ids = page.posts.map((p) => p._id);
      expect(ids.slice(0, 3)).toEqual([q2._id, a1._id, q1._id]);
      const [p2, pa1, p1] = page.posts as [AdminDiscussionPost, AdminDiscussionPost, AdminDiscussionPost];
      expect(p1).toMatchObject({
        kind: 'question',
        questionId: q1._id,
        questionTitle: 'How do closures capture variables?',
        course: { _id: course._id, courseTitle: 'Moderated course' },
        lectureId: lesson1,
        lectureTitle: 'Lecture 1',
        author: { name: 'asker' },
        byInstructor: false,
        hidden: null,
        editedAt: null,
      });
      // The body as stored: sanitized when it was posted.
      expect(p1.body).toBe('<p>In <b>loops</b></p>');
      expect(pa1).toMatchObject({
        kind: 'answer',
        questionId: q1._id,
        questionTitle: 'How do closures capture variables?',
        lectureTitle: 'Lecture 1',
        author: { name: 'helper' },
        body: '<p>By reference &amp; per iteration with <code>let</code></p>',
      });
      expect(p2).toMatchObject({ course: { courseTitle: 'Second course' }, author: { name: 'classmate' } });
      // Nobody's user id is sent.
      const text = JSON.stringify(page);
      for (const who of [educator, admin, asker, helper, classmate]) expect(text).not.toContain(who.userId);
    });

    it('filters by state and search; a hidden post shows why, by whom and when', async () => {
      const q = await ask(asker, 'Buy cheap watches here', '<p>Totally on topic</p>', lesson2);
      const a = await answer(helper, q._id, '<p>Tom &amp; Jerry say: use <em>map</em></p>');
      tick();
      expect((await send('POST', `/api/admin/questions/${q._id}/hide`, admin, { reason: 'Advertising' })).status).toBe(
        200,
      );

      const hidden = await adminList('?state=hidden');
      expect(hidden.posts.map((p) => p._id)).toEqual([q._id]);
      expect(hidden.posts[0]).toMatchObject({
        lectureTitle: 'Lecture 2',
        hidden: { reason: 'Advertising', hiddenAt: now.toISOString(), hiddenBy: { name: 'moderator' } },
      });
      const visible = await adminList('?state=visible');
      expect(visible.posts.map((p) => p._id)).toContain(a._id);
      expect(visible.posts.map((p) => p._id)).not.toContain(q._id);
      expect(visible.posts.every((p) => p.hidden === null)).toBe(true);
      const all = await adminList('?state=all');
      expect(all.posts.map((p) => p._id)).toEqual(expect.arrayContaining([q._id, a._id]));

      // A question's title and text; an answer's text, entities and all; case does not matter.
      expect((await adminList('?q=CHEAP%20watches')).posts.map((p) => p._id)).toEqual([q._id]);
      expect((await adminList(`?q=${encodeURIComponent('Tom & Jerry')}`)).posts.map((p) => p._id)).toEqual([a._id]);
      expect((await adminList('?q=closures&state=visible')).posts.map((p) => p.kind)).toEqual(['question']);
      expect((await adminList('?q=closures&state=hidden')).posts).toEqual([]);
      // Regular-expression characters are text.
      expect((await adminList(`?q=${encodeURIComponent('.*')}`)).posts).toEqual([]);
      expect((await adminList('?q=%20%20')).posts.length).toBeGreaterThan(0);

      // Answers hidden too, then restored.
      await send('POST', `/api/admin/answers/${a._id}/hide`, admin, { reason: 'Off topic' });
      expect((await adminList('?state=hidden')).posts.map((p) => p._id)).toEqual([a._id, q._id]);
      await send('POST', `/api/admin/answers/${a._id}/restore`, admin);
      await send('POST', `/api/admin/questions/${q._id}/restore`, admin);
      expect((await adminList('?state=hidden')).posts).toEqual([]);
    });

    it('a hidden question leaves the students’ Q&A; its author still sees it, marked hidden with the reason', async () => {
      const q = await ask(asker, 'Is this allowed in the exam?', '<p>Asking for a friend</p>');
      const a = await answer(helper, q._id, '<p>Check the syllabus</p>');
      const listOf = async (who: Account) =>
        (
          (await send('GET', `/api/courses/${course._id}/questions?lectureId=${lesson1}`, who))
            .body as unknown as QuestionsPage
        ).questions;
      const answersFor = async (who: Account) =>
        ((await send('GET', `/api/questions/${q._id}/answers`, who)).body.answers ?? []) as Answer[];
      // A hidden answer: gone for the others, marked with why for its author.
      await send('POST', `/api/admin/answers/${a._id}/hide`, admin, { reason: 'Answers an exam question' });
      expect(await answersFor(asker)).toEqual([]);
      expect(await answersFor(classmate)).toEqual([]);
      expect((await answersFor(helper))[0]?.hidden).toMatchObject({ reason: 'Answers an exam question' });
      // A hidden question: neither in the lesson's list nor at its address for another student.
      await send('POST', `/api/admin/questions/${q._id}/hide`, admin, { reason: 'Exam content' });
      expect((await listOf(classmate)).map((x) => x._id)).not.toContain(q._id);
      expect((await send('GET', `/api/questions/${q._id}`, classmate)).status).toBe(404);
      // The educator reads as students do.
      expect((await listOf(educator)).map((x) => x._id)).not.toContain(q._id);
      // The author: there, with why (as for reviews).
      expect((await listOf(asker)).find((x) => x._id === q._id)?.hidden).toMatchObject({ reason: 'Exam content' });
      // Restored: every student sees it again.
      await send('POST', `/api/admin/questions/${q._id}/restore`, admin);
      expect((await listOf(classmate)).find((x) => x._id === q._id)?.hidden).toBeNull();
    });

    it('pages through every post once, newest first, ties across both kinds included', async () => {
      const pagedCourse = testCourse({ _id: educator.userId, name: 'teacher' }, { courseTitle: 'Paged course' });
      await api.deps.store.collection<CourseDoc>('courses').insertOne(pagedCourse);
      const lectureId = lectureIdsOf(pagedCourse)[0] ?? '';
      // All older than everything above, three to a timestamp (a question and two answers share one).
      const base = new Date('2026-01-01T00:00:00Z').getTime();
      const questions = Array.from({ length: 20 }, (_, i) => ({
        _id: newId(),
        courseId: pagedCourse._id,
        lectureId,
        authorId: asker.userId,
        title: `Paged question ${i}`,
        body: `<p>Paged ${i}</p>`,
        searchText: `Paged question ${i}\nPaged ${i}`,
        createdAt: new Date(base + i * 1000),
        answerCount: 2,
        upvotes: 0,
      }));
      const answers = questions.flatMap((q, i) =>
        [0, 1].map((j) => ({
          _id: newId(),
          questionId: q._id,
          courseId: pagedCourse._id,
          authorId: helper.userId,
          byInstructor: false,
          body: `<p>Paged answer ${i}.${j}</p>`,
          createdAt: new Date(base + i * 1000),
          upvotes: 0,
        })),
      );
      await api.deps.store.collection('questions').insertMany(questions);
      await api.deps.store.collection('answers').insertMany(answers);

      const seen: AdminDiscussionPost[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page: AdminDiscussionsPage = await adminList(`?q=paged${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.posts.length).toBeLessThanOrEqual(DISCUSSION_PAGE_SIZE);
        seen.push(...page.posts);
        cursor = page.nextCursor;
        pages++;
      } while (cursor && pages < 10);
      expect(pages).toBe(3);
      expect(seen).toHaveLength(60);
      expect(new Set(seen.map((p) => p._id)).size).toBe(60);
      const times = seen.map((p) => Date.parse(p.createdAt));
      expect(times).toEqual([...times].sort((x, y) => y - x));
      expect(seen.filter((p) => p.kind === 'answer').every((p) => p.questionTitle.startsWith('Paged question'))).toBe(
        true,
      );
    });

    it('reads both stores by their createdAt index (listed for both stores)', () => {
      for (const collection of ['questions', 'answers'])
        expect(INDEXES).toContainEqual(expect.objectContaining({ collection, fields: ['createdAt'] }));
    });

    it('refuses bad query strings with a 400 { success: false, message }', async () => {
      const otherKind = Buffer.from(JSON.stringify({ s: 'newest', t: 1, id: newId() })).toString('base64url');
      const badId = Buffer.from(JSON.stringify({ s: 'admin', t: 1, id: { $gt: '' } })).toString('base64url');
      const cases: Array<[string, RegExp]> = [
        ['?cursor=not-a-cursor', /cursor/i],
        [`?cursor=${otherKind}`, /cursor/i],
        [`?cursor=${badId}`, /cursor/i],
        [`?cursor=${'a'.repeat(401)}`, /cursor/i],
        ['?state=deleted', /state/i],
        ['?state=visible&state=hidden', /state/i],
        [`?q=${'x'.repeat(DISCUSSION_SEARCH_MAX_LENGTH + 1)}`, /\bq\b/i],
        ['?q=a&q=b', /\bq\b/i],
      ];
      for (const [query, message] of cases) {
        const res = await send('GET', `/api/admin/discussions${query}`, admin);
        expect(res.status, `${query}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(message);
      }
    });
  });
}
