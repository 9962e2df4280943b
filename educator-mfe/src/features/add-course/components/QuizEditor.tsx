import { Button, QUESTION_KINDS, type QuestionKind } from '@courseport/shared-ui';
import { Input } from '@courseport/shared-ui/antd/input';
import { InputNumber } from '@courseport/shared-ui/antd/input-number';
import { type KeyboardEvent, useState } from 'react';
import { CloseIcon, DownIcon, UpIcon } from '../../../components/icons';
import { moveItem } from '../hooks/chapters';
import {
  newOption,
  newQuestion,
  type OptionDraft,
  QUESTION_KIND_LABELS,
  type QuestionDraft,
  type QuizDraft,
  withKind,
} from '../hooks/quiz';
import type { LectureProblems } from '../hooks/validation';
import { FieldError } from './FieldError';

const MAX_OPTIONS = 10;
const MAX_ANSWERS = 20;
const MAX_QUESTIONS = 100;

interface QuizEditorProps {
  /** Prefix of every control's id (`${idPrefix}-quizDefinition.passPercent`...). */
  idPrefix: string;
  quiz: QuizDraft;
  onChange: (quiz: QuizDraft) => void;
  problems: LectureProblems;
}

/**
 * The quiz of a quiz lesson: its settings (pass mark, attempts, shuffling) and its questions, each
 * with its kind, options and correct markers (a radio for one answer, checkboxes for several) or
 * accepted answers (short text), and an explanation. Questions move with buttons. Every control has
 * a label; each problem shows under its control, tied to it by `aria-describedby`.
 */
export function QuizEditor({ idPrefix, quiz, onChange, problems }: QuizEditorProps) {
  const idOf = (key: string) => `${idPrefix}-quizDefinition${key ? `.${key}` : ''}`;
  /** The props that tie a control to its problem (none when it has none). */
  const described = (key: string) => {
    const problem = problems[`quizDefinition${key ? `.${key}` : ''}`];
    return problem ? { 'aria-invalid': true, 'aria-describedby': `${idOf(key)}-error`, status: 'error' as const } : {};
  };
  const error = (key: string) => (
    <FieldError id={`${idOf(key)}-error`} message={problems[`quizDefinition${key ? `.${key}` : ''}`]} />
  );

  const set = (patch: Partial<QuizDraft>) => onChange({ ...quiz, ...patch });
  const setQuestion = (index: number, question: QuestionDraft) =>
    set({ questions: quiz.questions.map((q, i) => (i === index ? question : q)) });

  return (
    <div className="ed-quiz">
      <fieldset className="ed-quiz-settings">
        <legend className="ed-field-label">Quiz settings</legend>
        <div className="ed-quiz-settings-row">
          <div className="ed-field">
            <label htmlFor={idOf('passPercent')}>Pass mark (%)</label>
            <InputNumber
              id={idOf('passPercent')}
              value={quiz.passPercent}
              onChange={(value) => set({ passPercent: typeof value === 'number' ? value : null })}
              {...described('passPercent')}
            />
            {error('passPercent')}
          </div>
          <div className="ed-field">
            <Toggle
              checked={quiz.limitAttempts}
              onChange={(limitAttempts) => set({ limitAttempts })}
              label="Limit attempts"
            />
            {quiz.limitAttempts ? (
              <>
                <label htmlFor={idOf('maxAttempts')}>Attempts allowed</label>
                <InputNumber
                  id={idOf('maxAttempts')}
                  value={quiz.maxAttempts}
                  onChange={(value) => set({ maxAttempts: typeof value === 'number' ? value : null })}
                  {...described('maxAttempts')}
                />
                {error('maxAttempts')}
              </>
            ) : (
              <span className="ed-hint">Unlimited attempts</span>
            )}
          </div>
        </div>
        <Toggle
          checked={quiz.shuffleQuestions}
          onChange={(shuffleQuestions) => set({ shuffleQuestions })}
          label="Shuffle questions"
        />
        <Toggle
          checked={quiz.shuffleOptions}
          onChange={(shuffleOptions) => set({ shuffleOptions })}
          label="Shuffle options"
        />
      </fieldset>

      <ol className="ed-questions" aria-label="Questions">
        {quiz.questions.map((question, index) => (
          <QuestionEditor
            key={question.key}
            question={question}
            index={index}
            count={quiz.questions.length}
            idOf={idOf}
            described={described}
            error={error}
            onChange={(next) => setQuestion(index, next)}
            onMove={(to) => set({ questions: moveItem(quiz.questions, index, to) })}
            onRemove={() => set({ questions: quiz.questions.filter((_, i) => i !== index) })}
          />
        ))}
      </ol>
      {error('questions')}
      {error('')}
      <Button
        type="dashed"
        block
        disabled={quiz.questions.length >= MAX_QUESTIONS}
        onClick={() => set({ questions: [...quiz.questions, newQuestion()] })}
      >
        + Add question
      </Button>
    </div>
  );
}

interface QuestionEditorProps {
  question: QuestionDraft;
  index: number;
  count: number;
  idOf: (key: string) => string;
  described: (key: string) => object;
  error: (key: string) => React.ReactNode;
  onChange: (question: QuestionDraft) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

function QuestionEditor({
  question,
  index,
  count,
  idOf,
  described,
  error,
  onChange,
  onMove,
  onRemove,
}: QuestionEditorProps) {
  const number = index + 1;
  const base = `questions.${index}`;
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...question, ...patch });
  const setOption = (o: number, patch: Partial<OptionDraft>) =>
    set({ options: question.options.map((option, i) => (i === o ? { ...option, ...patch } : option)) });
  const markCorrect = (o: number, correct: boolean) =>
    set({
      options: question.options.map((option, i) =>
        question.kind === 'single' ? { ...option, correct: i === o } : i === o ? { ...option, correct } : option,
      ),
    });
  const optionsProblem = (described(`${base}.options`) as { 'aria-describedby'?: string })['aria-describedby'];

  return (
    <li className="ed-question">
      <fieldset className="ed-question-fields">
        <legend className="ed-question-legend">{`Question ${number}`}</legend>
        <div className="ed-question-tools">
          <button
            type="button"
            className="ed-icon-button"
            aria-label={`Move question ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
          >
            <UpIcon />
          </button>
          <button
            type="button"
            className="ed-icon-button"
            aria-label={`Move question ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
          >
            <DownIcon />
          </button>
          <button type="button" className="ed-icon-button" aria-label={`Remove question ${number}`} onClick={onRemove}>
            <CloseIcon />
          </button>
        </div>

        <fieldset className="ed-radio-row">
          <legend className="ed-field-label">Answer type</legend>
          {QUESTION_KINDS.map((kind: QuestionKind) => (
            <label key={kind} className="ed-radio">
              <input
                type="radio"
                name={`${idOf(base)}-kind`}
                value={kind}
                checked={question.kind === kind}
                onChange={() => onChange(withKind(question, kind))}
              />
              {QUESTION_KIND_LABELS[kind]}
            </label>
          ))}
        </fieldset>

        <div className="ed-field">
          <label htmlFor={idOf(`${base}.prompt`)}>Question text</label>
          <Input.TextArea
            id={idOf(`${base}.prompt`)}
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            value={question.prompt}
            onChange={(event) => set({ prompt: event.target.value })}
            {...described(`${base}.prompt`)}
          />
          {error(`${base}.prompt`)}
        </div>

        {question.kind === 'text' ? (
          <AcceptedAnswers
            id={idOf(`${base}.acceptedAnswers`)}
            answers={question.acceptedAnswers}
            described={described(`${base}.acceptedAnswers`)}
            onChange={(acceptedAnswers) => set({ acceptedAnswers })}
            error={error(`${base}.acceptedAnswers`)}
          />
        ) : (
          <fieldset className="ed-options" aria-describedby={optionsProblem}>
            <legend className="ed-field-label">
              {question.kind === 'single' ? 'Options (mark the correct one)' : 'Options (mark every correct one)'}
            </legend>
            <ul className="ed-option-list">
              {question.options.map((option, o) => (
                <li key={option.key} className="ed-option">
                  {question.kind === 'single' ? (
                    <input
                      type="radio"
                      name={`${idOf(base)}-correct`}
                      aria-label={`Option ${o + 1} is the correct answer`}
                      checked={option.correct}
                      onChange={() => markCorrect(o, true)}
                    />
                  ) : (
                    <input
                      type="checkbox"
                      aria-label={`Option ${o + 1} is correct`}
                      checked={option.correct}
                      onChange={(event) => markCorrect(o, event.target.checked)}
                    />
                  )}
                  <Input
                    id={idOf(`${base}.options.${o}`)}
                    aria-label={`Option ${o + 1}`}
                    maxLength={500}
                    value={option.text}
                    onChange={(event) => setOption(o, { text: event.target.value })}
                    {...described(`${base}.options.${o}`)}
                  />
                  <button
                    type="button"
                    className="ed-icon-button"
                    aria-label={`Remove option ${o + 1}`}
                    onClick={() => set({ options: question.options.filter((_, i) => i !== o) })}
                  >
                    <CloseIcon />
                  </button>
                  {error(`${base}.options.${o}`)}
                </li>
              ))}
            </ul>
            {error(`${base}.options`)}
            <Button
              type="link"
              disabled={question.options.length >= MAX_OPTIONS}
              onClick={() => set({ options: [...question.options, newOption()] })}
            >
              + Add option
            </Button>
          </fieldset>
        )}

        <div className="ed-field">
          <label htmlFor={idOf(`${base}.explanation`)}>Explanation (shown after submitting)</label>
          <Input.TextArea
            id={idOf(`${base}.explanation`)}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={2000}
            value={question.explanation}
            onChange={(event) => set({ explanation: event.target.value })}
            {...described(`${base}.explanation`)}
          />
          {error(`${base}.explanation`)}
        </div>
        {error(base)}
      </fieldset>
    </li>
  );
}

/** A short-text question's accepted answers: a list of tags, added with Enter or the Add button. */
function AcceptedAnswers({
  id,
  answers,
  described,
  onChange,
  error,
}: {
  id: string;
  answers: string[];
  described: object;
  onChange: (answers: string[]) => void;
  error: React.ReactNode;
}) {
  const [typed, setTyped] = useState('');
  const add = () => {
    const answer = typed.trim();
    if (!answer) return;
    if (!answers.some((a) => a.toLowerCase() === answer.toLowerCase())) onChange([...answers, answer]);
    setTyped('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className="ed-field">
      <label htmlFor={id}>Accepted answers (case and spacing are ignored)</label>
      {answers.length > 0 && (
        <ul className="ed-answer-tags" aria-label="Accepted answers">
          {answers.map((answer) => (
            <li key={answer} className="ed-answer-tag">
              <span>{answer}</span>
              <button
                type="button"
                className="ed-icon-button"
                aria-label={`Remove accepted answer '${answer}'`}
                onClick={() => onChange(answers.filter((a) => a !== answer))}
              >
                <CloseIcon size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="ed-answer-add">
        <Input
          id={id}
          maxLength={200}
          value={typed}
          disabled={answers.length >= MAX_ANSWERS}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={onKeyDown}
          {...described}
        />
        <Button onClick={add} disabled={!typed.trim() || answers.length >= MAX_ANSWERS}>
          Add answer
        </Button>
      </div>
      {error}
    </div>
  );
}

/** An on/off setting: a native checkbox with the switch role (Space toggles it), labelled. */
function Toggle({ checked, onChange, label }: { checked: boolean; onChange: (on: boolean) => void; label: string }) {
  return (
    <label className="ed-switch">
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
