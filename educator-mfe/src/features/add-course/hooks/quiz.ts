import type { LessonInput, QuestionKind, QuizDefinition } from '@courseport/shared-ui';
import { newId } from './ids';

/** An option being written; `key` is the editor's own (the saved `optionId` for a saved option). */
export interface OptionDraft {
  key: string;
  optionId?: string;
  text: string;
  correct: boolean;
}

/** A question being written; `key` is the editor's own (the saved `questionId` for a saved question). */
export interface QuestionDraft {
  key: string;
  questionId?: string;
  kind: QuestionKind;
  prompt: string;
  options: OptionDraft[];
  acceptedAnswers: string[];
  explanation: string;
}

/** A quiz being written. The numbers are null while their field is empty. */
export interface QuizDraft {
  passPercent: number | null;
  /** false: no limit on attempts. */
  limitAttempts: boolean;
  maxAttempts: number | null;
  shuffleQuestions: boolean;
  shuffleOptions: boolean;
  questions: QuestionDraft[];
}

export type QuizInput = NonNullable<LessonInput['quizDefinition']>;

export const QUESTION_KIND_LABELS: Record<QuestionKind, string> = {
  single: 'One answer',
  multiple: 'Several answers',
  text: 'Short text',
};

export const newOption = (): OptionDraft => ({ key: newId(), text: '', correct: false });

export const newQuestion = (kind: QuestionKind = 'single'): QuestionDraft => ({
  key: newId(),
  kind,
  prompt: '',
  options: kind === 'text' ? [] : [newOption(), newOption()],
  acceptedAnswers: [],
  explanation: '',
});

/** A new quiz: one empty question, pass mark 70 %, unlimited attempts, nothing shuffled. */
export const newQuiz = (): QuizDraft => ({
  passPercent: 70,
  limitAttempts: false,
  maxAttempts: 3,
  shuffleQuestions: false,
  shuffleOptions: false,
  questions: [newQuestion()],
});

/** The owner's saved quiz as a draft (ids kept, so an edit sends them back). */
export function quizDraftOf(quiz: QuizDefinition): QuizDraft {
  return {
    passPercent: quiz.passPercent,
    limitAttempts: quiz.maxAttempts !== null,
    maxAttempts: quiz.maxAttempts ?? 3,
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleOptions: quiz.shuffleOptions,
    questions: quiz.questions.map((question) => ({
      key: question.questionId,
      questionId: question.questionId,
      kind: question.kind,
      prompt: question.prompt,
      options: question.options.map((option) => ({
        key: option.optionId,
        optionId: option.optionId,
        text: option.text,
        correct: option.correct,
      })),
      acceptedAnswers: [...question.acceptedAnswers],
      explanation: question.explanation,
    })),
  };
}

/** An empty number field as the schema sees it: not a number ("must be a number"), never a silent default. */
const numberOrNaN = (value: number | null) => (value === null ? Number.NaN : value);

/**
 * The quiz as the course form sends it (`LessonInput['quizDefinition']`): saved questions and options
 * with their ids, new ones without; a short-text question has no option, the others no accepted answer.
 */
export function toQuizInput(quiz: QuizDraft): QuizInput {
  return {
    passPercent: numberOrNaN(quiz.passPercent),
    maxAttempts: quiz.limitAttempts ? numberOrNaN(quiz.maxAttempts) : null,
    shuffleQuestions: quiz.shuffleQuestions,
    shuffleOptions: quiz.shuffleOptions,
    questions: quiz.questions.map((question) => ({
      ...(question.questionId ? { questionId: question.questionId } : {}),
      kind: question.kind,
      prompt: question.prompt.trim(),
      options:
        question.kind === 'text'
          ? []
          : question.options.map((option) => ({
              ...(option.optionId ? { optionId: option.optionId } : {}),
              text: option.text.trim(),
              correct: option.correct,
            })),
      acceptedAnswers: question.kind === 'text' ? question.acceptedAnswers : [],
      explanation: question.explanation.trim(),
    })),
  };
}

/** A question switched to another kind: options kept (one correct at most for one answer). */
export function withKind(question: QuestionDraft, kind: QuestionKind): QuestionDraft {
  if (kind === question.kind) return question;
  let options = question.options.length >= 2 || kind === 'text' ? question.options : [newOption(), newOption()];
  if (kind === 'single') {
    const first = options.findIndex((option) => option.correct);
    options = options.map((option, index) => ({ ...option, correct: index === first }));
  }
  return { ...question, kind, options };
}
