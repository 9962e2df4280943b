import type { QuizAnswer, QuizDefinition, QuizQuestion } from '@courseport/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../src/http/errors.js';
import { assignQuizIds, gradeQuiz, isCorrect, studentQuestions } from '../src/modules/quizzes/index.js';

/** A seed for reproducing a failure: FC_SEED=<seed printed by fast-check>. */
const FC_OPTIONS = { ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED) } : {}) };

const single: QuizQuestion = {
  questionId: 'q-single',
  kind: 'single',
  prompt: 'Pick one',
  options: [
    { optionId: 'a', text: 'A', correct: false },
    { optionId: 'b', text: 'B', correct: true },
    { optionId: 'c', text: 'C', correct: false },
  ],
  acceptedAnswers: [],
  explanation: 'B it is.',
};
const multiple: QuizQuestion = {
  questionId: 'q-multiple',
  kind: 'multiple',
  prompt: 'Pick all that apply',
  options: [
    { optionId: 'w', text: 'W', correct: true },
    { optionId: 'x', text: 'X', correct: false },
    { optionId: 'y', text: 'Y', correct: true },
  ],
  acceptedAnswers: [],
  explanation: 'W and Y.',
};
const text: QuizQuestion = {
  questionId: 'q-text',
  kind: 'text',
  prompt: 'Name the runtime',
  options: [],
  acceptedAnswers: ['Node.js', 'node   js'],
  explanation: 'Node.js.',
};

describe('one question', () => {
  const cases: Array<[string, QuizQuestion, QuizAnswer | undefined, boolean]> = [
    ['single: the correct option', single, { questionId: 'q-single', optionIds: ['b'] }, true],
    ['single: a wrong option', single, { questionId: 'q-single', optionIds: ['a'] }, false],
    ['single: the correct option and another', single, { questionId: 'q-single', optionIds: ['b', 'c'] }, false],
    ['single: the correct option twice', single, { questionId: 'q-single', optionIds: ['b', 'b'] }, true],
    ['single: nothing chosen', single, { questionId: 'q-single', optionIds: [] }, false],
    ['single: a text instead', single, { questionId: 'q-single', text: 'B' }, false],
    ['single: unanswered', single, undefined, false],
    ['multiple: exactly the correct set', multiple, { questionId: 'q-multiple', optionIds: ['y', 'w'] }, true],
    ['multiple: part of it', multiple, { questionId: 'q-multiple', optionIds: ['w'] }, false],
    ['multiple: more than it', multiple, { questionId: 'q-multiple', optionIds: ['w', 'x', 'y'] }, false],
    ['multiple: every option', multiple, { questionId: 'q-multiple', optionIds: ['w', 'x', 'y'] }, false],
    ['multiple: nothing', multiple, { questionId: 'q-multiple' }, false],
    ['text: as accepted', text, { questionId: 'q-text', text: 'Node.js' }, true],
    ['text: case and spaces ignored', text, { questionId: 'q-text', text: '  NODE.JS ' }, true],
    ['text: inner spaces folded', text, { questionId: 'q-text', text: 'Node\t JS' }, true],
    ['text: full-width folded (NFKC)', text, { questionId: 'q-text', text: 'Ｎｏｄｅ.ｊｓ' }, true],
    ['text: another answer', text, { questionId: 'q-text', text: 'Deno' }, false],
    ['text: empty', text, { questionId: 'q-text', text: '   ' }, false],
    ['text: options instead', text, { questionId: 'q-text', optionIds: ['a'] }, false],
    ['text: unanswered', text, undefined, false],
  ];
  it.each(cases)('%s', (_name, question, answer, expected) => {
    expect(isCorrect(question, answer)).toBe(expected);
  });
});

describe('a quiz', () => {
  const quiz = { passPercent: 60, questions: [single, multiple, text] };
  const cases: Array<[string, QuizAnswer[], { score: number; percent: number; passed: boolean }]> = [
    ['nothing answered', [], { score: 0, percent: 0, passed: false }],
    [
      'one of three (floor of 33.3)',
      [{ questionId: 'q-single', optionIds: ['b'] }],
      { score: 1, percent: 33, passed: false },
    ],
    [
      'two of three (floor of 66.6) passes at 60',
      [
        { questionId: 'q-single', optionIds: ['b'] },
        { questionId: 'q-text', text: 'node.js' },
      ],
      { score: 2, percent: 66, passed: true },
    ],
    [
      'all three',
      [
        { questionId: 'q-text', text: 'node js' },
        { questionId: 'q-multiple', optionIds: ['w', 'y'] },
        { questionId: 'q-single', optionIds: ['b'] },
      ],
      { score: 3, percent: 100, passed: true },
    ],
    [
      'answers to questions the quiz does not have score nothing',
      [{ questionId: 'elsewhere', optionIds: ['b'] }],
      { score: 0, percent: 0, passed: false },
    ],
    [
      'only the first answer of a question counts',
      [
        { questionId: 'q-single', optionIds: ['a'] },
        { questionId: 'q-single', optionIds: ['b'] },
      ],
      { score: 0, percent: 0, passed: false },
    ],
  ];
  it.each(cases)('%s', (_name, answers, expected) => {
    const grade = gradeQuiz(quiz, answers);
    expect(grade).toMatchObject({ ...expected, maxScore: 3 });
    expect(grade.outcomes.map((o) => o.questionId)).toEqual(['q-single', 'q-multiple', 'q-text']);
  });

  it('passes exactly at the pass mark, and at 0 % with a pass mark of 0', () => {
    const two = { questions: [single, text] };
    expect(gradeQuiz({ ...two, passPercent: 50 }, [{ questionId: 'q-single', optionIds: ['b'] }]).passed).toBe(true);
    expect(gradeQuiz({ ...two, passPercent: 51 }, [{ questionId: 'q-single', optionIds: ['b'] }]).passed).toBe(false);
    expect(gradeQuiz({ ...two, passPercent: 0 }, []).passed).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Property: whatever the quiz and the answers, 0 ≤ score ≤ maxScore and 0 ≤ percent ≤ 100.

const ids = ['o1', 'o2', 'o3', 'o4', 'o5'];
const question = (index: number): fc.Arbitrary<QuizQuestion> =>
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom('single', 'multiple') as fc.Arbitrary<'single' | 'multiple'>,
        fc.array(fc.boolean(), { minLength: 2, maxLength: 5 }),
      )
      .map(([kind, flags]) => ({
        questionId: `q${index}`,
        kind,
        prompt: 'p',
        options: flags.map((correct, o) => ({ optionId: ids[o] as string, text: `o${o}`, correct })),
        acceptedAnswers: [],
        explanation: '',
      })),
    fc.array(fc.string({ maxLength: 8 }), { minLength: 1, maxLength: 3 }).map((accepted) => ({
      questionId: `q${index}`,
      kind: 'text' as const,
      prompt: 'p',
      options: [],
      acceptedAnswers: accepted,
      explanation: '',
    })),
  );
const quizArbitrary = fc
  .integer({ min: 1, max: 12 })
  .chain((count) =>
    fc.tuple(fc.tuple(...Array.from({ length: count }, (_, i) => question(i))), fc.integer({ min: 0, max: 100 })),
  )
  .map(([questions, passPercent]) => ({ questions, passPercent }));
const answerArbitrary: fc.Arbitrary<QuizAnswer> = fc.record(
  {
    questionId: fc.oneof(
      fc.integer({ min: 0, max: 14 }).map((i) => `q${i}`),
      fc.string({ maxLength: 4 }),
    ),
    optionIds: fc.array(fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 3 })), { maxLength: 6 }),
    text: fc.string({ maxLength: 10 }),
  },
  { requiredKeys: ['questionId'] },
);

describe('the grader, for any quiz and any answers', () => {
  it('keeps 0 ≤ score ≤ maxScore and 0 ≤ percent ≤ 100, and passes only at the pass mark', () => {
    fc.assert(
      fc.property(quizArbitrary, fc.array(answerArbitrary, { maxLength: 20 }), (quiz, answers) => {
        const grade = gradeQuiz(quiz, answers);
        expect(grade.maxScore).toBe(quiz.questions.length);
        expect(grade.score).toBeGreaterThanOrEqual(0);
        expect(grade.score).toBeLessThanOrEqual(grade.maxScore);
        expect(grade.percent).toBeGreaterThanOrEqual(0);
        expect(grade.percent).toBeLessThanOrEqual(100);
        expect(Number.isInteger(grade.percent)).toBe(true);
        expect(grade.percent).toBe(Math.floor((100 * grade.score) / grade.maxScore));
        expect(grade.passed).toBe(grade.percent >= quiz.passPercent);
        expect(grade.outcomes.filter((o) => o.correct)).toHaveLength(grade.score);
      }),
      { ...FC_OPTIONS, numRuns: 500 },
    );
  });

  it('gives full marks to the key itself', () => {
    fc.assert(
      fc.property(quizArbitrary, (quiz) => {
        // A choice question with no correct option (or a single with several) has no right answer.
        const answerable = quiz.questions.filter((q) => {
          const correct = q.options.filter((o) => o.correct).length;
          return q.kind === 'text'
            ? q.acceptedAnswers.some((a) => a.trim() !== '')
            : q.kind === 'single'
              ? correct === 1
              : correct > 0;
        });
        fc.pre(answerable.length === quiz.questions.length);
        const key = quiz.questions.map((q) =>
          q.kind === 'text'
            ? { questionId: q.questionId, text: q.acceptedAnswers.find((a) => a.trim() !== '') ?? '' }
            : { questionId: q.questionId, optionIds: q.options.filter((o) => o.correct).map((o) => o.optionId) },
        );
        expect(gradeQuiz(quiz, key)).toMatchObject({ score: quiz.questions.length, percent: 100, passed: true });
      }),
      { ...FC_OPTIONS, numRuns: 300 },
    );
  });
});

describe('what a student sees of a quiz', () => {
  const many: QuizDefinition = {
    passPercent: 50,
    maxAttempts: null,
    shuffleQuestions: true,
    shuffleOptions: true,
    questions: Array.from({ length: 8 }, (_, i) => ({ ...single, questionId: `q${i}`, prompt: `Question ${i}` })),
  };

  it('has no key, and the same order for the same seed (a reload), another for another attempt', () => {
    const first = studentQuestions(many, 'user:lecture:0');
    expect(JSON.stringify(first)).not.toMatch(/correct|acceptedAnswers|explanation/);
    expect(studentQuestions(many, 'user:lecture:0')).toEqual(first);
    const orders = new Set(
      Array.from({ length: 6 }, (_, n) =>
        studentQuestions(many, `user:lecture:${n}`)
          .map((q) => q.questionId)
          .join(),
      ),
    );
    expect(orders.size).toBeGreaterThan(1);
    // The same questions and options, only reordered.
    expect(first.map((q) => q.questionId).sort()).toEqual(many.questions.map((q) => q.questionId).sort());
    for (const q of first) expect(q.options.map((o) => o.optionId).sort()).toEqual(['a', 'b', 'c']);
  });

  it('keeps the educator’s order when shuffling is off', () => {
    const still = { ...many, shuffleQuestions: false, shuffleOptions: false };
    expect(studentQuestions(still, 'any').map((q) => q.questionId)).toEqual(many.questions.map((q) => q.questionId));
    expect(studentQuestions(still, 'any')[0]?.options.map((o) => o.optionId)).toEqual(['a', 'b', 'c']);
  });
});

describe('ids of an edited quiz', () => {
  const input = {
    passPercent: 70,
    maxAttempts: 3,
    shuffleQuestions: false,
    shuffleOptions: false,
    questions: [
      {
        kind: 'single' as const,
        prompt: 'P',
        options: [
          { text: 'A', correct: true },
          { text: 'B', correct: false },
        ],
        acceptedAnswers: ['dropped for a choice question'],
        explanation: '',
      },
    ],
  };
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(HttpError);
      return { status: (error as HttpError).status, message: (error as Error).message };
    }
    throw new Error('accepted');
  };

  it('gives new questions and options ids, keeps known ones, and refuses foreign or repeated ones', () => {
    const created = assignQuizIds(input, undefined, 'courseContent.0.chapterContent.1');
    const q = created.questions[0];
    expect(q?.questionId).toMatch(/^[a-f0-9]{24}$/);
    expect(q?.acceptedAnswers).toEqual([]);
    const kept = assignQuizIds(
      {
        ...input,
        questions: [
          {
            ...input.questions[0],
            questionId: q?.questionId,
            options: [{ ...(q?.options[0] ?? { text: '', correct: true }) }, { text: 'New', correct: false }],
          },
        ] as never,
      },
      created,
      'x',
    );
    expect(kept.questions[0]?.questionId).toBe(q?.questionId);
    expect(kept.questions[0]?.options[0]?.optionId).toBe(q?.options[0]?.optionId);
    expect(kept.questions[0]?.options[1]?.optionId).not.toBe(q?.options[1]?.optionId);

    expect(
      refusal(() =>
        assignQuizIds(
          { ...input, questions: [{ ...input.questions[0], questionId: 'f'.repeat(24) }] } as never,
          created,
          'courseContent.0.chapterContent.1',
        ),
      ),
    ).toEqual({
      status: 400,
      message:
        'This question is not part of this quiz (courseContent.0.chapterContent.1.quizDefinition.questions.0.questionId)',
    });
    const twice = { ...input.questions[0], questionId: q?.questionId };
    expect(
      refusal(() => assignQuizIds({ ...input, questions: [twice, twice] } as never, created, 'w')).message,
    ).toMatch(/^This question appears more than once/);
  });
});
