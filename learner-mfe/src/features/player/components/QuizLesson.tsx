import {
  Button,
  errorText,
  formatDate,
  type Lecture,
  plural,
  QueryStates,
  type QuizAnswer,
  type QuizAttemptResult,
  type StudentQuiz,
  type StudentQuizQuestion,
} from '@courseport/shared-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AlertIcon, CheckIcon } from '../../../components/icons';
import { useQuiz } from '../hooks/useQuiz';

export interface QuizLessonProps {
  courseId: string;
  lecture: Lecture;
  /** The educator previewing as a student: the quiz shows, attempts are not sent. */
  preview?: boolean;
}

/**
 * A quiz lesson: its questions as a form (one answer: radio buttons; several: checkboxes; a short
 * text: a text field), each a fieldset named by its question. After submitting, the result (its
 * heading takes the focus), each question's feedback and "Try again" while attempts are left.
 */
export function QuizLesson({ courseId, lecture, preview = false }: QuizLessonProps) {
  const quiz = useQuiz(courseId, lecture.lectureId);
  /** After "Try again" the first answer takes the focus (the button is gone). */
  const [retrying, setRetrying] = useState(false);
  return (
    <div className="ln-lesson-body ln-quiz">
      <QueryStates
        state={quiz.state}
        loadingText="Loading the quiz..."
        errorTitle="Could not load the quiz"
        onRetry={quiz.retry}
      >
        {(data) =>
          quiz.result ? (
            <QuizResult
              quiz={data}
              result={quiz.result}
              onTryAgain={() => {
                setRetrying(true);
                quiz.tryAgain();
              }}
            />
          ) : (
            <QuizForm
              key={data.attemptsUsed}
              quiz={data}
              preview={preview}
              focusFirst={retrying}
              submitting={quiz.submitting}
              submitError={quiz.submitError}
              onSubmit={quiz.submit}
            />
          )
        }
      </QueryStates>
    </div>
  );
}

const attemptsLeftText = (left: number | null) =>
  left === null ? null : left === 0 ? 'No attempts left' : `${plural(left, 'attempt')} left`;

function QuizSummaryLine({ quiz }: { quiz: StudentQuiz }) {
  const parts = [plural(quiz.questions.length, 'question'), `Pass mark ${quiz.passPercent}%`];
  const left = attemptsLeftText(quiz.attemptsLeft);
  if (left) parts.push(left);
  return <p className="ln-muted ln-quiz-summary">{parts.join(' · ')}</p>;
}

type Answers = Record<string, { optionIds: string[]; text: string }>;

const answered = (question: StudentQuizQuestion, answers: Answers) => {
  const answer = answers[question.questionId];
  return question.kind === 'text' ? (answer?.text.trim() ?? '') !== '' : (answer?.optionIds.length ?? 0) > 0;
};

function QuizForm({
  quiz,
  preview,
  focusFirst,
  submitting,
  submitError,
  onSubmit,
}: {
  quiz: StudentQuiz;
  preview: boolean;
  focusFirst: boolean;
  submitting: boolean;
  submitError: unknown;
  onSubmit: (answers: QuizAnswer[]) => void;
}) {
  const [answers, setAnswers] = useState<Answers>({});
  const [missing, setMissing] = useState(0);
  const id = useId();
  const noneLeft = quiz.attemptsLeft === 0;
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusFirst) form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, [focusFirst]);

  const set = (questionId: string, change: Partial<Answers[string]>) =>
    setAnswers((old) => ({ ...old, [questionId]: { optionIds: [], text: '', ...old[questionId], ...change } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const unanswered = quiz.questions.filter((question) => !answered(question, answers)).length;
    setMissing(unanswered);
    if (unanswered > 0 || preview) return;
    onSubmit(
      quiz.questions.map((question) =>
        question.kind === 'text'
          ? { questionId: question.questionId, text: answers[question.questionId]?.text ?? '' }
          : { questionId: question.questionId, optionIds: answers[question.questionId]?.optionIds ?? [] },
      ),
    );
  };

  const failure = submitError ? errorText(submitError, 'Could not submit your answers') : null;
  return (
    <>
      <QuizSummaryLine quiz={quiz} />
      {quiz.passed && (
        <p className="ln-quiz-status ln-quiz-passed">
          <CheckIcon className="ln-quiz-status-icon" />
          {`You passed this quiz${quiz.bestPercent === null ? '' : ` (best score ${quiz.bestPercent}%)`}.`}
        </p>
      )}
      {noneLeft ? (
        <p className="ln-quiz-status">You have no attempts left for this quiz.</p>
      ) : quiz.questions.length === 0 ? (
        <p className="ln-muted">This quiz has no questions yet.</p>
      ) : (
        <form ref={form} className="ln-quiz-form" onSubmit={submit} noValidate aria-label="Quiz questions">
          {quiz.questions.map((question, index) => {
            const name = `${id}-${question.questionId}`;
            const current = answers[question.questionId];
            return (
              <fieldset key={question.questionId} className="ln-quiz-question">
                <legend className="ln-quiz-prompt">{`${index + 1}. ${question.prompt}`}</legend>
                {question.kind === 'multiple' && (
                  <p className="ln-muted ln-quiz-hint">Choose every answer that applies.</p>
                )}
                {question.kind === 'text' ? (
                  <label className="ln-quiz-text">
                    <span>Your answer</span>
                    <input
                      type="text"
                      name={name}
                      value={current?.text ?? ''}
                      autoComplete="off"
                      onChange={(event) => set(question.questionId, { text: event.target.value })}
                    />
                  </label>
                ) : (
                  question.options.map((option) => {
                    const checked = current?.optionIds.includes(option.optionId) ?? false;
                    return (
                      <label key={option.optionId} className="ln-quiz-option">
                        <input
                          type={question.kind === 'single' ? 'radio' : 'checkbox'}
                          name={name}
                          value={option.optionId}
                          checked={checked}
                          onChange={(event) => {
                            const others = (current?.optionIds ?? []).filter((o) => o !== option.optionId);
                            set(question.questionId, {
                              optionIds:
                                question.kind === 'single'
                                  ? [option.optionId]
                                  : event.target.checked
                                    ? [...others, option.optionId]
                                    : others,
                            });
                          }}
                        />
                        <span>{option.text}</span>
                      </label>
                    );
                  })
                )}
              </fieldset>
            );
          })}
          {missing > 0 && (
            <p className="ln-form-error" role="alert">
              {`Answer every question before submitting (${plural(missing, 'question')} unanswered).`}
            </p>
          )}
          {failure && (
            <p className="ln-form-error" role="alert">
              {failure}
            </p>
          )}
          {preview && <p className="ln-muted">Preview as student: attempts are not sent.</p>}
          <Button type="primary" htmlType="submit" loading={submitting} disabled={preview}>
            Submit answers
          </Button>
        </form>
      )}
      <EarlierAttempts attempts={quiz.attempts} level={2} />
    </>
  );
}

function correctAnswer(question: StudentQuizQuestion | undefined, feedback: QuizAttemptResult['feedback'][number]) {
  if (feedback.acceptedAnswers?.length) return feedback.acceptedAnswers.join(', ');
  if (!feedback.correctOptionIds?.length) return null;
  return feedback.correctOptionIds
    .map((optionId) => question?.options.find((option) => option.optionId === optionId)?.text ?? optionId)
    .join(', ');
}

function QuizResult({
  quiz,
  result,
  onTryAgain,
}: {
  quiz: StudentQuiz;
  result: QuizAttemptResult;
  onTryAgain: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Screen readers hear the result at once: the focus moves to its heading.
  useEffect(() => heading.current?.focus(), []);
  const questions = new Map(quiz.questions.map((question) => [question.questionId, question]));
  const left = attemptsLeftText(quiz.attemptsLeft);
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className="ln-lesson-subtitle ln-quiz-result-title">
        {result.passed ? 'Quiz result: Passed' : 'Quiz result: Not passed'}
      </h2>
      <p className={result.passed ? 'ln-quiz-status ln-quiz-passed' : 'ln-quiz-status ln-quiz-failed'}>
        {result.passed ? <CheckIcon className="ln-quiz-status-icon" /> : <AlertIcon className="ln-quiz-status-icon" />}
        {`You scored ${result.score} of ${result.maxScore} (${result.percent}%). The pass mark is ${quiz.passPercent}%.`}
      </p>
      {result.passed && <p className="ln-muted">This lesson is complete.</p>}
      <ol className="ln-quiz-feedback">
        {result.feedback.map((feedback, index) => {
          const question = questions.get(feedback.questionId);
          const key = correctAnswer(question, feedback);
          return (
            <li key={feedback.questionId} className="ln-quiz-feedback-item">
              <p className="ln-quiz-prompt">{question?.prompt ?? `Question ${index + 1}`}</p>
              <p className={feedback.correct ? 'ln-quiz-verdict ln-quiz-passed' : 'ln-quiz-verdict ln-quiz-failed'}>
                {feedback.correct ? (
                  <CheckIcon className="ln-quiz-status-icon" />
                ) : (
                  <AlertIcon className="ln-quiz-status-icon" />
                )}
                {feedback.correct ? 'Correct' : 'Incorrect'}
              </p>
              {key && <p className="ln-quiz-key">{`Correct answer: ${key}`}</p>}
              {feedback.explanation && <p className="ln-muted ln-quiz-explanation">{feedback.explanation}</p>}
            </li>
          );
        })}
      </ol>
      {left && <p className="ln-quiz-left">{left}</p>}
      <Button onClick={onTryAgain} disabled={quiz.attemptsLeft === 0}>
        Try again
      </Button>
      <EarlierAttempts attempts={quiz.attempts} level={3} />
    </>
  );
}

/** The student's attempts, newest first: a section of the quiz (h2), or of its result (h3). */
function EarlierAttempts({ attempts, level }: { attempts: readonly QuizAttemptResult[]; level: 2 | 3 }) {
  if (attempts.length === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className="ln-quiz-attempts" aria-labelledby="ln-quiz-attempts-title">
      <Heading id="ln-quiz-attempts-title" className="ln-lesson-subtitle">
        Earlier attempts
      </Heading>
      <ul>
        {attempts.map((attempt) => (
          <li key={attempt.attemptId}>
            {`Attempt ${attempt.attemptNumber}: ${attempt.score} of ${attempt.maxScore} (${attempt.percent}%) · ${
              attempt.passed ? 'Passed' : 'Not passed'
            } · ${formatDate(attempt.submittedAt)}`}
          </li>
        ))}
      </ul>
    </section>
  );
}
