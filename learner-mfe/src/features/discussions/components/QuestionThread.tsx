import type { Answer, Question } from '@courseport/contracts';
import { DISCUSSION_BODY_MAX_LENGTH } from '@courseport/contracts/discussions';
import {
  Button,
  type InfiniteData,
  QueryStates,
  queryState,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  useToast,
} from '@courseport/shared-ui';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { RichText } from '../../../components/RichText';
import {
  acceptAnswer,
  answersQuery,
  deleteAnswer,
  deleteQuestion,
  discussionKeys,
  editAnswer,
  editQuestion,
  postAnswer,
  questionQuery,
  vote,
} from '../api/discussions';
import { Byline, TextForm, UpvoteButton } from './PostParts';

type AnswersData = InfiniteData<{ answers: Answer[]; nextCursor: string | null }, string | null>;

/** A question's answers, page by page. */
const useAnswers = (questionId: string) => useInfiniteQuery(answersQuery(questionId));

export interface QuestionThreadProps {
  questionId: string;
  courseId: string;
  /** The caller is the course's educator (they may accept an answer, as the asker may). */
  isEducator: boolean;
  /** Names the question's lesson. */
  lessonTitles: ReadonlyMap<string, string>;
  /** The lesson playing: a question on another one offers to open it. */
  lectureId: string | null;
  openLesson: (lectureId: string) => void;
  onBack: () => void;
}

/** A question, its answers (oldest first, Load more), and the form to answer it. */
export function QuestionThread({
  questionId,
  courseId,
  isEducator,
  lessonTitles,
  lectureId,
  openLesson,
  onBack,
}: QuestionThreadProps) {
  const client = useQueryClient();
  const toast = useToast();
  const question = useQuery(questionQuery(questionId));
  const answers = useAnswers(questionId);
  const heading = useRef<HTMLHeadingElement>(null);
  const [editing, setEditing] = useState(false);
  const loaded = question.data !== undefined;

  // The question opened: its title takes the focus, so a screen reader starts there.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const setQuestion = (next: Question) => client.setQueryData(discussionKeys.question(questionId), next);
  const refreshLists = () => client.invalidateQueries({ queryKey: discussionKeys.lists(courseId) });
  const patchAnswer = (id: string, patch: (answer: Answer) => Answer | null) =>
    client.setQueryData<AnswersData>(discussionKeys.answers(questionId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              answers: page.answers.flatMap((a) => {
                if (a._id !== id) return [a];
                const next = patch(a);
                return next ? [next] : [];
              }),
            })),
          }
        : data,
    );

  const voteQuestion = useMutation({
    mutationFn: (up: boolean) => vote('questions', questionId, up),
    onSuccess: (result) => {
      if (question.data) setQuestion({ ...question.data, ...result });
      void refreshLists();
    },
    onError: (error) => toast.failure(error, 'Failed to save your vote'),
  });
  const voteOnAnswer = useMutation({
    mutationFn: ({ id, up }: { id: string; up: boolean }) => vote('answers', id, up),
    onSuccess: (result, { id }) => patchAnswer(id, (a) => ({ ...a, ...result })),
    onError: (error) => toast.failure(error, 'Failed to save your vote'),
  });
  const answer = useMutation({
    mutationFn: (html: string) => postAnswer(questionId, html),
    onSuccess: ({ message }) => {
      toast.success(message || 'Answer posted');
      void client.invalidateQueries({ queryKey: discussionKeys.answers(questionId) });
      void client.invalidateQueries({ queryKey: discussionKeys.question(questionId) });
      void refreshLists();
    },
    onError: (error) => toast.failure(error, 'Failed to post your answer'),
  });
  const accept = useMutation({
    mutationFn: (answerId: string | null) => acceptAnswer(questionId, answerId),
    onSuccess: ({ question: next, message }) => {
      toast.success(message || 'Answer accepted');
      setQuestion(next);
      client.setQueryData<AnswersData>(discussionKeys.answers(questionId), (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                answers: page.answers.map((a) => ({ ...a, accepted: a._id === next.acceptedAnswerId })),
              })),
            }
          : data,
      );
      void refreshLists();
    },
    onError: (error) => toast.failure(error, 'Failed to accept the answer'),
  });
  const saveQuestion = useMutation({
    mutationFn: (edit: { title: string; body: string }) => editQuestion(questionId, edit),
    onSuccess: ({ question: next, message }) => {
      toast.success(message || 'Question updated');
      setQuestion(next);
      setEditing(false);
      void refreshLists();
    },
    onError: (error) => toast.failure(error, 'Failed to save your question'),
  });
  const removeQuestion = useMutation({
    mutationFn: () => deleteQuestion(questionId),
    onSuccess: (message) => {
      toast.success(message || 'Question deleted');
      void refreshLists();
      onBack();
    },
    onError: (error) => toast.failure(error, 'Failed to delete your question'),
  });

  const state = queryState(question, { fallback: 'Failed to load the question' });
  return (
    <div className="ln-qa-thread">
      <Button type="link" className="ln-qa-back" onClick={onBack}>
        ← All questions
      </Button>
      <QueryStates
        state={state}
        errorTitle="Could not load this question"
        onRetry={() => void question.refetch()}
        loadingText="Loading the question..."
      >
        {(q) => (
          <article className="ln-qa-question" aria-labelledby={`ln-qa-q-${q._id}`}>
            {editing ? (
              <QuestionEditor
                question={q}
                busy={saveQuestion.isPending}
                onSave={(edit) => saveQuestion.mutateAsync(edit)}
                onCancel={() => setEditing(false)}
              />
            ) : (
              <>
                <h3 id={`ln-qa-q-${q._id}`} className="ln-qa-title" ref={heading} tabIndex={-1}>
                  {q.title}
                </h3>
                {lessonTitles.has(q.lectureId) && (
                  <p className="ln-muted ln-qa-lesson">
                    {`Lesson: ${lessonTitles.get(q.lectureId)}`}
                    {q.lectureId !== lectureId && (
                      <Button size="small" type="link" onClick={() => openLesson(q.lectureId)}>
                        Go to this lesson
                      </Button>
                    )}
                  </p>
                )}
                <Byline author={q.author} byInstructor={q.byInstructor} createdAt={q.createdAt} editedAt={q.editedAt} />
                {q.hidden && <p className="ln-review-hidden">{`Hidden by a moderator: ${q.hidden.reason}`}</p>}
                {q.body && (
                  <RichText html={q.body} richKey={`question-${q._id}`} allow="discussion" className="ln-qa-body" />
                )}
                <div className="ln-qa-actions">
                  <UpvoteButton
                    count={q.upvotes}
                    pressed={q.votedByMe}
                    busy={voteQuestion.isPending}
                    what="this question"
                    onToggle={() => voteQuestion.mutate(!q.votedByMe)}
                  />
                  {q.mine && (
                    <>
                      <Button size="small" type="text" onClick={() => setEditing(true)}>
                        Edit
                      </Button>
                      <ConfirmDelete
                        what="question"
                        busy={removeQuestion.isPending}
                        onConfirm={() => removeQuestion.mutate()}
                      />
                    </>
                  )}
                </div>
              </>
            )}
            <AnswerList
              question={q}
              answers={answers}
              canAccept={q.mine || isEducator}
              accepting={accept.isPending}
              voting={voteOnAnswer.isPending}
              onAccept={(id) => accept.mutate(id)}
              onVote={(id, up) => voteOnAnswer.mutate({ id, up })}
              onChanged={(id, next) => {
                patchAnswer(id, () => next);
                if (next === null) {
                  void client.invalidateQueries({ queryKey: discussionKeys.question(questionId) });
                  void refreshLists();
                }
              }}
            />
            {!q.hidden && (
              <TextForm
                label="Your answer"
                submitLabel="Post answer"
                busy={answer.isPending}
                maxLength={DISCUSSION_BODY_MAX_LENGTH}
                onSubmit={(html) => answer.mutateAsync(html)}
              />
            )}
          </article>
        )}
      </QueryStates>
    </div>
  );
}

function QuestionEditor({
  question,
  busy,
  onSave,
  onCancel,
}: {
  question: Question;
  busy: boolean;
  onSave: (edit: { title: string; body: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [title, setTitle] = useState(question.title);
  return (
    <div className="ln-qa-edit">
      <label className="ln-qa-label" htmlFor={`ln-qa-edit-title-${question._id}`}>
        Title
      </label>
      <input
        id={`ln-qa-edit-title-${question._id}`}
        className="ln-input"
        value={title}
        onChange={(event) => setTitle(event.target.value)}
        disabled={busy}
      />
      <TextForm
        label="Details"
        submitLabel="Save question"
        initial={question.body}
        eager
        busy={busy}
        maxLength={DISCUSSION_BODY_MAX_LENGTH}
        onSubmit={(html) => onSave({ title: title.trim(), body: html })}
        onCancel={onCancel}
      />
    </div>
  );
}

interface AnswerListProps {
  question: Question;
  answers: ReturnType<typeof useAnswers>;
  canAccept: boolean;
  accepting: boolean;
  voting: boolean;
  onAccept: (answerId: string | null) => void;
  onVote: (answerId: string, up: boolean) => void;
  onChanged: (answerId: string, next: Answer | null) => void;
}

function AnswerList({ question, answers, canAccept, accepting, voting, onAccept, onVote, onChanged }: AnswerListProps) {
  const list = answers.data?.pages.flatMap((page) => page.answers);
  const state = queryState(
    { data: list, error: answers.error, isError: answers.isError, isFetching: answers.isFetching },
    { fallback: 'Failed to load the answers' },
  );
  const count = question.answerCount;
  return (
    <section className="ln-qa-answers" aria-label="Answers">
      <h4 className="ln-qa-answers-title">{count === 1 ? '1 answer' : `${count} answers`}</h4>
      <QueryStates
        state={state}
        errorTitle="Could not load the answers"
        onRetry={() => void answers.refetch()}
        loadingText="Loading answers..."
        empty={<p className="ln-muted">No answers yet. Know the answer? Write it below.</p>}
      >
        {(items) => (
          <>
            <ul className="ln-qa-answer-list">
              {items.map((a) => (
                <AnswerItem
                  key={a._id}
                  answer={a}
                  canAccept={canAccept}
                  accepting={accepting}
                  voting={voting}
                  onAccept={() => onAccept(a.accepted ? null : a._id)}
                  onVote={() => onVote(a._id, !a.votedByMe)}
                  onChanged={(next) => onChanged(a._id, next)}
                />
              ))}
            </ul>
            {answers.hasNextPage && (
              <Button loading={answers.isFetchingNextPage} onClick={() => void answers.fetchNextPage()}>
                Load more answers
              </Button>
            )}
          </>
        )}
      </QueryStates>
    </section>
  );
}

function AnswerItem({
  answer,
  canAccept,
  accepting,
  voting,
  onAccept,
  onVote,
  onChanged,
}: {
  answer: Answer;
  canAccept: boolean;
  accepting: boolean;
  voting: boolean;
  onAccept: () => void;
  onVote: () => void;
  onChanged: (next: Answer | null) => void;
}) {
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const save = useMutation({
    mutationFn: (html: string) => editAnswer(answer._id, html),
    onSuccess: ({ answer: next, message }) => {
      toast.success(message || 'Answer updated');
      setEditing(false);
      onChanged(next);
    },
    onError: (error) => toast.failure(error, 'Failed to save your answer'),
  });
  const remove = useMutation({
    mutationFn: () => deleteAnswer(answer._id),
    onSuccess: (message) => {
      toast.success(message || 'Answer deleted');
      onChanged(null);
    },
    onError: (error) => toast.failure(error, 'Failed to delete your answer'),
  });
  return (
    <li className={answer.accepted ? 'ln-qa-answer ln-qa-answer-accepted' : 'ln-qa-answer'}>
      {answer.accepted && <p className="ln-qa-accepted">✓ Accepted answer</p>}
      <Byline
        author={answer.author}
        byInstructor={answer.byInstructor}
        createdAt={answer.createdAt}
        editedAt={answer.editedAt}
      />
      {answer.hidden && <p className="ln-review-hidden">{`Hidden by a moderator: ${answer.hidden.reason}`}</p>}
      {editing ? (
        <TextForm
          label="Edit your answer"
          submitLabel="Save answer"
          initial={answer.body}
          eager
          busy={save.isPending}
          maxLength={DISCUSSION_BODY_MAX_LENGTH}
          onSubmit={(html) => save.mutateAsync(html)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <RichText html={answer.body} richKey={`answer-${answer._id}`} allow="discussion" className="ln-qa-body" />
      )}
      <div className="ln-qa-actions">
        <UpvoteButton
          count={answer.upvotes}
          pressed={answer.votedByMe}
          busy={voting}
          what={`the answer by ${answer.author.name}`}
          onToggle={onVote}
        />
        {canAccept && (
          <Button size="small" loading={accepting} onClick={onAccept} aria-pressed={answer.accepted}>
            Accept answer
          </Button>
        )}
        {answer.mine && !editing && (
          <>
            <Button size="small" type="text" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <ConfirmDelete what="answer" busy={remove.isPending} onConfirm={() => remove.mutate()} />
          </>
        )}
      </div>
    </li>
  );
}
