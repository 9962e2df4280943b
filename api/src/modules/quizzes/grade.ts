import { normalizeAnswer, type QuizAnswer, type QuizQuestion } from '@courseport/contracts';

export interface Grade {
  /** Questions answered correctly (one point each). */
  score: number;
  maxScore: number;
  /** 0–100, rounded down. */
  percent: number;
  passed: boolean;
  /** Each question's outcome, in the quiz's order. */
  outcomes: Array<{ questionId: string; correct: boolean }>;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Whether one answer is right: `single` and `multiple` when the chosen options are exactly the
 * correct ones (for `single`, the one correct option alone); `text` when the answer, normalized
 * (`normalizeAnswer`: case and spacing ignored), equals an accepted answer normalized alike. No
 * answer, or an answer of the wrong shape, is wrong.
 */
export function isCorrect(question: QuizQuestion, answer: QuizAnswer | undefined): boolean {
  if (!answer) return false;
  if (question.kind === 'text') {
    if (typeof answer.text !== 'string') return false;
    const given = normalizeAnswer(answer.text);
    return given !== '' && question.acceptedAnswers.some((accepted) => normalizeAnswer(accepted) === given);
  }
  const chosen = new Set(answer.optionIds ?? []);
  const correct = new Set(question.options.filter((option) => option.correct).map((option) => option.optionId));
  if (correct.size === 0) return false;
  if (question.kind === 'single' && correct.size !== 1) return false;
  return sameSet(chosen, correct);
}

/**
 * Grades a submission: one point per question, unanswered questions (and answers to questions the
 * quiz does not have) score nothing. `percent` = floor(100 × score / maxScore); passed when it
 * reaches `passPercent`. Pure: the same quiz and answers always grade the same.
 */
export function gradeQuiz(
  quiz: { passPercent: number; questions: readonly QuizQuestion[] },
  answers: readonly QuizAnswer[],
): Grade {
  const byQuestion = new Map<string, QuizAnswer>();
  for (const answer of answers) if (!byQuestion.has(answer.questionId)) byQuestion.set(answer.questionId, answer);
  const outcomes = quiz.questions.map((question) => ({
    questionId: question.questionId,
    correct: isCorrect(question, byQuestion.get(question.questionId)),
  }));
  const score = outcomes.filter((outcome) => outcome.correct).length;
  const maxScore = quiz.questions.length;
  const percent = maxScore === 0 ? 0 : Math.floor((100 * score) / maxScore);
  return { score, maxScore, percent, passed: maxScore > 0 && percent >= quiz.passPercent, outcomes };
}
