import { createHash } from 'node:crypto';
import type {
  QuestionFeedback,
  QuizAnswer,
  QuizAttemptResult,
  QuizDefinition,
  QuizQuestion,
  QuizStats,
  QuizSummary,
  StudentQuiz,
} from '@courseport/contracts';
import type { quizDefinitionSchema } from '@courseport/contracts/course-schema';
import type { z } from 'zod';
import type { Clock } from '../../clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { ConflictError, ID_PATTERN, newId, type Store } from '../../store/index.js';
import { COURSE_NOT_FOUND, type CourseDoc, courseRecords, type LectureDoc } from '../courses/index.js';
import { type LearningService, NOT_ENROLLED } from '../learning/index.js';
import { gradeQuiz } from './grade.js';
import { type QuizAttemptDoc, type QuizDoc, quizAttemptsRepository, quizzesRepository } from './repository.js';

export const LESSON_NOT_FOUND = 'This lesson is not part of the course';
export const NOT_A_QUIZ = 'This lesson is not a quiz';
export const QUIZ_NOT_FOUND = 'This quiz is not available';
export const NO_ATTEMPTS_LEFT = 'You have used all your attempts for this quiz';
export const QUIZ_CHANGED = 'The quiz has changed since you opened it. Please reload it and answer again.';
export const NOT_YOUR_COURSE = 'You can only see the quizzes of your own courses';

/** A quiz as the course form sends it (validated by `quizDefinitionSchema`): ids of new questions and options missing. */
export type QuizDefinitionInput = z.infer<typeof quizDefinitionSchema>;

/** Losers of an attempt-number race re-read and try the next number; this bounds a burst far larger than one student makes. */
const MAX_INSERT_TRIES = 50;

/** What anyone may know of a quiz (the course doc keeps this, never the key). */
export const quizSummary = (quiz: Pick<QuizDefinition, 'questions' | 'passPercent' | 'maxAttempts'>): QuizSummary => ({
  questionCount: quiz.questions.length,
  passPercent: quiz.passPercent,
  maxAttempts: quiz.maxAttempts,
});

/**
 * The quiz to store from the form's: questions and options that name an id are the quiz's own
 * (`existing`; ids kept, so the statistics of a question survive an edit), those without get new
 * ids. An id that is not the quiz's own, or appears twice, is a 400 naming where (`where`, the
 * lesson's path in the form). Options of a text question and accepted answers of a choice question are dropped.
 */
export function assignQuizIds(
  input: QuizDefinitionInput,
  existing: QuizDefinition | undefined,
  where: string,
): QuizDefinition {
  const known = new Map((existing?.questions ?? []).map((q) => [q.questionId, q]));
  const seenQuestions = new Set<string>();
  return {
    passPercent: input.passPercent,
    maxAttempts: input.maxAttempts,
    shuffleQuestions: input.shuffleQuestions,
    shuffleOptions: input.shuffleOptions,
    questions: input.questions.map((question, q): QuizQuestion => {
      const at = `${where}.quizDefinition.questions.${q}`;
      const before = question.questionId === undefined ? undefined : known.get(question.questionId);
      if (question.questionId !== undefined) {
        if (!before) throw badRequest(`This question is not part of this quiz (${at}.questionId)`);
        if (seenQuestions.has(question.questionId))
          throw badRequest(`This question appears more than once (${at}.questionId)`);
        seenQuestions.add(question.questionId);
      }
      const knownOptions = new Set((before?.options ?? []).map((o) => o.optionId));
      const seenOptions = new Set<string>();
      const isText = question.kind === 'text';
      return {
        questionId: question.questionId ?? newId(),
        kind: question.kind,
        prompt: question.prompt,
        options: isText
          ? []
          : question.options.map((option, o) => {
              if (option.optionId !== undefined) {
                const place = `${at}.options.${o}.optionId`;
                if (!knownOptions.has(option.optionId))
                  throw badRequest(`This option is not part of this question (${place})`);
                if (seenOptions.has(option.optionId)) throw badRequest(`This option appears more than once (${place})`);
                seenOptions.add(option.optionId);
              }
              return { optionId: option.optionId ?? newId(), text: option.text, correct: option.correct };
            }),
        acceptedAnswers: isText ? question.acceptedAnswers : [],
        explanation: question.explanation,
      };
    }),
  };
}

const definitionOf = (doc: QuizDoc): QuizDefinition => ({
  passPercent: doc.passPercent,
  maxAttempts: doc.maxAttempts ?? null,
  shuffleQuestions: doc.shuffleQuestions,
  shuffleOptions: doc.shuffleOptions,
  questions: doc.questions,
});

/** A deterministic shuffle (Fisher–Yates over a sha256 counter stream): the same seed, the same order. */
function seededShuffle<T>(items: readonly T[], seed: string): T[] {
  const out = [...items];
  let counter = 0;
  let pool: Buffer = Buffer.alloc(0);
  const next = (): number => {
    if (pool.length < 4) pool = createHash('sha256').update(`${seed}:${counter++}`).digest();
    const value = pool.readUInt32BE(0);
    pool = pool.subarray(4);
    return value / 2 ** 32;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The questions in the order this student sees them for this attempt: stable on reload, new after a submission. */
export function studentQuestions(quiz: QuizDefinition, seed: string): StudentQuiz['questions'] {
  const questions = quiz.shuffleQuestions ? seededShuffle(quiz.questions, `${seed}:questions`) : quiz.questions;
  return questions.map((question) => ({
    questionId: question.questionId,
    kind: question.kind,
    prompt: question.prompt,
    options: (quiz.shuffleOptions
      ? seededShuffle(question.options, `${seed}:${question.questionId}`)
      : question.options
    ).map(({ optionId, text }) => ({ optionId, text })),
  }));
}

/** An attempt as its student sees it: the key only with `reveal` (passed, or no attempt left). */
function resultOf(quiz: QuizDefinition, attempt: QuizAttemptDoc, reveal: boolean): QuizAttemptResult {
  const questions = new Map(quiz.questions.map((q) => [q.questionId, q]));
  const feedback = attempt.outcomes.map(({ questionId, correct }): QuestionFeedback => {
    const question = questions.get(questionId);
    const item: QuestionFeedback = { questionId, correct, explanation: question?.explanation ?? '' };
    if (reveal && question) {
      if (question.kind === 'text') item.acceptedAnswers = [...question.acceptedAnswers];
      else item.correctOptionIds = question.options.filter((o) => o.correct).map((o) => o.optionId);
    }
    return item;
  });
  return {
    attemptId: attempt._id,
    attemptNumber: attempt.attemptNumber,
    score: attempt.score,
    maxScore: attempt.maxScore,
    percent: attempt.percent,
    passed: attempt.passed,
    submittedAt: new Date(attempt.submittedAt).toISOString(),
    feedback,
  };
}

const lessonsOf = (course: Pick<CourseDoc, 'courseContent'>): LectureDoc[] =>
  (course.courseContent ?? []).flatMap((chapter) => chapter.chapterContent);

/**
 * Quizzes (#32): the `quizzes` collection (each quiz lesson's definition, its answer key, never in
 * the course doc) and `quizAttempts` (graded attempts). Grading is the server's alone; a passed
 * attempt completes the lesson through learning's `completeGatedLesson`.
 */
export function quizzesService(
  store: Store,
  clock: Clock,
  learning: Pick<LearningService, 'checkAccess' | 'completeGatedLesson'>,
) {
  const quizzes = quizzesRepository(store);
  const attempts = quizAttemptsRepository(store);
  const courses = courseRecords(store);

  /**
   * The quiz lesson and its definition, for a student (enrolled) or, to view it, the course's
   * owner or anyone signed in for a free-preview quiz of a published course. 404 for no such course
   * (or one the caller may not see) or lesson, 400 for a lesson that is not a quiz, 403 when not enrolled.
   */
  async function quizFor(userId: string, courseId: string, lectureId: string, purpose: 'view' | 'attempt') {
    if (!ID_PATTERN.test(courseId)) throw notFound(COURSE_NOT_FOUND);
    const course = await courses.byId(courseId, { courseContent: 1, educator: 1, isPublished: 1 });
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const isOwner = course.educator._id === userId;
    let enrolled = false;
    let refusal: HttpError | null = null;
    try {
      await learning.checkAccess(userId, courseId);
      enrolled = true;
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 403) throw error;
      refusal = error;
    }
    const lesson = lessonsOf(course).find((l) => l.lectureId === lectureId);
    if (!lesson) throw notFound(LESSON_NOT_FOUND);
    if (lesson.lessonKind !== 'quiz') throw badRequest(NOT_A_QUIZ);
    if (!enrolled) {
      const mayView = purpose === 'view' && (isOwner || (lesson.isPreviewFree && course.isPublished));
      if (!mayView) throw refusal ?? forbidden(NOT_ENROLLED);
    }
    const doc = await quizzes.findOne({ _id: lectureId, courseId });
    if (!doc) throw notFound(QUIZ_NOT_FOUND);
    return definitionOf(doc);
  }

  const attemptsOf = (userId: string, lectureId: string) =>
    attempts.find({ userId, lectureId }, { sort: { attemptNumber: -1 } });

  function studentView(userId: string, lectureId: string, quiz: QuizDefinition, list: QuizAttemptDoc[]): StudentQuiz {
    const used = list.reduce((most, a) => Math.max(most, a.attemptNumber), 0);
    const passed = list.some((a) => a.passed);
    const attemptsLeft = quiz.maxAttempts === null ? null : Math.max(0, quiz.maxAttempts - used);
    const reveal = passed || attemptsLeft === 0;
    return {
      lectureId,
      passPercent: quiz.passPercent,
      maxAttempts: quiz.maxAttempts,
      attemptsUsed: used,
      attemptsLeft,
      passed,
      bestPercent: list.length ? Math.max(...list.map((a) => a.percent)) : null,
      questions: studentQuestions(quiz, `${userId}:${lectureId}:${used}`),
      attempts: [...list].sort((a, b) => b.attemptNumber - a.attemptNumber).map((a) => resultOf(quiz, a, reveal)),
    };
  }

  return {
    /** `GET /api/user/courses/:courseId/quizzes/:lectureId`: the quiz without its key, and the caller's attempts. */
    async studentQuiz(userId: string, courseId: string, lectureId: string): Promise<StudentQuiz> {
      const quiz = await quizFor(userId, courseId, lectureId, 'view');
      return studentView(userId, lectureId, quiz, await attemptsOf(userId, lectureId));
    },

    /**
     * Grades and records an attempt. The attempts limit holds under racing submissions: each takes
     * the next attempt number, which the store's unique index (student, quiz, number) gives to one of
     * them only; a loser reads again and takes the next, or is refused (409) past the limit.
     */
    async submit(
      userId: string,
      courseId: string,
      lectureId: string,
      answers: QuizAnswer[],
    ): Promise<{ result: QuizAttemptResult; quiz: StudentQuiz }> {
      const quiz = await quizFor(userId, courseId, lectureId, 'attempt');
      const questions = new Map(quiz.questions.map((q) => [q.questionId, q]));
      for (const answer of answers) {
        const question = questions.get(answer.questionId);
        if (!question) throw badRequest(QUIZ_CHANGED);
        const options = new Set(question.options.map((o) => o.optionId));
        if ((answer.optionIds ?? []).some((id) => !options.has(id))) throw badRequest(QUIZ_CHANGED);
      }
      const grade = gradeQuiz(quiz, answers);
      let saved: QuizAttemptDoc | null = null;
      for (let tries = 1; !saved; tries++) {
        const last = await attempts.find({ userId, lectureId }, { sort: { attemptNumber: -1 }, limit: 1 });
        const used = last[0]?.attemptNumber ?? 0;
        if (quiz.maxAttempts !== null && used >= quiz.maxAttempts) throw conflict(NO_ATTEMPTS_LEFT);
        const doc: QuizAttemptDoc = {
          _id: newId(),
          userId,
          courseId,
          lectureId,
          attemptNumber: used + 1,
          answers: answers.map((a) => ({
            questionId: a.questionId,
            ...(a.optionIds ? { optionIds: [...new Set(a.optionIds)] } : {}),
            ...(a.text !== undefined ? { text: a.text } : {}),
          })),
          score: grade.score,
          maxScore: grade.maxScore,
          percent: grade.percent,
          passed: grade.passed,
          outcomes: grade.outcomes,
          submittedAt: clock.now(),
        };
        try {
          saved = await attempts.insertOne(doc);
        } catch (error) {
          if (!(error instanceof ConflictError) || tries >= MAX_INSERT_TRIES) throw error;
        }
      }
      if (saved.passed) await learning.completeGatedLesson(userId, courseId, lectureId);
      const view = studentView(userId, lectureId, quiz, await attemptsOf(userId, lectureId));
      const reveal = view.passed || view.attemptsLeft === 0;
      return { result: resultOf(quiz, saved, reveal), quiz: view };
    },

    /** `GET /api/educator/quiz-stats`: one row per quiz lesson of the educator's courses (or of one of them). */
    async stats(educatorId: string, courseId?: string): Promise<QuizStats[]> {
      let mine = await courses.ofEducator(educatorId, { courseTitle: 1, courseContent: 1 });
      if (courseId !== undefined) {
        mine = mine.filter((c) => c._id === courseId);
        if (mine.length === 0)
          throw (await courses.byId(courseId, { _id: 1 })) ? forbidden(NOT_YOUR_COURSE) : notFound(COURSE_NOT_FOUND);
      }
      const ids = mine.map((c) => c._id);
      if (ids.length === 0) return [];
      const [definitions, all] = await Promise.all([
        quizzes.find({ courseId: { $in: ids } }),
        attempts.find(
          { courseId: { $in: ids } },
          { projection: { userId: 1, lectureId: 1, percent: 1, passed: 1, outcomes: 1 } },
        ),
      ]);
      const definitionOfLesson = new Map(definitions.map((d) => [d._id, d]));
      const attemptsOfLesson = new Map<string, QuizAttemptDoc[]>();
      for (const attempt of all) {
        const list = attemptsOfLesson.get(attempt.lectureId) ?? [];
        list.push(attempt);
        attemptsOfLesson.set(attempt.lectureId, list);
      }
      const rows: QuizStats[] = [];
      for (const course of mine) {
        const chapters = [...(course.courseContent ?? [])].sort((a, b) => a.chapterOrder - b.chapterOrder);
        for (const chapter of chapters)
          for (const lesson of [...chapter.chapterContent].sort((a, b) => a.lectureOrder - b.lectureOrder)) {
            if (lesson.lessonKind !== 'quiz') continue;
            const list = attemptsOfLesson.get(lesson.lectureId) ?? [];
            const students = new Set(list.map((a) => a.userId));
            const passedBy = new Set(list.filter((a) => a.passed).map((a) => a.userId));
            const missed = new Map<string, number>();
            for (const attempt of list)
              for (const outcome of attempt.outcomes ?? [])
                if (!outcome.correct) missed.set(outcome.questionId, (missed.get(outcome.questionId) ?? 0) + 1);
            let mostMissed: QuizStats['mostMissed'] = null;
            for (const question of definitionOfLesson.get(lesson.lectureId)?.questions ?? []) {
              const count = missed.get(question.questionId) ?? 0;
              if (count > 0 && (!mostMissed || count > mostMissed.missed))
                mostMissed = { questionId: question.questionId, prompt: question.prompt, missed: count };
            }
            rows.push({
              courseId: course._id,
              courseTitle: course.courseTitle,
              lectureId: lesson.lectureId,
              lectureTitle: lesson.lectureTitle,
              attempts: list.length,
              students: students.size,
              averagePercent: list.length
                ? Math.round((list.reduce((sum, a) => sum + a.percent, 0) / list.length) * 10) / 10
                : null,
              passRate: students.size ? Math.round((100 * passedBy.size) / students.size) : null,
              mostMissed,
            });
          }
      }
      return rows;
    },

    // The educator's side: the course form's quizzes (the educator module saves the course, then these).

    /** The course's quiz definitions (answer keys included) by lesson id: the owner's editor only. */
    async definitionsOf(courseId: string): Promise<Map<string, QuizDefinition>> {
      const found = await quizzes.find({ courseId });
      return new Map(found.map((doc) => [doc._id, definitionOf(doc)]));
    },

    /**
     * Stores the course's quizzes after a save: `definitions` written (new or replaced), those of
     * `keep` left as they are, and any other quiz of the course (a lesson removed, or no longer a
     * quiz) removed with its attempts.
     */
    async saveForCourse(
      courseId: string,
      definitions: ReadonlyMap<string, QuizDefinition>,
      keep: ReadonlySet<string> = new Set(),
    ) {
      const now = clock.now();
      for (const [lectureId, definition] of definitions)
        await quizzes.updateOne(
          { _id: lectureId, courseId },
          { $set: { ...definition, courseId, updatedAt: now } },
          { upsert: true },
        );
      const stale = (await quizzes.find({ courseId }, { projection: { _id: 1 } }))
        .map((doc) => doc._id)
        .filter((id) => !definitions.has(id) && !keep.has(id));
      if (stale.length) {
        await quizzes.deleteMany({ courseId, _id: { $in: stale } });
        await attempts.deleteMany({ courseId, lectureId: { $in: stale } });
      }
    },

    /** A deleted course's quizzes and attempts. */
    async removeForCourse(courseId: string): Promise<void> {
      await quizzes.deleteMany({ courseId });
      await attempts.deleteMany({ courseId });
    },
  };
}
export type QuizzesService = ReturnType<typeof quizzesService>;
