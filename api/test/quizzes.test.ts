import type { EditableCourse, QuizAttemptResult, StudentQuiz } from '@courseport/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeServices } from '../src/compose.js';
import { setUserLimits } from '../src/http/rate-limit.js';
import type { CourseDoc } from '../src/modules/courses/index.js';
import { PASS_THE_QUIZ, PROJECT_ACCEPTED_COMPLETES } from '../src/modules/learning/index.js';
import { NO_ATTEMPTS_LEFT, NOT_A_QUIZ, QUIZ_CHANGED } from '../src/modules/quizzes/index.js';
import { newId } from '../src/store/index.js';
import { startTestApi, type TestApi } from './support/http.js';
import { bearer, userWithProfile } from './support/identity.js';
import { thumbnailPng } from './support/png.js';
import { buyThroughLocalCheckout } from './support/purchases.js';
import { bothStores } from './support/stores.js';

const PNG = thumbnailPng(4, 64, 36);
type Account = { token: string; userId: string };
type Answer = { status: number; body: Record<string, unknown> };

/** Quiz submissions a student may send a minute here (production: 20): the limit test fills it. */
const QUIZ_LIMIT = 30;

const quizInput = (maxAttempts: number | null = 3) => ({
  passPercent: 60,
  maxAttempts,
  shuffleQuestions: true,
  shuffleOptions: true,
  questions: [
    {
      kind: 'single',
      prompt: 'Which port does HTTPS use?',
      options: [
        { text: '80', correct: false },
        { text: '443', correct: true },
        { text: '21', correct: false },
      ],
      explanation: 'HTTPS listens on 443.',
    },
    {
      kind: 'multiple',
      prompt: 'Which are HTTP methods?',
      options: [
        { text: 'GET', correct: true },
        { text: 'POST', correct: true },
        { text: 'SEND', correct: false },
      ],
      explanation: 'SEND is not one.',
    },
    {
      kind: 'text',
      prompt: 'What does the S in HTTPS stand for?',
      acceptedAnswers: ['Secure'],
      explanation: 'Secure, as in TLS.',
    },
  ],
});

const ARTICLE_WORDS = 450;
const courseData = (title: string, maxAttempts: number | null = 3, extra: Record<string, unknown> = {}) => ({
  courseTitle: title,
  courseDescription: '<p>HTTP from the ground up</p>',
  coursePrice: 500,
  discount: 0,
  courseContent: [
    {
      chapterTitle: 'Start',
      chapterContent: [
        {
          lectureTitle: 'Welcome',
          lectureDuration: 3,
          lectureUrl: 'https://youtu.be/aaaaaaaaaaa',
          isPreviewFree: true,
        },
        {
          lectureTitle: 'Read this',
          lectureDuration: 99,
          lessonKind: 'article',
          articleHtml: `<p>${'word '.repeat(ARTICLE_WORDS)}</p><script>alert(1)</script>`,
        },
      ],
    },
    {
      chapterTitle: 'Check',
      chapterContent: [
        { lectureTitle: 'Quiz', lectureDuration: 5, lessonKind: 'quiz', quizDefinition: quizInput(maxAttempts) },
        {
          lectureTitle: 'Build it',
          lectureDuration: 60,
          lessonKind: 'project',
          projectBrief: '<p>Build a server</p><img src="x" onerror="alert(1)">',
          resources: [{ title: 'Starter repository', url: 'https://github.com/example/starter' }],
        },
      ],
    },
  ],
  ...extra,
});

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, found);
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysOf(inner, found);
    }
  return found;
}
/** What no student-facing answer may hold before the student has submitted. */
const KEY_FIELDS = ['correct', 'acceptedAnswers', 'correctOptionIds', 'explanation', 'quizDefinition'];

for (const adapter of bothStores('quizzes')) {
  describe.runIf(adapter.enabled)(`quizzes: ${adapter.name}`, { timeout: 180_000 }, () => {
    let api: TestApi;
    let owner: Account;
    let rival: Account;
    let people = 0;
    const fresh = (options: { educator?: boolean } = {}) =>
      userWithProfile(api, `quiz-${++people}-${newId().slice(0, 6)}@example.com`, options);

    beforeAll(async () => {
      api = await startTestApi({
        store: await adapter.open(),
        app: (app) => setUserLimits(app, { quizAttempts: { windowMs: 60_000, max: QUIZ_LIMIT } }),
      });
      owner = await fresh({ educator: true });
      rival = await fresh({ educator: true });
    });
    afterAll(() => api?.close());

    const auth = (who: Account | null) => (who ? bearer(who.token) : {});
    /** The status and body only (so answers compare whole). */
    const answer = async (res: Promise<{ status: number; body: Record<string, unknown> }>): Promise<Answer> => {
      const { status, body } = await res;
      return { status, body };
    };
    const get = (path: string, who: Account | null = null) => answer(api.json(path, { headers: auth(who) }));
    const send = (method: string, path: string, who: Account | null, body?: unknown): Promise<Answer> =>
      answer(
        api.json(path, {
          method,
          headers: { ...auth(who), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
    const store = (name: string) => api.deps.store.collection(name);

    async function addCourse(data: Record<string, unknown>, who: Account = owner): Promise<Answer> {
      const form = new FormData();
      form.set('courseData', JSON.stringify(data));
      form.append('image', new Blob([PNG], { type: 'image/png' }), 'thumb.png');
      return answer(api.json('/api/educator/add-course', { method: 'POST', headers: bearer(who.token), body: form }));
    }
    /** A published course with a video, an article, a quiz and a project: its id, its lessons, its quiz's key. */
    async function quizCourse(maxAttempts: number | null = 3, title = `HTTP ${newId().slice(0, 6)}`) {
      const res = await addCourse(courseData(title, maxAttempts));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const courseId = (res.body.course as { _id: string })._id;
      const editable = (await get(`/api/educator/courses/${courseId}`, owner)).body.course as EditableCourse;
      const [video, article] = editable.courseContent[0]?.chapterContent ?? [];
      const [quiz, project] = editable.courseContent[1]?.chapterContent ?? [];
      const definition = quiz?.quizDefinition;
      if (!video || !article || !quiz || !project || !definition) throw new Error('lessons missing');
      const [single, multiple, text] = definition.questions;
      if (!single || !multiple || !text) throw new Error('questions missing');
      const option = (q: typeof single, label: string) => q.options.find((o) => o.text === label)?.optionId ?? '';
      return {
        courseId,
        editable,
        lessons: { video, article, quiz, project },
        quizPath: `/api/user/courses/${courseId}/quizzes/${quiz.lectureId}`,
        right: [
          { questionId: single.questionId, optionIds: [option(single, '443')] },
          { questionId: multiple.questionId, optionIds: [option(multiple, 'POST'), option(multiple, 'GET')] },
          { questionId: text.questionId, text: '  SECURE ' },
        ],
        wrong: [
          { questionId: single.questionId, optionIds: [option(single, '80')] },
          { questionId: multiple.questionId, optionIds: [option(multiple, 'GET')] },
        ],
        /** Two of three: passes at 60 %. */
        enough: [
          { questionId: single.questionId, optionIds: [option(single, '443')] },
          { questionId: text.questionId, text: 'secure' },
        ],
      };
    }
    type QuizCourse = Awaited<ReturnType<typeof quizCourse>>;
    const student = async (course: QuizCourse) => {
      const who = await fresh();
      await buyThroughLocalCheckout(api, who.token, course.courseId);
      return who;
    };
    const submit = (course: QuizCourse, who: Account, answers: unknown) =>
      send('POST', `${course.quizPath}/attempts`, who, { answers });
    const completed = async (course: QuizCourse, who: Account) =>
      (
        (await send('POST', '/api/user/get-course-progress', who, { courseId: course.courseId })).body.progressData as {
          lectureCompleted: string[];
        } | null
      )?.lectureCompleted ?? [];

    it('stores each lesson kind: sanitized HTML, an article’s reading time, a quiz’s summary only (its key in the quizzes module)', async () => {
      const course = await quizCourse();
      const { video, article, quiz, project } = course.lessons;
      expect(video).toMatchObject({ lectureUrl: 'https://youtu.be/aaaaaaaaaaa', isPreviewFree: true });
      expect(video).not.toHaveProperty('lessonKind');
      expect(article).toMatchObject({ lessonKind: 'article', lectureDuration: Math.ceil(ARTICLE_WORDS / 200) });
      expect(article.articleHtml).not.toMatch(/script|alert/);
      expect(article).not.toHaveProperty('lectureUrl');
      expect(project.projectBrief).toContain('<p>Build a server</p>');
      expect(project.projectBrief).not.toMatch(/onerror/);
      expect(project.resources).toEqual([
        expect.objectContaining({
          kind: 'link',
          title: 'Starter repository',
          url: 'https://github.com/example/starter',
        }),
      ]);
      expect(quiz).toMatchObject({ lessonKind: 'quiz', quiz: { questionCount: 3, passPercent: 60, maxAttempts: 3 } });
      expect(quiz.quizDefinition?.questions[0]?.options.some((o) => o.correct)).toBe(true);
      // The course doc itself never holds the key.
      const doc = await store('courses').findOne({ _id: course.courseId });
      expect([...keysOf(doc)].filter((k) => KEY_FIELDS.includes(k) || k === 'questions')).toEqual([]);
      expect(await store('quizzes').findOne({ _id: quiz.lectureId })).toMatchObject({ courseId: course.courseId });
    });

    it('refuses bad quiz definitions with a 400 that says what is wrong, and stores nothing', async () => {
      const before = await store('courses').countDocuments({});
      const quizzesBefore = await store('quizzes').countDocuments({});
      const withQuiz = (quizDefinition: unknown) => ({
        ...courseData('Bad quiz'),
        courseContent: [
          {
            chapterTitle: 'Only',
            chapterContent: [{ lectureTitle: 'Q', lectureDuration: 1, lessonKind: 'quiz', quizDefinition }],
          },
        ],
      });
      const cases: Array<[unknown, string]> = [
        [undefined, 'Quiz definition is required for a quiz (courseContent.0.chapterContent.0.quizDefinition)'],
        [
          { ...quizInput(), questions: [] },
          'Questions needs at least one question (courseContent.0.chapterContent.0.quizDefinition.questions)',
        ],
        [
          { ...quizInput(), passPercent: 150 },
          'Pass percent must be at most 100 (courseContent.0.chapterContent.0.quizDefinition.passPercent)',
        ],
        [
          { ...quizInput(), maxAttempts: 0 },
          'Max attempts must be at least 1 (courseContent.0.chapterContent.0.quizDefinition.maxAttempts)',
        ],
        [
          {
            ...quizInput(),
            questions: [
              {
                kind: 'single',
                prompt: 'Two right?',
                options: [
                  { text: 'a', correct: true },
                  { text: 'b', correct: true },
                ],
              },
            ],
          },
          'Options needs exactly one correct option (courseContent.0.chapterContent.0.quizDefinition.questions.0.options)',
        ],
        [
          { ...quizInput(), questions: [{ kind: 'text', prompt: 'Say it', acceptedAnswers: [] }] },
          'Accepted answers needs at least one accepted answer (courseContent.0.chapterContent.0.quizDefinition.questions.0.acceptedAnswers)',
        ],
        [
          { ...quizInput(), questions: [{ kind: 'essay', prompt: 'Write' }] },
          "Kind must be 'single', 'multiple' or 'text' (courseContent.0.chapterContent.0.quizDefinition.questions.0.kind)",
        ],
      ];
      for (const [definition, message] of cases) {
        expect(await addCourse(withQuiz(definition))).toEqual({ status: 400, body: { success: false, message } });
      }
      // An article without text, a project without a brief.
      const article = await addCourse({
        ...courseData('Bad article'),
        courseContent: [
          {
            chapterTitle: 'A',
            chapterContent: [{ lectureTitle: 'A', lectureDuration: 1, lessonKind: 'article', articleHtml: '<p> </p>' }],
          },
        ],
      });
      expect(article.status).toBe(400);
      expect(article.body.message).toBe(
        'Article HTML is required for an article (courseContent.0.chapterContent.0.articleHtml)',
      );
      expect(await store('courses').countDocuments({})).toBe(before);
      expect(await store('quizzes').countDocuments({})).toBe(quizzesBefore);
    });

    it('shows a quiz to its students and its owner, without the key; 404, 403 and 400 otherwise', async () => {
      const course = await quizCourse();
      const buyer = await student(course);
      const outsider = await fresh();
      const first = await get(course.quizPath, buyer);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      const quiz = first.body.quiz as StudentQuiz;
      expect(quiz).toMatchObject({
        lectureId: course.lessons.quiz.lectureId,
        passPercent: 60,
        maxAttempts: 3,
        attemptsUsed: 0,
        attemptsLeft: 3,
        passed: false,
        bestPercent: null,
        attempts: [],
      });
      expect(quiz.questions).toHaveLength(3);
      expect([...keysOf(first.body)].filter((k) => KEY_FIELDS.includes(k))).toEqual([]);
      // A reload shows the same order.
      expect((await get(course.quizPath, buyer)).body.quiz).toEqual(quiz);
      // The owner previews it.
      expect((await get(course.quizPath, owner)).status).toBe(200);

      const { courseId } = course;
      expect(await get(course.quizPath, outsider)).toMatchObject({ status: 403, body: { success: false } });
      expect(await get(course.quizPath, rival)).toMatchObject({ status: 403 });
      expect((await get(course.quizPath)).status).toBe(401);
      expect(await get(`/api/user/courses/${newId()}/quizzes/${course.lessons.quiz.lectureId}`, buyer)).toMatchObject({
        status: 404,
        body: { message: 'Course not found' },
      });
      expect(await get(`/api/user/courses/not-an-id/quizzes/x`, buyer)).toMatchObject({ status: 404 });
      expect(await get(`/api/user/courses/${courseId}/quizzes/${newId()}`, buyer)).toMatchObject({ status: 404 });
      expect(await get(`/api/user/courses/${courseId}/quizzes/${course.lessons.article.lectureId}`, buyer)).toEqual({
        status: 400,
        body: { success: false, message: NOT_A_QUIZ },
      });
      // Nobody but an enrolled student submits, the owner neither.
      expect((await submit(course, owner, course.right)).status).toBe(403);
      expect((await submit(course, outsider, course.right)).status).toBe(403);
      expect(await store('quizAttempts').countDocuments({ courseId })).toBe(0);
    });

    it('lets anyone signed in view a free-preview quiz of a published course, but only its students submit', async () => {
      const res = await addCourse({
        ...courseData('Preview quiz'),
        courseContent: [
          {
            chapterTitle: 'Only',
            chapterContent: [
              {
                lectureTitle: 'Try it',
                lectureDuration: 1,
                lessonKind: 'quiz',
                isPreviewFree: true,
                quizDefinition: quizInput(),
              },
            ],
          },
        ],
      });
      const courseId = (res.body.course as { _id: string })._id;
      const details = await get(`/api/course/${courseId}`);
      const lesson = (details.body.courseData as EditableCourse).courseContent[0]?.chapterContent[0];
      expect(lesson).toMatchObject({ lessonKind: 'quiz', quiz: { questionCount: 3 } });
      const path = `/api/user/courses/${courseId}/quizzes/${lesson?.lectureId}`;
      const browser = await fresh();
      const viewed = await get(path, browser);
      expect(viewed.status).toBe(200);
      expect([...keysOf(viewed.body)].filter((k) => KEY_FIELDS.includes(k))).toEqual([]);
      expect((await get(path)).status).toBe(401);
      expect((await send('POST', `${path}/attempts`, browser, { answers: [] })).status).toBe(403);
      // Unpublished, it is no preview any more.
      expect((await send('POST', `/api/educator/courses/${courseId}/unpublish`, owner)).status).toBe(200);
      expect((await get(path, browser)).status).toBe(404);
    });

    it('grades a failed attempt without the key, completes the lesson on a pass and shows the key then', async () => {
      const course = await quizCourse();
      const buyer = await student(course);
      const failed = await submit(course, buyer, course.wrong);
      expect(failed.status, JSON.stringify(failed.body)).toBe(201);
      const result = failed.body.result as QuizAttemptResult;
      expect(result).toMatchObject({ attemptNumber: 1, score: 0, maxScore: 3, percent: 0, passed: false });
      expect(result.feedback).toHaveLength(3);
      expect(result.feedback.every((f) => f.correct === false && f.explanation.length > 0)).toBe(true);
      const afterFail = [...keysOf(failed.body)];
      for (const key of ['acceptedAnswers', 'correctOptionIds', 'quizDefinition']) expect(afterFail).not.toContain(key);
      expect(
        (failed.body.quiz as StudentQuiz).questions.flatMap((q) => q.options).every((o) => !('correct' in o)),
      ).toBe(true);
      expect(failed.body.quiz).toMatchObject({ attemptsUsed: 1, attemptsLeft: 2, passed: false, bestPercent: 0 });
      expect(await completed(course, buyer)).not.toContain(course.lessons.quiz.lectureId);

      const passed = await submit(course, buyer, course.enough);
      expect(passed.status, JSON.stringify(passed.body)).toBe(201);
      const pass = passed.body.result as QuizAttemptResult;
      expect(pass).toMatchObject({ attemptNumber: 2, score: 2, percent: 66, passed: true });
      const single = pass.feedback.find((f) => f.questionId === course.right[0]?.questionId);
      expect(single?.correctOptionIds).toEqual(course.right[0]?.optionIds);
      expect(pass.feedback.find((f) => f.questionId === course.right[2]?.questionId)?.acceptedAnswers).toEqual([
        'Secure',
      ]);
      expect(passed.body.quiz).toMatchObject({ attemptsUsed: 2, attemptsLeft: 1, passed: true, bestPercent: 66 });
      expect((passed.body.quiz as StudentQuiz).attempts.map((a) => a.attemptNumber)).toEqual([2, 1]);
      expect(await completed(course, buyer)).toContain(course.lessons.quiz.lectureId);
      // The stats count both attempts.
      expect(await store('quizAttempts').countDocuments({ userId: buyer.userId })).toBe(2);
    });

    it('refuses to mark quiz and project lessons complete by hand; a passed quiz counts, and the certificate needs every lesson', async () => {
      const course = await quizCourse();
      const buyer = await student(course);
      const mark = (lectureId: string) =>
        send('POST', '/api/user/update-course-progress', buyer, { courseId: course.courseId, lectureId });
      expect(await mark(course.lessons.quiz.lectureId)).toEqual({
        status: 400,
        body: { success: false, message: PASS_THE_QUIZ },
      });
      expect(await mark(course.lessons.project.lectureId)).toEqual({
        status: 400,
        body: { success: false, message: PROJECT_ACCEPTED_COMPLETES },
      });
      expect((await mark(course.lessons.video.lectureId)).status).toBe(200);
      expect((await mark(course.lessons.article.lectureId)).status).toBe(200);
      expect((await submit(course, buyer, course.right)).body.result).toMatchObject({ passed: true, percent: 100 });
      expect(new Set(await completed(course, buyer))).toEqual(
        new Set([course.lessons.video.lectureId, course.lessons.article.lectureId, course.lessons.quiz.lectureId]),
      );
      // Three of four: no certificate, and the course is still one to continue.
      expect((await get(`/api/user/certificates/${course.courseId}`, buyer)).status).toBe(404);
      const continuing = (await get('/api/user/continue-learning', buyer)).body.courses as Array<{
        courseId: string;
        percent: number;
      }>;
      expect(continuing.find((c) => c.courseId === course.courseId)?.percent).toBe(75);
      // The project accepted (what the projects module will do through learning's operation).
      await composeServices(api.deps).learning.completeGatedLesson(
        buyer.userId,
        course.courseId,
        course.lessons.project.lectureId,
      );
      expect((await get(`/api/user/certificates/${course.courseId}`, buyer)).status).toBe(200);
    });

    it('holds the attempts limit: 409 once they are used, and the key shows when none is left', async () => {
      const course = await quizCourse(2);
      const buyer = await student(course);
      const first = await submit(course, buyer, course.wrong);
      expect(first.status).toBe(201);
      expect([...keysOf(first.body)]).not.toContain('correctOptionIds');
      const last = await submit(course, buyer, course.wrong);
      expect(last.status).toBe(201);
      expect(last.body.quiz).toMatchObject({ attemptsUsed: 2, attemptsLeft: 0, passed: false });
      // No attempt left: the key, so a retry was never a copy.
      expect(
        (last.body.result as QuizAttemptResult).feedback.every((f) => f.correctOptionIds || f.acceptedAnswers),
      ).toBe(true);
      expect(await submit(course, buyer, course.right)).toEqual({
        status: 409,
        body: { success: false, message: NO_ATTEMPTS_LEFT },
      });
      expect(await store('quizAttempts').countDocuments({ userId: buyer.userId })).toBe(2);
      expect(await completed(course, buyer)).not.toContain(course.lessons.quiz.lectureId);
    });

    it('validates a submission: ids, one answer per question, the text’s length; unanswered questions score 0', async () => {
      const course = await quizCourse(null);
      const buyer = await student(course);
      const [single, , text] = course.right;
      const bad: Array<[unknown, string | RegExp]> = [
        [[{ questionId: 'nope' }], /^Question ID must be the id of one of the quiz’s questions/],
        [
          [{ questionId: single?.questionId, optionIds: ['x'] }],
          /^Option IDs must be the id of one of the quiz’s options/,
        ],
        [[single, single], 'Question ID is answered more than once (answers.1.questionId)'],
        [
          [{ questionId: text?.questionId, text: 'x'.repeat(501) }],
          'Text must be at most 500 characters (answers.0.text)',
        ],
        [[{ questionId: newId() }], QUIZ_CHANGED],
        [[{ questionId: single?.questionId, optionIds: [newId()] }], QUIZ_CHANGED],
        ['all', /^Answers /],
      ];
      for (const [answers, message] of bad) {
        const res = await submit(course, buyer, answers);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
      }
      expect((await send('POST', `${course.quizPath}/attempts`, buyer, {})).status).toBe(400);
      expect(await store('quizAttempts').countDocuments({ userId: buyer.userId })).toBe(0);
      const one = await submit(course, buyer, [single]);
      expect(one.body.result).toMatchObject({ score: 1, maxScore: 3, percent: 33, passed: false });
    });

    it('never lets an answer key reach a student: every student-facing answer of a course with a quiz, walked', async () => {
      const course = await quizCourse();
      const buyer = await student(course);
      const browser = await fresh();
      expect((await send('PUT', `/api/user/wishlist/${course.courseId}`, browser)).status).toBeLessThan(300);
      const answers = [
        await get(`/api/course/${course.courseId}`),
        await get(`/api/course/${course.courseId}`, buyer),
        await get(`/api/course/${course.courseId}`, browser),
        await get('/api/course/all'),
        await get(`/api/course/all?search=${encodeURIComponent('HTTP')}`),
        await get('/api/user/enrolled-courses', buyer),
        await get(course.quizPath, buyer),
        await send('POST', '/api/user/get-course-progress', buyer, { courseId: course.courseId }),
        await get('/api/user/continue-learning', buyer),
        await get('/api/user/wishlist', browser),
        await get(`/api/instructors/${owner.userId}`),
      ];
      for (const answer of answers) {
        expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
        expect([...keysOf(answer.body)].filter((k) => KEY_FIELDS.includes(k))).toEqual([]);
        // Nor the key's text in any field (the accepted answer of the text question).
        expect(JSON.stringify(answer.body)).not.toContain('Secure');
      }
      // Without access, what opens a lesson stays out too; with it, it is there.
      const anonymous = JSON.stringify(answers[0]?.body);
      expect(anonymous).not.toContain('Build a server');
      expect(anonymous).not.toContain('word word');
      expect(anonymous).not.toContain('github.com/example/starter');
      expect(anonymous).toContain('Starter repository');
      expect(anonymous).toContain('"questionCount":3');
      const enrolled = JSON.stringify(answers[1]?.body);
      expect(enrolled).toContain('Build a server');
      expect(enrolled).toContain('github.com/example/starter');
    });

    it('holds the attempts limit under racing submissions (10 at once): exactly the limit recorded, the rest 409', async () => {
      for (const max of [1, 2]) {
        const course = await quizCourse(max);
        const buyer = await student(course);
        const answers = await Promise.all(Array.from({ length: 10 }, () => submit(course, buyer, course.wrong)));
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses, JSON.stringify(answers.map((a) => a.body.message))).toEqual([
          ...Array(max).fill(201),
          ...Array(10 - max).fill(409),
        ]);
        const stored = await store('quizAttempts').find({ userId: buyer.userId });
        expect(stored.map((a) => a.attemptNumber).sort()).toEqual(Array.from({ length: max }, (_, i) => i + 1));
      }
    });

    it('rate-limits submissions per student (429 with Retry-After)', async () => {
      const course = await quizCourse(null);
      const buyer = await student(course);
      for (let i = 0; i < QUIZ_LIMIT; i++) expect((await submit(course, buyer, course.wrong)).status).toBe(201);
      const refused = await api.request(`${course.quizPath}/attempts`, {
        method: 'POST',
        headers: { ...bearer(buyer.token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ answers: course.wrong }),
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    it('gives an educator the statistics of their own quizzes only', async () => {
      const educator = await fresh({ educator: true });
      const res = await addCourse(courseData('Stats course', null), educator);
      const courseId = (res.body.course as { _id: string })._id;
      const editable = (await get(`/api/educator/courses/${courseId}`, educator)).body.course as EditableCourse;
      const quizLesson = editable.courseContent[1]?.chapterContent[0];
      const definition = quizLesson?.quizDefinition;
      const [single, multiple, text] = definition?.questions ?? [];
      const pick = (q: typeof single, label: string) => q?.options.find((o) => o.text === label)?.optionId ?? '';
      const path = `/api/user/courses/${courseId}/quizzes/${quizLesson?.lectureId}/attempts`;
      const [a, b] = [await fresh(), await fresh()];
      for (const who of [a, b]) await buyThroughLocalCheckout(api, who.token, courseId);
      // a: fails (multiple missed), then passes; b: fails (everything missed).
      await send('POST', path, a, { answers: [{ questionId: single?.questionId, optionIds: [pick(single, '443')] }] });
      await send('POST', path, a, {
        answers: [
          { questionId: single?.questionId, optionIds: [pick(single, '443')] },
          { questionId: text?.questionId, text: 'secure' },
        ],
      });
      await send('POST', path, b, { answers: [] });

      const stats = await get(`/api/educator/quiz-stats?courseId=${courseId}`, educator);
      expect(stats.status, JSON.stringify(stats.body)).toBe(200);
      expect(stats.body.quizzes).toEqual([
        {
          courseId,
          courseTitle: 'Stats course',
          lectureId: quizLesson?.lectureId,
          lectureTitle: 'Quiz',
          attempts: 3,
          students: 2,
          averagePercent: Math.round(((33 + 66 + 0) / 3) * 10) / 10,
          passRate: 50,
          mostMissed: { questionId: multiple?.questionId, prompt: 'Which are HTTP methods?', missed: 3 },
        },
      ]);
      const all = (await get('/api/educator/quiz-stats', educator)).body.quizzes as unknown[];
      expect(all).toHaveLength(1);
      expect(await get(`/api/educator/quiz-stats?courseId=${courseId}`, rival)).toMatchObject({ status: 403 });
      expect((await get('/api/educator/quiz-stats', rival)).body.quizzes).toEqual([]);
      expect(await get(`/api/educator/quiz-stats?courseId=${newId()}`, educator)).toMatchObject({ status: 404 });
      expect(await get('/api/educator/quiz-stats?courseId=x', educator)).toMatchObject({ status: 400 });
      expect((await get('/api/educator/quiz-stats', a)).status).toBe(403);
      expect((await get('/api/educator/quiz-stats')).status).toBe(401);
    });

    it('keeps a quiz through an edit (ids kept, or left out to keep it), removes it with its lesson and with its course', async () => {
      const course = await quizCourse(null);
      const buyer = await student(course);
      expect((await submit(course, buyer, course.wrong)).status).toBe(201);
      const content = (editable: EditableCourse) =>
        editable.courseContent.map((chapter) => ({
          chapterId: chapter.chapterId,
          chapterTitle: chapter.chapterTitle,
          chapterContent: chapter.chapterContent.map(
            ({ lectureOrder: _o, quiz: _q, resources: _r, ...lesson }) => lesson,
          ),
        }));
      const quizId = course.lessons.quiz.lectureId;
      // Left out: the quiz stays as it was.
      const kept = content(course.editable).map((chapter) => ({
        ...chapter,
        chapterContent: chapter.chapterContent.map(({ quizDefinition: _d, ...lesson }) => lesson),
      }));
      const edited = await send('PATCH', `/api/educator/courses/${course.courseId}`, owner, { courseContent: kept });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      const after = edited.body.course as EditableCourse;
      expect(after.courseContent[1]?.chapterContent[0]?.quizDefinition).toEqual(course.lessons.quiz.quizDefinition);
      // Edited with its ids: the question ids stay, the pass mark changes.
      const changed = content(after);
      const quizLesson = changed[1]?.chapterContent[0] as { quizDefinition: { passPercent: number } };
      quizLesson.quizDefinition.passPercent = 90;
      const saved = await send('PATCH', `/api/educator/courses/${course.courseId}`, owner, { courseContent: changed });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const savedQuiz = (saved.body.course as EditableCourse).courseContent[1]?.chapterContent[0];
      expect(savedQuiz?.quiz).toEqual({ questionCount: 3, passPercent: 90, maxAttempts: null });
      expect(savedQuiz?.quizDefinition?.questions.map((q) => q.questionId)).toEqual(
        course.lessons.quiz.quizDefinition?.questions.map((q) => q.questionId),
      );
      // A question id of another quiz is refused.
      const foreign = content(after);
      const foreignQuiz = foreign[1]?.chapterContent[0] as unknown as {
        quizDefinition: { questions: Array<Record<string, unknown>> };
      };
      foreignQuiz.quizDefinition.questions[0] = { ...foreignQuiz.quizDefinition.questions[0], questionId: newId() };
      const refused = await send('PATCH', `/api/educator/courses/${course.courseId}`, owner, {
        courseContent: foreign,
      });
      expect(refused).toMatchObject({
        status: 400,
        body: { message: expect.stringMatching(/^This question is not part of this quiz/) },
      });
      // A video turned into a quiz needs its definition.
      const turned = content(after);
      const first = turned[0]?.chapterContent[0] as Record<string, unknown>;
      first.lessonKind = 'quiz';
      delete first.lectureUrl;
      expect(await send('PATCH', `/api/educator/courses/${course.courseId}`, owner, { courseContent: turned })).toEqual(
        {
          status: 400,
          body: {
            success: false,
            message: 'Quiz definition is required for a quiz (courseContent.0.chapterContent.0.quizDefinition)',
          },
        },
      );
      // The quiz lesson removed: its definition and attempts go.
      const without = content(after).map((chapter) => ({
        ...chapter,
        chapterContent: chapter.chapterContent.filter((lesson) => lesson.lectureId !== quizId),
      }));
      expect(
        (await send('PATCH', `/api/educator/courses/${course.courseId}`, owner, { courseContent: without })).status,
      ).toBe(200);
      expect(await store('quizzes').findOne({ _id: quizId })).toBeNull();
      expect(await store('quizAttempts').countDocuments({ lectureId: quizId })).toBe(0);

      // A draft nobody bought, deleted: its quizzes go with it.
      const draft = await addCourse(courseData('Draft with a quiz', 3, { status: 'draft' }));
      const draftId = (draft.body.course as { _id: string })._id;
      expect(await store('quizzes').countDocuments({ courseId: draftId })).toBe(1);
      expect((await send('DELETE', `/api/educator/courses/${draftId}`, owner)).status).toBe(200);
      expect(await store('quizzes').countDocuments({ courseId: draftId })).toBe(0);
      expect(await store('courses').findOne({ _id: draftId })).toBeNull();
      expect((await store('courses').findOne({ _id: course.courseId })) as CourseDoc | null).not.toBeNull();
    });
  });
}
