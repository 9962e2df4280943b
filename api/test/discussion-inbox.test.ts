import type { Answer, InboxPage, Question } from '@courseport/contracts';
import { DISCUSSION_PAGE_SIZE } from '@courseport/contracts/discussions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserLimits } from '../src/http/rate-limit.js';
import type { CourseDoc } from '../src/modules/courses/repository.js';
import { discussionsService, quietDiscussionEvents } from '../src/modules/discussions/index.js';
import { learningService } from '../src/modules/learning/index.js';
import type { UserDoc } from '../src/modules/users/repository.js';
import { lectureIdsOf, testCourse } from './support/courses.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { bothStores } from './support/stores.js';

type Account = { token: string; userId: string };
type Reply = { status: number; body: Record<string, unknown> & { message?: string } };

// #35: the educator's Q&A inbox: searched across all their courses, their own answers edited and
// deleted, and the sidebar's count of open questions, kept by the writes (races included).
for (const adapter of bothStores('discussion-inbox')) {
  describe.skipIf(!adapter.enabled)(`the educator's Q&A inbox (${adapter.name})`, () => {
    let api: TestApi;
    let now = new Date();
    let owner: Account;
    let otherEducator: Account;
    let admin: Account;
    const students: Account[] = [];
    const s = (i: number) => students[i] as Account;
    let first: CourseDoc;
    let second: CourseDoc;
    let theirs: CourseDoc;

    const send = async (method: string, path: string, who: Account | null, body?: unknown): Promise<Reply> =>
      (await api.json(path, {
        method,
        headers: {
          ...(who ? bearer(who.token) : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      })) as Reply;
    const ask = async (who: Account, c: CourseDoc, title: string, body = '<p>Details</p>') => {
      now = new Date(now.getTime() + 1_000);
      const res = await send('POST', `/api/courses/${c._id}/questions`, who, {
        lectureId: lectureIdsOf(c)[0],
        title,
        body,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.question as Question;
    };
    const answer = (who: Account, questionId: string, body: string) =>
      send('POST', `/api/questions/${questionId}/answers`, who, { body });
    const count = async (who: Account = owner) => {
      const res = await send('GET', '/api/educator/questions/unanswered-count', who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.unanswered as number;
    };
    /** The truth, counted the slow way: visible questions of the owner's courses without a visible answer. */
    const truth = () =>
      api.deps.store.collection('questions').countDocuments({
        courseId: { $in: [first._id, second._id] },
        answerCount: 0,
        hidden: { $exists: false },
      });
    const inbox = async (query: string, who: Account = owner) => {
      const res = await send('GET', `/api/educator/questions${query}`, who);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as unknown as InboxPage;
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
      owner = await userWithProfile(api, 'inbox-owner@example.com', { educator: true });
      otherEducator = await userWithProfile(api, 'inbox-other@example.com', { educator: true });
      admin = await userWithProfile(api, 'inbox-admin@example.com', { admin: true });
      for (let i = 0; i < 4; i++) students.push(await userWithProfile(api, `inbox-student${i}@example.com`));
      first = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Java basics' });
      second = testCourse({ _id: owner.userId, name: 'Owner' }, { courseTitle: 'Python basics' });
      theirs = testCourse({ _id: otherEducator.userId, name: 'Other' }, { courseTitle: 'Their course' });
      await api.deps.store.collection<CourseDoc>('courses').insertMany([first, second, theirs]);
      for (const student of students) for (const c of [first, second, theirs]) await enroll(student, c);
    }, 60_000);
    afterAll(() => api?.close());

    it('counts the open questions for educators only: 401, 403, then 0', async () => {
      expect(await send('GET', '/api/educator/questions/unanswered-count', null)).toMatchObject({
        status: 401,
        body: { success: false },
      });
      expect(await send('GET', '/api/educator/questions/unanswered-count', s(0))).toMatchObject({
        status: 403,
        body: { success: false },
      });
      expect(await count()).toBe(0);
      expect(await count(otherEducator)).toBe(0);
    });

    it('searches the inbox across all the educator’s courses (literal, case-insensitive), with cursors', async () => {
      await ask(s(0), first, 'Loops in Java: for or while?');
      await ask(s(1), second, 'LOOPS in Python: range?');
      await ask(s(2), second, 'Decorators explained');
      await ask(s(3), theirs, 'Loops in their course');
      await ask(s(0), first, 'What does a.*b match?', '<p>Regex <code>a.*b</code></p>');

      const loops = await inbox('?q=loops');
      expect(loops.questions.map((q) => q.title).sort()).toEqual([
        'LOOPS in Python: range?',
        'Loops in Java: for or while?',
      ]);
      expect(new Set(loops.questions.map((q) => q.course.courseTitle))).toEqual(
        new Set(['Java basics', 'Python basics']),
      );
      // The body's text is searched too; the search is literal (no regular expression).
      expect((await inbox('?q=range')).questions).toHaveLength(1);
      expect((await inbox(`?q=${encodeURIComponent('a.*b')}`)).questions.map((q) => q.title)).toEqual([
        'What does a.*b match?',
      ]);
      expect((await inbox(`?q=${encodeURIComponent('.*')}`)).questions).toHaveLength(1);
      expect((await inbox('?q=nothing-like-this')).questions).toEqual([]);
      // Another educator's search sees only their own course.
      expect((await inbox('?q=loops', otherEducator)).questions.map((q) => q.title)).toEqual(['Loops in their course']);
      // Blank is no search.
      expect((await inbox('?q=%20%20')).questions).toHaveLength(4);

      // Bad input: a sentence and a 400, never a 500.
      // An operator is no operator: `q[$ne]` is another name, left out (no search).
      expect((await inbox('?q[$ne]=x')).questions).toHaveLength(4);
      for (const query of [`?q=${'x'.repeat(101)}`, '?q=a&q=b', '?q=loops&cursor=abc']) {
        const res = await send('GET', `/api/educator/questions${query}`, owner);
        expect(res.status, query).toBe(400);
        expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
      }
    });

    it('pages a search with its cursor, unanswered first', async () => {
      for (let i = 0; i < DISCUSSION_PAGE_SIZE + 2; i++)
        await ask(s(i % 4), i % 2 ? first : second, `Paged question ${i}`);
      const answered = (await inbox('?q=Paged')).questions[0] as Question;
      expect((await answer(owner, answered._id, '<p>Answered</p>')).status).toBe(201);
      const seen: InboxPage['questions'] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const page = await inbox(`?q=Paged${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        seen.push(...page.questions);
        cursor = page.nextCursor;
      }
      expect(seen).toHaveLength(DISCUSSION_PAGE_SIZE + 2);
      expect(new Set(seen.map((q) => q._id)).size).toBe(DISCUSSION_PAGE_SIZE + 2);
      expect(seen.at(-1)?._id).toBe(answered._id);
      expect(await count()).toBe(await truth());
    });

    it('lets the educator edit and delete their own answers (not a student’s), sanitized', async () => {
      const q = await ask(s(0), first, 'Edit my answer please');
      const mine = (await answer(owner, q._id, '<p>First try</p>')).body.answer as Answer;
      const student = (await answer(s(1), q._id, '<p>A student’s answer</p>')).body.answer as Answer;

      const edited = await send('PATCH', `/api/answers/${mine._id}`, owner, {
        body: '<p><strong>Better</strong> <code>x</code><script>alert(1)</script> <a href="javascript:alert(1)">bad</a></p>',
      });
      expect(edited.status).toBe(200);
      const body = (edited.body.answer as Answer).body;
      expect(body).toContain('<strong>Better</strong> <code>x</code>');
      expect(body).not.toMatch(/script|javascript:/);
      expect((edited.body.answer as Answer).editedAt).not.toBeNull();

      for (const who of [owner, admin, otherEducator]) {
        // The course's educator and an admin may read it, but not rewrite it; another educator may not even read it.
        expect((await send('PATCH', `/api/answers/${student._id}`, who, { body: '<p>Mine now</p>' })).status).toBe(403);
        expect([403, 404]).toContain((await send('DELETE', `/api/answers/${student._id}`, who)).status);
      }
      expect((await send('PATCH', `/api/answers/${mine._id}`, owner, { body: '' })).status).toBe(400);
      expect((await send('PATCH', `/api/answers/${mine._id}`, owner, { body: 42 })).status).toBe(400);

      const before = await count();
      expect((await send('DELETE', `/api/answers/${mine._id}`, owner)).status).toBe(200);
      // One visible answer left: still answered.
      expect(await count()).toBe(before);
      expect((await send('DELETE', `/api/answers/${student._id}`, s(1))).status).toBe(200);
      expect(await count()).toBe(before + 1);
      expect(await count()).toBe(await truth());
    });

    it('keeps the count as questions are asked, answered (two at once), deleted and hidden', async () => {
      const start = await count();
      expect(start).toBe(await truth());
      const q = await ask(s(0), first, 'Counted question');
      expect(await count()).toBe(start + 1);
      // Another educator's course does not count here.
      await ask(s(0), theirs, 'Not counted here');
      expect(await count()).toBe(start + 1);

      // Two answers at once to the same question: it closes once.
      const both = await Promise.all([
        answer(s(1), q._id, '<p>Answer one</p>'),
        answer(s(2), q._id, '<p>Answer two</p>'),
      ]);
      expect(both.map((r) => r.status)).toEqual([201, 201]);
      expect(await count()).toBe(start);
      const [a1, a2] = both.map((r) => r.body.answer as Answer) as [Answer, Answer];

      // Both answers deleted at once by their authors: it opens once.
      const gone = await Promise.all([
        send('DELETE', `/api/answers/${a1._id}`, s(1)),
        send('DELETE', `/api/answers/${a2._id}`, s(2)),
      ]);
      expect(gone.map((r) => r.status)).toEqual([200, 200]);
      expect(await count()).toBe(start + 1);

      // An answer hidden by an admin does not answer it; shown again, it does.
      const a3 = (await answer(s(3), q._id, '<p>Answer three</p>')).body.answer as Answer;
      expect(await count()).toBe(start);
      expect((await send('POST', `/api/admin/answers/${a3._id}/hide`, admin, { reason: 'Off topic' })).status).toBe(
        200,
      );
      expect(await count()).toBe(start + 1);
      expect((await send('POST', `/api/admin/answers/${a3._id}/restore`, admin)).status).toBe(200);
      expect(await count()).toBe(start);
      expect((await send('DELETE', `/api/answers/${a3._id}`, s(3))).status).toBe(200);
      expect(await count()).toBe(start + 1);

      // A hidden question is not open; hidden again (a new reason) changes nothing; shown again it is.
      expect((await send('POST', `/api/admin/questions/${q._id}/hide`, admin, { reason: 'Spam' })).status).toBe(200);
      expect(await count()).toBe(start);
      expect((await send('POST', `/api/admin/questions/${q._id}/hide`, admin, { reason: 'Spam again' })).status).toBe(
        200,
      );
      expect(await count()).toBe(start);
      const twice = await Promise.all([
        send('POST', `/api/admin/questions/${q._id}/restore`, admin),
        send('POST', `/api/admin/questions/${q._id}/restore`, admin),
      ]);
      expect(twice.map((r) => r.status)).toEqual([200, 200]);
      expect(await count()).toBe(start + 1);

      // Deleted by its author while open: one fewer; an answered one deleted changes nothing.
      expect((await send('DELETE', `/api/questions/${q._id}`, s(0))).status).toBe(200);
      expect(await count()).toBe(start);
      const answered = await ask(s(1), second, 'Answered, then deleted');
      await answer(owner, answered._id, '<p>Here you go</p>');
      expect(await count()).toBe(start);
      expect((await send('DELETE', `/api/questions/${answered._id}`, s(1))).status).toBe(200);
      expect(await count()).toBe(start);
      expect(await count()).toBe(await truth());
    });

    it('answers many at once on many questions and keeps the count exact', async () => {
      const qs = await Promise.all([0, 1, 2, 3].map((i) => ask(s(i), i % 2 ? first : second, `Race question ${i}`)));
      await Promise.all(
        qs.flatMap((q, i) => [answer(s((i + 1) % 4), q._id, `<p>A ${i}</p>`), answer(owner, q._id, `<p>B ${i}</p>`)]),
      );
      expect(await count()).toBe(await truth());
    });

    it('backfills the counts of courses asked in before they were kept, and only those', async () => {
      const expected = await count();
      const service = discussionsService(api.deps.store, api.deps.clock, {
        checkEnrolled: learningService(api.deps.store, api.deps.clock).checkAccess,
        isAdmin: async () => false,
        events: quietDiscussionEvents,
        logError: () => {},
      });
      expect(await service.backfillOpenCounts()).toBe(0);
      await api.deps.store.collection('discussionOpenCounts').deleteMany({});
      expect(await service.backfillOpenCounts()).toBe(3);
      expect(await count()).toBe(expected);
      // Done once: a later start does not look again.
      await api.deps.store.collection('discussionOpenCounts').deleteOne({ _id: first._id });
      expect(await service.backfillOpenCounts()).toBe(0);
    });
  });
}
