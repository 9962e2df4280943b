import type { QuizAnswer, QuizAttemptResult, QuizDefinition } from '@courseport/contracts';
import type { Store } from '../../store/index.js';

/** A quiz lesson's definition, answer key included: `_id` is the lesson's `lectureId`. Never sent to a student. */
export interface QuizDoc extends QuizDefinition {
  _id: string;
  courseId: string;
  updatedAt: Date;
  [key: string]: unknown;
}

/** One graded attempt: `attemptNumber` 1, 2… per student and quiz, unique (the attempts limit holds under races). */
export interface QuizAttemptDoc
  extends Pick<QuizAttemptResult, 'attemptNumber' | 'score' | 'maxScore' | 'percent' | 'passed'> {
  _id: string;
  userId: string;
  courseId: string;
  lectureId: string;
  answers: QuizAnswer[];
  /** Each question's outcome, in the quiz's order when it was graded. */
  outcomes: Array<{ questionId: string; correct: boolean }>;
  submittedAt: Date;
  [key: string]: unknown;
}

export const QUIZ_INDEXES = [
  { collection: 'quizzes', fields: ['courseId'] },
  { collection: 'quizAttempts', fields: ['userId', 'lectureId', 'attemptNumber'], unique: true },
  { collection: 'quizAttempts', fields: ['courseId', 'lectureId'] },
] as const;

export const quizzesRepository = (store: Store) => store.collection<QuizDoc>('quizzes');
export const quizAttemptsRepository = (store: Store) => store.collection<QuizAttemptDoc>('quizAttempts');
