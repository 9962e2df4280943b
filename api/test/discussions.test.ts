import type { Answer, AnswersPage, InboxPage, Question, QuestionsPage, VoteResult } from '@courseport/contracts';
import {
  DISCUSSION_BODY_MAX_LENGTH,
  DISCUSSION_PAGE_SIZE,
  QUESTION_TITLE_MAX_LENGTH,
} from '@courseport/contracts/discussions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserLimits } from '../src/http/rate-limit.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { type DiscussionEvents, discussionsService } from '../src/modules/discussions/index.js';
import { learningService } from '../src/modules/learning/index.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { newId } from '../src/store/index.js';
import { lectureIdsOf, testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';

type Account = { token: string; userId: string };
type Reply = { status: number; body: Record<string, unknown> & { message?: string } };

const STUDENTS = 20;
const DAILY = 30;

for (const adapter of bothStores('discussions')) {
  describe.skipIf(!adapter.enabled)(`questions and answers on lessons (${adapter.name})`, () => {
    let api: TestApi;
    let now = new Date();
    const tick = () => {
      now = new Date(now.getTime() + 1_000);
    };
    let owner: Account;
    let otherEducator: Account;
    let admin: Account;
    let outsider: Account;
    let quota: Account;
    const students: Account[] = [];
    const s = (i: number) => students[i] as Account;
    let course: CourseDoc;
    let otherCourse: CourseDoc;
    let draft: CourseDoc;
    let lesson1: string;
    let lesson2: string;

    const send = async (method: string, path: string, who: Account | null, body?: unknown): Promise<Reply> => {
      const res = await api.json(path, {
        method,
        headers: {
          ...(who ? bearer(who.token) : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
      return res as Reply;
    };
    const ask = (who: Account, title: string, body = '<p>Details</p>', lectureId = lesson1, courseId = course._id) => {
      tick();
      return send('POST', `/api/courses/${courseId}/questions`, who, { lectureId, title, body });
    };
    const answer = (who: Account, questionId: string, body: string) => {
      tick();
      return send('POST', `/api/questions/${questionId}/answers`, who, { body });
    };
    const list = async (who: Account, query = '', courseId = course._id) => {
      const res = await send('GET', `/api/courses/${courseId}/questions${query}`, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as unknown as QuestionsPage;
    };
    const answersOf = async (who: Account, questionId: string) => {
      const res = await send('GET', `/api/questions/${questionId}/answers`, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body as unknown as AnswersPage).answers;
    };
    const enroll = async (who: Account, c: CourseDoc) => {
      await api.deps.store
        .collection<CourseDoc>('courses')
        .updateOne({ _id: c._id }, { $addToSet: { enrolledStudents: who.userId } });
      await api.deps.store
        .collection<UserDoc>('users')
        .updateOne({ _id: who.userId }, { $addToSet: { enrolledCourses: c._id } });
    };
    /** Nobody's user id is ever in an answer. */
    const expectNoIds = (body: unknown) => {
      const text = JSON.stringify(body);
      for (const who of [owner, otherEducator, admin, outsider, ...students]) expect(text).not.toContain(who.userId);
    };

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        clock: { now: () => now },
        app: (app) =>
          setUserLimits(app, {
            discussionPosts: { windowMs: 60_000, max: 10_000 },
            discussionDaily: { windowMs: 24 * 60 * 60_000, max: DAILY },
            discussionVotes: { windowMs: 60_000, max: 10_000 },
            writes: { windowMs: 60_000, max: 10_000 },
            totalWrites: { windowMs: 60_000, max: 10_000 },
          }),
      });
      owner = await userWithProfile(api, 'owner@example.com', { educator: true });
      otherEducator = await userWithProfile(api, 'other-teacher@example.com', { educator: true });
      admin = await userWithProfile(api, 'moderator@example.com', { admin: true });
      outsider = await userWithProfile(api, 'outsider@example.com');
      quota = await userWithProfile(api, 'busy@example.com');
      for (let i = 0; i < STUDENTS; i++) students.push(await userWithProfile(api, `student${i}@example.com`));
      course = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Discussed course', lectures: 3 });
      otherCourse = testCourse({ _id: otherEducator.userId, name: 'Other' }, { courseTitle: 'Other course' });
      draft = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Draft', isPublished: false });
      await api.deps.store.collection<CourseDoc>('courses').insertMany([course, otherCourse, draft]);
      for (const student of [...students, quota]) await enroll(student, course);
      await enroll(s(0), otherCourse);
      [lesson1 = '', lesson2 = ''] = lectureIdsOf(course);
    }, 60_000);
    afterAll(() => api?.close());

    it('lets only enrolled students, the course’s educator and admins in: 401, 403, 404 otherwise', async () => {
      const path = `/api/courses/${course._id}/questions`;
      const input = { lectureId: lesson1, title: 'May I ask?', body: 'x' };
      expect(await send('GET', path, null)).toMatchObject({
        status: 401,
        body: { success: false, message: 'Please sign in to continue' },
      });
      expect((await send('POST', path, null, input)).status).toBe(401);
      for (const who of [outsider, otherEducator]) {
        expect(await send('GET', path, who)).toMatchObject({
          status: 403,
          body: { success: false, message: 'You are not enrolled in this course' },
        });
        expect((await send('POST', path, who, input)).status).toBe(403);
      }
      expect((await send('GET', path, admin)).status).toBe(200);
      expect((await send('GET', path, owner)).status).toBe(200);
      expect((await send('GET', path, s(1))).status).toBe(200);
      // Unknown, malformed and draft courses (for someone who cannot see the draft) are all 404.
      for (const id of [newId(), 'not-an-id', draft._id]) {
        expect(await send('GET', `/api/courses/${id}/questions`, s(0))).toMatchObject({
          status: 404,
          body: { success: false, message: 'Course not found' },
        });
      }
      expect(await send('GET', `${path}?lectureId=no-such-lesson`, s(0))).toMatchObject({
        status: 404,
        body: { success: false, message: 'Lesson not found' },
      });
      expect((await send('POST', path, s(0), { ...input, lectureId: lectureIdsOf(otherCourse)[0] })).status).toBe(404);
      expect(await api.deps.store.collection('questions').countDocuments({})).toBe(0);
    });

    it('asks with a trimmed title and sanitized rich text; no ids of people in the answer', async () => {
      const res = await send('POST', `/api/courses/${course._id}/questions`, s(0), {
        lectureId: lesson1,
        title: '   Why does   the loop\u202e never end?  ',
        body: '<p onclick="x()">See <strong>this</strong><script>alert(1)</script><img src=x onerror=alert(1)><h1>big</h1> <a href="javascript:alert(1)">link</a> <a href="https://example.com/a">ok</a></p>',
        authorId: owner.userId,
        upvotes: 99,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.message).toBe('Question posted');
      const question = res.body.question as Question;
      expect(question).toMatchObject({
        title: 'Why does the loop never end?',
        author: { name: 'student0' },
        mine: true,
        byInstructor: false,
        answerCount: 0,
        upvotes: 0,
        votedByMe: false,
        acceptedAnswerId: null,
        hidden: null,
        editedAt: null,
        lectureId: lesson1,
        courseId: course._id,
      });
      expect(question.body).not.toMatch(/script|onerror|onclick|<img|<h1|javascript:/);
      expect(question.body).toContain('<strong>this</strong>');
      expect(question.body).toContain(
        '<a href="https://example.com/a" rel="noopener noreferrer nofollow" target="_blank">ok</a>',
      );
      expectNoIds(res.body);
      const seen = await list(s(1));
      expect(seen.questions.map((q) => q._id)).toEqual([question._id]);
      expect(seen.questions[0]).toMatchObject({ mine: false, title: 'Why does the loop never end?' });
      expectNoIds(seen);
    });

    it('refuses bad input with a sentence and a 400 (413 past the body limit), writing nothing', async () => {
      const before = await api.deps.store.collection('questions').countDocuments({});
      const path = `/api/courses/${course._id}/questions`;
      const cases: Array<[unknown, number, string | RegExp]> = [
        [{ lectureId: lesson1, title: 'Hi', body: 'x' }, 400, 'Title must be at least 5 characters'],
        [{ lectureId: lesson1, title: '   ', body: 'x' }, 400, 'A title is required'],
        [
          { lectureId: lesson1, title: 'x'.repeat(QUESTION_TITLE_MAX_LENGTH + 1), body: 'x' },
          400,
          `Title must be at most ${QUESTION_TITLE_MAX_LENGTH} characters`,
        ],
        [
          { lectureId: lesson1, title: 'A fine title', body: 'x'.repeat(DISCUSSION_BODY_MAX_LENGTH + 1) },
          400,
          `Body must be at most ${DISCUSSION_BODY_MAX_LENGTH} characters`,
        ],
        [{ lectureId: lesson1, title: { $ne: '' }, body: 'x' }, 400, /Title/],
        [{ title: 'A fine title', body: 'x' }, 400, /Lecture ID is required/],
        [{ lectureId: lesson1, title: 'A fine title', body: 42 }, 400, 'Body must be text'],
        [[1, 2], 400, /./],
      ];
      for (const [input, status, message] of cases) {
        const res = await send('POST', path, s(1), input);
        expect(res.status, JSON.stringify(input).slice(0, 80)).toBe(status);
        expect(res.body.success).toBe(false);
        expect(res.body.message).toMatch(message);
      }
      const huge = await send(
        'POST',
        path,
        s(1),
        JSON.stringify({ lectureId: lesson1, title: 'Huge', body: 'x'.repeat(200_000) }),
      );
      expect(huge).toMatchObject({ status: 413, body: { success: false } });
      const notJson = await send('POST', path, s(1), '{"lectureId": ');
      expect(notJson).toMatchObject({ status: 400, body: { success: false } });
      expect(await api.deps.store.collection('questions').countDocuments({})).toBe(before);
    });

    it('refuses link spam from students (400) but not from the course’s educator', async () => {
      const links = [1, 2, 3, 4].map((n) => `<a href="https://spam${n}.example">deal ${n}</a>`).join(' ');
      const spam = await ask(s(2), 'Cheap watches here', `<p>${links}</p>`);
      expect(spam).toMatchObject({
        status: 400,
        body: { success: false, message: 'Please keep to at most 3 links in one post' },
      });
      // Bare addresses count too.
      const bare = await ask(
        s(2),
        'Four bare links',
        '<p>http://a.example b.example www.c.example https://d.example http://e.example</p>',
      );
      expect(bare.status).toBe(400);
      expect(
        (await ask(s(2), 'Three links are fine', `<p>${links.split(' <a').slice(0, 3).join(' <a')}</p>`)).status,
      ).toBe(201);
      expect((await ask(owner, 'Reading list for this lesson', `<p>${links}</p>`)).status).toBe(201);
    });

    it('refuses the same text twice in a row (409), even at once, and takes a new text', async () => {
      const first = await ask(s(3), 'How do I install the JDK?', '<p>On Windows</p>');
      expect(first.status).toBe(201);
      const again = await ask(s(3), 'how do I install the  JDK?', '<p><em>On   Windows</em></p>');
      expect(again).toMatchObject({
        status: 409,
        body: {
          success: false,
          message: 'You have just posted this. Please write something new instead of posting it again.',
        },
      });
      const questionId = (first.body.question as Question)._id;
      tick();
      const racing = await Promise.all(
        Array.from({ length: 6 }, () =>
          send('POST', `/api/questions/${questionId}/answers`, s(4), { body: 'Use the installer.' }),
        ),
      );
      expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await answer(s(4), questionId, 'Or use SDKMAN.')).status).toBe(201);
      expect((await ask(s(3), 'How do I install Maven?', '<p>On Windows</p>')).status).toBe(201);
      const question = (await send('GET', `/api/questions/${questionId}`, s(3))).body.question as Question;
      expect(question.answerCount).toBe(2);
    });

    it('answers with the instructor mark; the asker or the educator accepts one, replacing the last', async () => {
      const asked = await ask(s(5), 'What is a NullPointerException?');
      const q = asked.body.question as Question;
      const a1 = (await answer(s(6), q._id, '<p>A null reference <b>used</b><script>x</script></p>')).body
        .answer as Answer;
      const a2 = (await answer(owner, q._id, '<p>See the docs: <a href="https://docs.oracle.com">here</a></p>')).body
        .answer as Answer;
      expect(a1).toMatchObject({ byInstructor: false, accepted: false, upvotes: 0, mine: true });
      expect(a1.body).toBe('<p>A null reference <b>used</b></p>');
      expect(a2).toMatchObject({ byInstructor: true, author: { name: 'owner' } });
      expect((await answer(s(6), q._id, '<p><br></p>  ')).body).toEqual({
        success: false,
        message: 'Your answer is empty: please write something',
      });
      // Neither another student nor an admin accepts.
      for (const who of [s(6), admin]) {
        expect(await send('POST', `/api/questions/${q._id}/accept`, who, { answerId: a1._id })).toMatchObject({
          status: 403,
          body: { message: "Only the person who asked or the course's educator can accept an answer" },
        });
      }
      const accepted = await send('POST', `/api/questions/${q._id}/accept`, s(5), { answerId: a1._id });
      expect(accepted).toMatchObject({ status: 200, body: { question: { acceptedAnswerId: a1._id } } });
      const replaced = await send('POST', `/api/questions/${q._id}/accept`, owner, { answerId: a2._id });
      expect(replaced).toMatchObject({ status: 200, body: { question: { acceptedAnswerId: a2._id } } });
      const shown = await answersOf(s(7), q._id);
      expect(shown.map((a) => [a._id, a.accepted, a.byInstructor])).toEqual([
        [a1._id, false, false],
        [a2._id, true, true],
      ]);
      // Another question's answer, an unknown one, a malformed one.
      const other = (await ask(s(5), 'Another question entirely')).body.question as Question;
      const foreign = (await answer(s(6), other._id, 'Something else')).body.answer as Answer;
      expect((await send('POST', `/api/questions/${q._id}/accept`, s(5), { answerId: foreign._id })).status).toBe(400);
      expect((await send('POST', `/api/questions/${q._id}/accept`, s(5), { answerId: newId() })).status).toBe(404);
      expect((await send('POST', `/api/questions/${q._id}/accept`, s(5), { answerId: '../x' })).status).toBe(404);
      expect((await send('POST', `/api/questions/${q._id}/accept`, s(5), {})).status).toBe(400);
      const cleared = await send('DELETE', `/api/questions/${q._id}/accept`, s(5));
      expect(cleared).toMatchObject({ status: 200, body: { question: { acceptedAnswerId: null } } });
    });

    it('counts one upvote per person, races included: 20 at once by one → 1, by 20 → 20; taking back', async () => {
      const q = (await ask(s(8), 'Which IDE should I use?')).body.question as Question;
      const a = (await answer(s(9), q._id, 'IntelliJ IDEA')).body.answer as Answer;
      const byOne = await Promise.all(
        Array.from({ length: 20 }, () => send('PUT', `/api/questions/${q._id}/vote`, s(10))),
      );
      expect(byOne.every((r) => r.status === 200)).toBe(true);
      expect((await send('GET', `/api/questions/${q._id}`, s(10))).body.question as Question).toMatchObject({
        upvotes: 1,
        votedByMe: true,
      });
      const byAll = await Promise.all(students.map((who) => send('PUT', `/api/answers/${a._id}/vote`, who)));
      expect(byAll.every((r) => r.status === 200)).toBe(true);
      expect((await answersOf(s(0), q._id))[0]).toMatchObject({ upvotes: 20, votedByMe: true });
      const off = await send('DELETE', `/api/answers/${a._id}/vote`, s(0));
      expect(off.body as unknown as VoteResult).toMatchObject({ upvotes: 19, votedByMe: false });
      // Taking back twice at once, and a vote never given, change nothing more.
      await Promise.all([1, 2, 3].map(() => send('DELETE', `/api/answers/${a._id}/vote`, s(1))));
      expect((await send('DELETE', `/api/answers/${a._id}/vote`, outsider)).status).toBe(403);
      expect((await answersOf(s(0), q._id))[0]).toMatchObject({ upvotes: 18, votedByMe: false });
      expect(await api.deps.store.collection('discussionVotes').countDocuments({ targetId: a._id })).toBe(18);
      expect((await send('PUT', `/api/answers/${newId()}/vote`, s(0))).status).toBe(404);
      expect((await send('PUT', '/api/questions/x/vote', s(0))).status).toBe(404);
    });

    it('lets only the author edit or delete; admins hide with a reason instead, shown to the author only', async () => {
      const q = (await ask(s(11), 'Is recursion slow in Java?', '<p>First version</p>')).body.question as Question;
      for (const who of [s(12), owner, admin]) {
        expect(await send('PATCH', `/api/questions/${q._id}`, who, { title: 'Taken over!' })).toMatchObject({
          status: 403,
          body: { message: 'You can only change what you wrote yourself' },
        });
        expect((await send('DELETE', `/api/questions/${q._id}`, who)).status).toBe(403);
      }
      tick();
      const edited = await send('PATCH', `/api/questions/${q._id}`, s(11), { body: '<p>Second <i>version</i></p>' });
      expect(edited.body.question).toMatchObject({
        title: 'Is recursion slow in Java?',
        body: '<p>Second <i>version</i></p>',
      });
      expect((edited.body.question as Question).editedAt).not.toBeNull();
      expect((await send('PATCH', `/api/questions/${q._id}`, s(11), {})).status).toBe(400);

      const a = (await answer(s(12), q._id, 'Not really')).body.answer as Answer;
      expect((await send('PATCH', `/api/answers/${a._id}`, s(11), { body: 'Hijack' })).status).toBe(403);
      expect(
        (await send('PATCH', `/api/answers/${a._id}`, s(12), { body: 'Not really, with tail calls aside' })).body
          .answer,
      ).toMatchObject({
        body: 'Not really, with tail calls aside',
      });

      // Hiding: admins only, with a reason.
      expect((await send('POST', `/api/admin/answers/${a._id}/hide`, owner, { reason: 'Spam' })).status).toBe(403);
      expect((await send('POST', `/api/admin/answers/${a._id}/hide`, admin, { reason: 'x' })).status).toBe(400);
      const hidden = await send('POST', `/api/admin/answers/${a._id}/hide`, admin, { reason: 'Off topic' });
      expect(hidden).toMatchObject({
        status: 200,
        body: { message: 'Answer hidden', answer: { hidden: { reason: 'Off topic' } } },
      });
      // Twice is once: the count drops by one.
      await send('POST', `/api/admin/answers/${a._id}/hide`, admin, { reason: 'Off topic' });
      expect(((await send('GET', `/api/questions/${q._id}`, s(11))).body.question as Question).answerCount).toBe(0);
      expect(await answersOf(s(11), q._id)).toEqual([]);
      expect((await answersOf(s(12), q._id))[0]).toMatchObject({ _id: a._id, hidden: { reason: 'Off topic' } });
      expect((await answersOf(admin, q._id))[0]?._id).toBe(a._id);
      expect((await send('PUT', `/api/answers/${a._id}/vote`, s(13))).status).toBe(404);
      await send('POST', `/api/admin/answers/${a._id}/restore`, admin);
      expect(((await send('GET', `/api/questions/${q._id}`, s(11))).body.question as Question).answerCount).toBe(1);

      const hideQ = await send('POST', `/api/admin/questions/${q._id}/hide`, admin, { reason: 'Duplicate question' });
      expect(hideQ).toMatchObject({
        status: 200,
        body: { message: 'Question hidden', question: { hidden: { reason: 'Duplicate question' } } },
      });
      expect((await list(s(13))).questions.map((x) => x._id)).not.toContain(q._id);
      expect((await list(owner)).questions.map((x) => x._id)).not.toContain(q._id);
      expect((await list(s(11))).questions.find((x) => x._id === q._id)?.hidden).toMatchObject({
        reason: 'Duplicate question',
      });
      expect((await list(admin)).questions.map((x) => x._id)).toContain(q._id);
      expect(await send('GET', `/api/questions/${q._id}`, s(13))).toMatchObject({
        status: 404,
        body: { message: 'Question not found' },
      });
      expect((await send('POST', `/api/questions/${q._id}/answers`, s(13), { body: 'Still here?' })).status).toBe(404);
      expect((await send('POST', `/api/admin/questions/${q._id}/restore`, admin)).body.question).toMatchObject({
        hidden: null,
      });
      expect((await send('POST', `/api/admin/questions/${newId()}/hide`, admin, { reason: 'Gone' })).status).toBe(404);

      // The author deletes: the question, its answers and their votes go.
      await send('PUT', `/api/answers/${a._id}/vote`, s(13));
      expect((await send('DELETE', `/api/answers/${a._id}`, s(11))).status).toBe(403);
      expect(await send('DELETE', `/api/questions/${q._id}`, s(11))).toMatchObject({
        status: 200,
        body: { message: 'Question deleted' },
      });
      expect(await api.deps.store.collection('answers').countDocuments({ questionId: q._id })).toBe(0);
      expect(await api.deps.store.collection('discussionVotes').countDocuments({ targetId: a._id })).toBe(0);
      expect((await send('GET', `/api/questions/${q._id}`, s(11))).status).toBe(404);
    });

    it('deletes an answer: the count and the acceptance follow', async () => {
      const q = (await ask(s(14), 'Arrays or lists?')).body.question as Question;
      const a = (await answer(s(15), q._id, 'Lists, mostly')).body.answer as Answer;
      await send('POST', `/api/questions/${q._id}/accept`, s(14), { answerId: a._id });
      const both = await Promise.all([1, 2].map(() => send('DELETE', `/api/answers/${a._id}`, s(15))));
      expect(both.map((r) => r.status).sort()).toEqual([200, 404]);
      expect((await send('GET', `/api/questions/${q._id}`, s(14))).body.question).toMatchObject({
        answerCount: 0,
        acceptedAnswerId: null,
      });
    });

    it('searches (case-insensitive, literal), sorts and pages with cursors, on a lesson or the whole course', async () => {
      const marker = `zeta${newId().slice(0, 6)}`;
      const made: Question[] = [];
      for (let i = 0; i < DISCUSSION_PAGE_SIZE * 2 + 5; i++) {
        const who = s(i % STUDENTS);
        const res = await ask(who, `Paging ${marker} number ${i} (a+b)*`, `<p>Body ${i}</p>`, lesson2);
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        made.push(res.body.question as Question);
      }
      // Walk the lesson's pages, newest first.
      const seen: string[] = [];
      let cursor: string | null = '';
      let pages = 0;
      while (cursor !== null) {
        const page = await list(s(0), `?lectureId=${lesson2}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...page.questions.map((q) => q._id));
        cursor = page.nextCursor;
        pages += 1;
      }
      expect(pages).toBe(3);
      expect(seen).toEqual(made.map((q) => q._id).reverse());

      // Search: any case, regex characters literal, in the title or the body.
      const upper = await list(s(0), `?q=${encodeURIComponent(marker.toUpperCase())}`);
      expect(upper.questions).toHaveLength(DISCUSSION_PAGE_SIZE);
      expect(upper.nextCursor).not.toBeNull();
      expect((await list(s(0), `?q=${encodeURIComponent('(A+B)*')}`)).questions.length).toBeGreaterThan(0);
      expect((await list(s(0), `?q=${encodeURIComponent('.*')}`)).questions).toEqual([]);
      expect(
        (await list(s(0), `?q=${encodeURIComponent('body 7')}&lectureId=${lesson2}`)).questions.map((q) => q.title),
      ).toEqual([`Paging ${marker} number 7 (a+b)*`]);
      expect((await list(s(0), `?q=nothing-matches-${marker}`)).questions).toEqual([]);

      // Most upvoted: the voted ones first, by count; the rest newest first.
      const [x, y] = [made[3] as Question, made[10] as Question];
      for (const who of [s(1), s(2), s(3)]) await send('PUT', `/api/questions/${x._id}/vote`, who);
      await send('PUT', `/api/questions/${y._id}/vote`, s(1));
      const top = await list(s(0), `?lectureId=${lesson2}&sort=top`);
      expect(top.questions.slice(0, 3).map((q) => [q._id, q.upvotes])).toEqual([
        [x._id, 3],
        [y._id, 1],
        [made[made.length - 1]?._id, 0],
      ]);
      const topAll: string[] = [];
      cursor = '';
      while (cursor !== null) {
        const page = await list(
          s(0),
          `?lectureId=${lesson2}&sort=top${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        topAll.push(...page.questions.map((q) => q._id));
        cursor = page.nextCursor;
      }
      expect(new Set(topAll).size).toBe(made.length);

      // Unanswered: an answered one drops out.
      await answer(s(1), (made[44] as Question)._id, 'An answer');
      const unanswered = await list(s(0), `?lectureId=${lesson2}&sort=unanswered`);
      expect(unanswered.questions.map((q) => q._id)).not.toContain(made[44]?._id);
      expect(unanswered.questions.every((q) => q.answerCount === 0)).toBe(true);

      // Cursors: made by the API, for one order only.
      for (const bad of ['garbage!', Buffer.from('{"s":"newest"}').toString('base64url'), top.nextCursor ?? '']) {
        const res = await send('GET', `/api/courses/${course._id}/questions?cursor=${encodeURIComponent(bad)}`, s(0));
        expect(res).toMatchObject({
          status: 400,
          body: { success: false, message: 'This page link (cursor) is not valid' },
        });
      }
      for (const query of ['?sort=oldest', `?q=${'x'.repeat(500)}`, '?lectureId=']) {
        expect((await send('GET', `/api/courses/${course._id}/questions${query}`, s(0))).status, query).toBe(400);
      }
    });

    it('gives the educator an inbox of their courses, unanswered first, with cursors', async () => {
      expect((await send('GET', '/api/educator/questions', s(0))).status).toBe(403);
      expect((await send('GET', '/api/educator/questions', null)).status).toBe(401);
      const theirs = await send('GET', '/api/educator/questions', otherEducator);
      expect(theirs.body).toMatchObject({ questions: [], nextCursor: null });
      const inOther = await ask(
        s(0),
        'Question in the other course',
        'x',
        lectureIdsOf(otherCourse)[0],
        otherCourse._id,
      );
      expect(inOther.status).toBe(201);
      const all: InboxPage['questions'] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const res = await send(
          'GET',
          `/api/educator/questions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
          owner,
        );
        expect(res.status).toBe(200);
        const page = res.body as unknown as InboxPage;
        all.push(...page.questions);
        cursor = page.nextCursor;
      }
      const total = await api.deps.store
        .collection('questions')
        .countDocuments({ courseId: course._id, hidden: { $exists: false } });
      expect(all).toHaveLength(total);
      const counts = all.map((q) => q.answerCount);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(all[0]).toMatchObject({ course: { _id: course._id, courseTitle: 'Discussed course' }, answerCount: 0 });
      expect(all.find((q) => q.lectureId === lesson2)?.lectureTitle).toBe('Lecture 2');
      expect(all.map((q) => q.courseId)).not.toContain(otherCourse._id);
      expect(
        ((await send('GET', '/api/educator/questions', otherEducator)).body as unknown as InboxPage).questions,
      ).toHaveLength(1);
      expectNoIds(all);
      expect((await send('GET', '/api/educator/questions?cursor=abc', owner)).status).toBe(400);
    });

    it('keeps a daily quota of posts per person (429 past it; refused posts do not count)', async () => {
      const q = (await ask(quota, 'My first question today')).body.question as Question;
      // A refused post (409, 400) does not count.
      expect((await ask(quota, 'My first question today')).status).toBe(409);
      let statuses: number[] = [];
      for (let i = 1; i < DAILY; i++) statuses.push((await answer(quota, q._id, `Thought number ${i}`)).status);
      expect(new Set(statuses)).toEqual(new Set([201]));
      statuses = [(await answer(quota, q._id, 'One too many')).status, (await ask(quota, 'One more question')).status];
      expect(statuses).toEqual([429, 429]);
      const refused = await answer(quota, q._id, 'Still too many');
      expect(refused.body.message).toMatch(/^You have reached today's limit of questions and answers/);
    });

    it('removes a deleted course’s questions, answers and votes with it', async () => {
      const doomed = testCourse(
        { _id: owner.userId, name: 'Owner' },
        { courseTitle: 'To be deleted', isPublished: false, status: 'draft' },
      );
      await api.deps.store.collection<CourseDoc>('courses').insertOne(doomed);
      const asked = await ask(owner, 'Welcome: ask anything here', 'x', lectureIdsOf(doomed)[0], doomed._id);
      expect(asked.status).toBe(201);
      const q = asked.body.question as Question;
      const a = (await answer(admin, q._id, 'An admin checking in')).body.answer as Answer;
      expect((await send('PUT', `/api/answers/${a._id}/vote`, owner)).status).toBe(200);
      expect((await send('DELETE', `/api/educator/courses/${doomed._id}`, owner)).status).toBe(200);
      const store = api.deps.store;
      expect(await store.collection('questions').countDocuments({ courseId: doomed._id })).toBe(0);
      expect(await store.collection('answers').countDocuments({ courseId: doomed._id })).toBe(0);
      expect(await store.collection('discussionVotes').countDocuments({ targetId: a._id })).toBe(0);
    });

    it("tells the asker of answers in their notifications (a reply from the educator as its own kind), and an answer's author of its acceptance", async () => {
      const unread = async (who: Account) => {
        const res = await send('GET', '/api/notifications', who);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return (res.body.notifications as Array<{ kind: string; title: string; link: string; read: boolean }>).filter(
          (n) => !n.read,
        );
      };
      const before = (await unread(s(17))).length;
      const q = await ask(s(17), 'Who tells me?');
      expect(q.status, JSON.stringify(q.body)).toBe(201);
      const questionId = (q.body.question as Question)._id;
      expect((await answer(s(17), questionId, '<p>My own note</p>')).status).toBe(201);
      expect((await answer(s(18), questionId, '<p>A classmate answers</p>')).status).toBe(201);
      const byOwner = await answer(owner, questionId, '<p>The instructor answers</p>');
      expect(byOwner.status).toBe(201);
      const told = (await unread(s(17))).slice(0, -before || undefined);
      // Newest first; nobody is told of their own answer.
      expect(told.map((n) => [n.kind, n.title])).toEqual([
        ['instructor-reply', 'The instructor answered "Who tells me?"'],
        ['answer', 'New answer to "Who tells me?"'],
      ]);
      expect(told[0]?.link).toBe(`/player/${course._id}?question=${questionId}`);
      const ownerAnswerId = (byOwner.body.answer as Answer)._id;
      const classmateAnswer = (await answersOf(s(17), questionId)).find(
        (a) => !a.byInstructor && a.body.includes('classmate'),
      );
      expect(classmateAnswer).toBeDefined();
      const classmateBefore = (await unread(s(18))).length;
      expect(
        (await send('POST', `/api/questions/${questionId}/accept`, s(17), { answerId: classmateAnswer?._id })).status,
      ).toBe(200);
      const classmateTold = await unread(s(18));
      expect(classmateTold.length).toBe(classmateBefore + 1);
      expect(classmateTold[0]?.title).toBe('Your answer to "Who tells me?" was accepted');
      expect(ownerAnswerId).toBeTruthy();
    });

    it('tells the events port of an answer and an acceptance, once each', async () => {
      const heard: string[] = [];
      const events: DiscussionEvents = {
        answered: (e) => {
          heard.push(
            `answered ${e.questionTitle} by ${e.byInstructor ? 'instructor' : 'student'} to ${e.askerId === s(16).userId ? 'asker' : '?'}`,
          );
        },
        accepted: (e) => {
          heard.push(`accepted ${e.answerAuthorId === owner.userId ? 'instructor' : '?'}`);
          throw new Error('a listener that fails');
        },
      };
      const errors: string[] = [];
      const service = discussionsService(api.deps.store, api.deps.clock, {
        checkEnrolled: learningService(api.deps.store, api.deps.clock).checkAccess,
        isAdmin: async () => false,
        events,
        logError: (_error, message) => errors.push(message),
      });
      const caller = (who: Account) => ({ userId: who.userId }) as never;
      tick();
      const q = await service.ask(caller(s(16)), course._id, { lectureId: lesson1, title: 'Event question', body: '' });
      tick();
      const a = await service.answer(caller(owner), q._id, { body: 'Instructor here' });
      await service.accept(caller(s(16)), q._id, a._id);
      await service.accept(caller(s(16)), q._id, a._id);
      expect(heard).toEqual(['answered Event question by instructor to asker', 'accepted instructor']);
      expect(errors).toEqual(["The discussion event 'accepted' failed"]);
    });
  });
}
