import type { DiscussionSort, Question } from '@courseport/contracts';
import {
  DISCUSSION_BODY_MAX_LENGTH,
  DISCUSSION_SEARCH_MAX_LENGTH,
  QUESTION_TITLE_MAX_LENGTH,
  QUESTION_TITLE_MIN_LENGTH,
} from '@courseport/contracts/discussions';
import {
  Button,
  EmptyState,
  QueryStates,
  queryState,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  useSearchParams,
  useSession,
  useToast,
} from '@courseport/shared-ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { PostEditor } from '../../../components/post-editor/PostEditor';
import { type LessonTabProps, shortDate } from '../../../lib/lesson';
import { askQuestion, discussionKeys, type QuestionsFilter, questionsQuery } from '../api/discussions';
import { QuestionThread } from './QuestionThread';

const SORTS: ReadonlyArray<{ value: DiscussionSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'top', label: 'Most upvoted' },
  { value: 'unanswered', label: 'Unanswered' },
];

/**
 * The Q&A tab (#35): the lesson's questions (or, switched, the whole course's), searched and
 * sorted, page by page; ask one; open one to read and write its answers. A notification's link
 * (`/player/<courseId>?question=<id>`) opens its question.
 */
export function QuestionsPanel({
  courseId,
  lectureId,
  lectureTitle,
  educatorId,
  lessonTitles,
  openLesson,
}: LessonTabProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = searchParams.get('question');
  const [openId, setOpenId] = useState<string | null>(linked);
  const [wholeCourse, setWholeCourse] = useState(lectureId === null);
  const [sort, setSort] = useState<DiscussionSort>('newest');
  const [q, setQ] = useState('');
  const [asking, setAsking] = useState(false);
  /** The question last opened: back in the list, its title has the focus again. */
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const open = (id: string) => {
    setLastOpened(id);
    setOpenId(id);
  };
  const userId = useSession((s) => s.user?._id ?? null);
  const isEducator = userId !== null && userId === educatorId;
  const ids = useId();

  const close = () => {
    setOpenId(null);
    if (searchParams.has('question')) {
      const next = new URLSearchParams(searchParams);
      next.delete('question');
      setSearchParams(next, { replace: true });
    }
  };

  if (openId) {
    return (
      <QuestionThread
        questionId={openId}
        courseId={courseId}
        isEducator={isEducator}
        lessonTitles={lessonTitles}
        lectureId={lectureId}
        openLesson={(id) => openLesson(id)}
        onBack={close}
      />
    );
  }

  const scopeLesson = wholeCourse || lectureId === null ? null : lectureId;
  const filter: QuestionsFilter = { courseId, lectureId: scopeLesson, q, sort };
  return (
    <div className="ln-qa">
      <div className="ln-qa-toolbar">
        <SearchBox key={q} initial={q} onSearch={setQ} />
        <div className="ln-qa-filters">
          <label className="ln-qa-inline" htmlFor={`${ids}-sort`}>
            Sort by
            <select
              id={`${ids}-sort`}
              className="ln-select"
              value={sort}
              onChange={(event) => setSort(event.target.value as DiscussionSort)}
            >
              {SORTS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </label>
          {lectureId !== null && (
            <label className="ln-qa-inline">
              <input type="checkbox" checked={wholeCourse} onChange={(event) => setWholeCourse(event.target.checked)} />
              All lessons in this course
            </label>
          )}
        </div>
      </div>
      {lectureId !== null &&
        (asking ? (
          <AskForm
            courseId={courseId}
            lectureId={lectureId}
            lectureTitle={lectureTitle}
            onDone={(question) => {
              setAsking(false);
              if (question) open(question._id);
            }}
          />
        ) : (
          <Button type="primary" className="ln-qa-ask" onClick={() => setAsking(true)}>
            Ask a question
          </Button>
        ))}
      <QuestionList
        filter={filter}
        lessonTitles={wholeCourse ? lessonTitles : null}
        searching={q !== ''}
        focusId={lastOpened}
        onOpen={open}
      />
    </div>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="ln-qa-search" onSubmit={submit}>
      <label htmlFor={id} className="cp-visually-hidden">
        Search questions
      </label>
      <input
        id={id}
        type="search"
        className="ln-input"
        placeholder="Search questions"
        value={text}
        maxLength={DISCUSSION_SEARCH_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
      />
      <Button htmlType="submit">Search</Button>
      {initial && (
        <Button type="text" onClick={() => onSearch('')}>
          Clear
        </Button>
      )}
    </form>
  );
}

function QuestionList({
  filter,
  lessonTitles,
  searching,
  focusId,
  onOpen,
}: {
  filter: QuestionsFilter;
  /** Names each question's lesson (the whole course's list). */
  lessonTitles: ReadonlyMap<string, string> | null;
  searching: boolean;
  /** The question whose title takes the focus when the list shows (the one just read). */
  focusId: string | null;
  onOpen: (id: string) => void;
}) {
  const query = useInfiniteQuery(questionsQuery(filter));
  const questions = query.data?.pages.flatMap((page) => page.questions);
  const state = queryState(
    { data: questions, error: query.error, isError: query.isError, isFetching: query.isFetching },
    { fallback: 'Failed to load the questions' },
  );
  const emptyText = searching
    ? 'No question matches your search. Try other words, or ask it yourself.'
    : filter.sort === 'unanswered'
      ? 'Every question has an answer.'
      : filter.lectureId
        ? 'Nobody has asked about this lesson yet. Stuck on something? Ask the first question.'
        : 'Nobody has asked a question in this course yet.';
  return (
    <QueryStates
      state={state}
      errorTitle="Could not load the questions"
      onRetry={() => void query.refetch()}
      loadingText="Loading questions..."
      empty={<EmptyState title="No questions yet" description={<p className="ln-muted">{emptyText}</p>} />}
    >
      {(items) => (
        <>
          <ul className="ln-qa-list" aria-label="Questions">
            {items.map((question) => (
              <QuestionRow
                key={question._id}
                question={question}
                lessonTitle={lessonTitles?.get(question.lectureId) ?? null}
                focus={question._id === focusId}
                onOpen={() => onOpen(question._id)}
              />
            ))}
          </ul>
          {query.hasNextPage && (
            <Button
              className="ln-qa-more"
              loading={query.isFetchingNextPage}
              onClick={() => void query.fetchNextPage()}
            >
              Load more
            </Button>
          )}
        </>
      )}
    </QueryStates>
  );
}

function QuestionRow({
  question,
  lessonTitle,
  focus,
  onOpen,
}: {
  question: Question;
  lessonTitle: string | null;
  focus: boolean;
  onOpen: () => void;
}) {
  const title = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the row first shows.
  useEffect(() => {
    if (focus) title.current?.focus();
  }, []);
  const answers = question.answerCount === 1 ? '1 answer' : `${question.answerCount} answers`;
  const votes = question.upvotes === 1 ? '1 upvote' : `${question.upvotes} upvotes`;
  return (
    <li className="ln-qa-row">
      <button ref={title} type="button" className="ln-qa-row-title" onClick={onOpen}>
        {question.title}
      </button>
      <p className="ln-qa-row-meta ln-muted">
        <span>{question.author.name}</span>
        {question.byInstructor && <span className="cp-tag cp-tag-purple">Instructor</span>}
        <span>{shortDate(question.createdAt)}</span>
        {lessonTitle && <span>{`Lesson: ${lessonTitle}`}</span>}
      </p>
      <p className="ln-qa-row-counts">
        <span>{answers}</span>
        <span>{votes}</span>
        {question.acceptedAnswerId && <span className="cp-tag cp-tag-green">Answered</span>}
        {question.hidden && <span className="cp-tag cp-tag-red">Hidden</span>}
      </p>
    </li>
  );
}

function AskForm({
  courseId,
  lectureId,
  lectureTitle,
  onDone,
}: {
  courseId: string;
  lectureId: string;
  lectureTitle: string | null;
  onDone: (question: Question | null) => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [touched, setTouched] = useState(false);
  const ask = useMutation({
    mutationFn: () => askQuestion(courseId, { lectureId, title: title.trim(), body }),
    onSuccess: ({ question, message }) => {
      toast.success(message || 'Question posted');
      client.setQueryData(discussionKeys.question(question._id), question);
      void client.invalidateQueries({ queryKey: discussionKeys.lists(courseId) });
      onDone(question);
    },
    onError: (error) => toast.failure(error, 'Failed to post your question'),
  });
  const short = title.trim().length < QUESTION_TITLE_MIN_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!short && !ask.isPending) ask.mutate();
  };
  return (
    <form className="ln-qa-form ln-qa-ask-form" onSubmit={submit} aria-busy={ask.isPending} noValidate>
      <h3 className="ln-qa-form-title">{lectureTitle ? `Ask about "${lectureTitle}"` : 'Ask a question'}</h3>
      <label htmlFor={`${id}-title`} className="ln-qa-label">
        Title
      </label>
      <input
        id={`${id}-title`}
        className="ln-input"
        value={title}
        maxLength={QUESTION_TITLE_MAX_LENGTH}
        onChange={(event) => setTitle(event.target.value)}
        aria-invalid={touched && short}
        aria-describedby={`${id}-title-hint`}
        disabled={ask.isPending}
      />
      <p id={`${id}-title-hint`} className={touched && short ? 'ln-qa-error' : 'ln-muted ln-qa-hint'}>
        {`Sum your question up in ${QUESTION_TITLE_MIN_LENGTH} to ${QUESTION_TITLE_MAX_LENGTH} characters.`}
      </p>
      <label id={`${id}-body-label`} htmlFor={`${id}-body`} className="ln-qa-label">
        Details (optional)
      </label>
      <PostEditor
        inputId={`${id}-body`}
        labelledBy={`${id}-body-label`}
        value={body}
        onChange={setBody}
        maxLength={DISCUSSION_BODY_MAX_LENGTH}
        disabled={ask.isPending}
      />
      <div className="ln-qa-actions">
        <Button type="primary" htmlType="submit" loading={ask.isPending}>
          Post question
        </Button>
        <Button onClick={() => onDone(null)} disabled={ask.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

export default QuestionsPanel;
