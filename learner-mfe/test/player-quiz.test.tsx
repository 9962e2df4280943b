import type { QuizAttemptResult, StudentQuiz } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deferred,
  ENROLLED_PATH,
  enrolledAnswer,
  failsUntilRecovered,
  getCalls,
  mockGet,
  mockPost,
  PROGRESS_PATH,
  postBodies,
  progressAnswer,
  renderAt,
  SAVE_POSITION_PATH,
  serverError,
  signIn,
  user,
} from './helpers';
import { COURSE_ID, lessonsCourse, studentQuiz } from './lessons-fixtures';

const QUIZ_PATH = `/api/user/courses/${COURSE_ID}/quizzes/q1`;
const ATTEMPTS_PATH = `${QUIZ_PATH}/attempts`;

beforeEach(() => {
  signIn({}, [COURSE_ID]);
});

const attempt = (overrides: Partial<QuizAttemptResult>): QuizAttemptResult => ({
  attemptId: `at${overrides.attemptNumber ?? 1}`,
  attemptNumber: 1,
  score: 1,
  maxScore: 3,
  percent: 33,
  passed: false,
  submittedAt: '2026-11-27T10:00:00.000Z',
  feedback: [],
  ...overrides,
});

const FAILED = attempt({
  feedback: [
    { questionId: 'qa', correct: true, explanation: 'useState keeps state between renders.' },
    { questionId: 'qb', correct: false, explanation: 'render is not a hook.' },
    { questionId: 'qc', correct: false, explanation: 'Effects run after rendering.' },
  ],
});
const PASSED = attempt({
  attemptId: 'at2',
  attemptNumber: 2,
  score: 3,
  percent: 100,
  passed: true,
  feedback: [
    { questionId: 'qa', correct: true, explanation: 'useState keeps state between renders.', correctOptionIds: ['o1'] },
    { questionId: 'qb', correct: true, explanation: 'render is not a hook.', correctOptionIds: ['o3', 'o4'] },
    { questionId: 'qc', correct: true, explanation: 'Effects run after rendering.', acceptedAnswers: ['useEffect'] },
  ],
});

/** The API: the quiz answers `quiz()`, each attempt answers `attempts.shift()` (a body, or throws). */
function answerWith(quiz: () => unknown, attempts: Array<() => unknown> = [], completed: string[] = []) {
  const state = { completed };
  mockGet({ [ENROLLED_PATH]: () => enrolledAnswer([lessonsCourse()]), [QUIZ_PATH]: quiz });
  mockPost({
    [PROGRESS_PATH]: () => progressAnswer(COURSE_ID, state.completed),
    [SAVE_POSITION_PATH]: () => ({ success: true }),
    [ATTEMPTS_PATH]: () => {
      const next = attempts.shift();
      if (!next) throw new Error('No attempt expected');
      return next();
    },
  });
  return state;
}

const quizAnswer =
  (overrides: Partial<StudentQuiz> = {}) =>
  () => ({ success: true, quiz: studentQuiz(overrides) });
const player = () => screen.getByRole('region', { name: 'Lecture player' });

async function openQuiz() {
  renderAt(`/player/${COURSE_ID}?lecture=q1`);
  await screen.findByText('Course Structure');
}

async function answerAll() {
  await user.click(screen.getByRole('radio', { name: 'useState' }));
  await user.click(screen.getByRole('checkbox', { name: 'useEffect' }));
  await user.click(screen.getByRole('checkbox', { name: 'useMemo' }));
  await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'useEffect');
}

describe('Quiz lesson: loading', () => {
  it('shows Loading the quiz... until it arrives', async () => {
    const answer = deferred<unknown>();
    answerWith(() => answer.promise);
    await openQuiz();
    expect(within(player()).getByRole('status')).toHaveTextContent('Loading the quiz...');
    answer.resolve({ success: true, quiz: studentQuiz() });
    expect(await screen.findByRole('group', { name: '1. Which hook holds state?' })).toBeInTheDocument();
  });

  it('shows the failure with Try Again, which loads it again', async () => {
    const answer = failsUntilRecovered(serverError('You are not enrolled in this course', 403), () => ({
      success: true,
      quiz: studentQuiz(),
    }));
    answerWith(answer.handler);
    await openQuiz();
    expect(await within(player()).findByText('Could not load the quiz')).toBeInTheDocument();
    expect(player()).toHaveTextContent('You are not enrolled in this course');
    answer.recover();
    await user.click(within(player()).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('group', { name: '1. Which hook holds state?' })).toBeInTheDocument();
    expect(getCalls(QUIZ_PATH)).toBe(2);
  });
});

describe('Quiz lesson: taking it', () => {
  it('is a form of fieldsets: one answer a radio group, several checkboxes, a short text a text field', async () => {
    answerWith(quizAnswer());
    await openQuiz();
    const single = await screen.findByRole('group', { name: '1. Which hook holds state?' });
    expect(
      within(single)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['o1', 'o2']);
    const multiple = screen.getByRole('group', { name: '2. Which are hooks?' });
    expect(within(multiple).getAllByRole('checkbox')).toHaveLength(3);
    expect(multiple).toHaveTextContent('Choose every answer that applies.');
    const text = screen.getByRole('group', { name: '3. Name the hook for side effects' });
    expect(within(text).getByRole('textbox', { name: 'Your answer' })).toBeInTheDocument();
    expect(player()).toHaveTextContent('3 questions · Pass mark 70% · 3 attempts left');
    // Keyboard: the arrows move within the radio group.
    await user.click(within(single).getByRole('radio', { name: 'useState' }));
    await user.keyboard('{ArrowDown}');
    expect(within(single).getByRole('radio', { name: 'useRef' })).toBeChecked();
  });

  it('asks for every answer before sending anything', async () => {
    answerWith(quizAnswer());
    await openQuiz();
    await user.click(await screen.findByRole('radio', { name: 'useState' }));
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Answer every question before submitting (2 questions unanswered).',
    );
    expect(postBodies(ATTEMPTS_PATH)).toEqual([]);
  });
});

describe('Quiz lesson: results', () => {
  it('a failed attempt: the score against the pass mark, each question correct or not, no key, attempts left', async () => {
    answerWith(quizAnswer(), [
      () => ({
        success: true,
        result: FAILED,
        quiz: studentQuiz({ attemptsUsed: 1, attemptsLeft: 2, attempts: [FAILED] }),
      }),
    ]);
    await openQuiz();
    await screen.findByRole('group', { name: '1. Which hook holds state?' });
    await answerAll();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    const heading = await screen.findByRole('heading', { name: 'Quiz result: Not passed' });
    // Screen readers hear the result: it has the focus.
    expect(heading).toHaveFocus();
    expect(postBodies(ATTEMPTS_PATH)).toEqual([
      {
        answers: [
          { questionId: 'qa', optionIds: ['o1'] },
          { questionId: 'qb', optionIds: ['o3', 'o4'] },
          { questionId: 'qc', text: 'useEffect' },
        ],
      },
    ]);
    expect(player()).toHaveTextContent('You scored 1 of 3 (33%). The pass mark is 70%.');
    const items = within(player())
      .getAllByRole('listitem')
      .filter((li) => li.className === 'ln-quiz-feedback-item');
    expect(items.map((li) => li.textContent)).toEqual([
      'Which hook holds state?CorrectuseState keeps state between renders.',
      'Which are hooks?Incorrectrender is not a hook.',
      'Name the hook for side effectsIncorrectEffects run after rendering.',
    ]);
    expect(player()).not.toHaveTextContent('Correct answer');
    expect(player()).toHaveTextContent('2 attempts left');
    expect(within(player()).getByRole('region', { name: 'Earlier attempts' })).toHaveTextContent(
      'Attempt 1: 1 of 3 (33%) · Not passed',
    );
    // Try again: the questions again, nothing chosen.
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio', { name: 'useState' })).not.toBeChecked();
    // The button is gone: the first answer has the focus.
    expect(screen.getByRole('radio', { name: 'useState' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('');
    expect(player()).toHaveTextContent('3 questions · Pass mark 70% · 2 attempts left');
  });

  it('a passed attempt: the key with the feedback, and the lesson complete (progress fetched again)', async () => {
    const state = answerWith(quizAnswer({ attemptsUsed: 1, attemptsLeft: 2, attempts: [FAILED] }), [
      () => {
        state.completed = ['q1'];
        return {
          success: true,
          result: PASSED,
          quiz: studentQuiz({
            attemptsUsed: 2,
            attemptsLeft: 1,
            passed: true,
            bestPercent: 100,
            attempts: [PASSED, FAILED],
          }),
        };
      },
    ]);
    await openQuiz();
    expect(screen.getByText('0 of 4 lectures completed')).toBeInTheDocument();
    await screen.findByRole('group', { name: '1. Which hook holds state?' });
    await answerAll();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('heading', { name: 'Quiz result: Passed' })).toHaveFocus();
    expect(player()).toHaveTextContent('You scored 3 of 3 (100%). The pass mark is 70%.');
    expect(player()).toHaveTextContent('Correct answer: useState');
    expect(player()).toHaveTextContent('Correct answer: useEffect, useMemo');
    expect(player()).toHaveTextContent('Correct answer: useEffect');
    expect(await screen.findByText('1 of 4 lectures completed')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Completed' })).toBeInTheDocument();
    expect(within(player()).getByRole('region', { name: 'Earlier attempts' })).toHaveTextContent(
      /Attempt 2: 3 of 3 \(100%\) · Passed.*Attempt 1: 1 of 3 \(33%\) · Not passed/,
    );
  });

  it('the last attempt used: Try again is disabled, and the quiz says no attempt is left', async () => {
    const last = attempt({
      attemptNumber: 3,
      attemptId: 'at3',
      feedback: PASSED.feedback.map((f) => ({ ...f, correct: false })),
      score: 0,
      percent: 0,
    });
    answerWith(quizAnswer({ attemptsUsed: 2, attemptsLeft: 1 }), [
      () => ({
        success: true,
        result: last,
        quiz: studentQuiz({ attemptsUsed: 3, attemptsLeft: 0, attempts: [last] }),
      }),
    ]);
    await openQuiz();
    await screen.findByRole('group', { name: '1. Which hook holds state?' });
    expect(player()).toHaveTextContent('1 attempt left');
    await answerAll();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    await screen.findByRole('heading', { name: 'Quiz result: Not passed' });
    // No attempt left: the key comes with the feedback.
    expect(player()).toHaveTextContent('Correct answer: useEffect, useMemo');
    expect(player()).toHaveTextContent('No attempts left');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
  });

  it('opened with no attempt left: no form, the earlier attempts', async () => {
    answerWith(quizAnswer({ attemptsUsed: 3, attemptsLeft: 0, attempts: [FAILED] }));
    await openQuiz();
    expect(await within(player()).findByText('You have no attempts left for this quiz.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit answers' })).not.toBeInTheDocument();
    expect(within(player()).getByRole('region', { name: 'Earlier attempts' })).toHaveTextContent('Attempt 1');
  });

  it('opened after passing: says so, with the best score', async () => {
    answerWith(
      quizAnswer({ attemptsUsed: 1, attemptsLeft: 2, passed: true, bestPercent: 100, attempts: [PASSED] }),
      [],
      ['q1'],
    );
    await openQuiz();
    expect(await within(player()).findByText('You passed this quiz (best score 100%).')).toBeInTheDocument();
    expect(player()).not.toHaveTextContent('This lesson is completed when you pass the quiz.');
  });

  it.each([
    [409, 'No attempts left for this quiz'],
    [429, 'Too many attempts, try again in a minute'],
  ])("shows the server's %i message and keeps the answers", async (status, message) => {
    answerWith(quizAnswer(), [
      () => {
        throw serverError(message, status);
      },
    ]);
    await openQuiz();
    await screen.findByRole('group', { name: '1. Which hook holds state?' });
    await answerAll();
    await user.click(screen.getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(message));
    expect(screen.getByRole('radio', { name: 'useState' })).toBeChecked();
    if (status === 409) await waitFor(() => expect(getCalls(QUIZ_PATH)).toBe(2));
  });
});
