import { DISCUSSION_SEARCH_MAX_LENGTH } from '@courseport/contracts/discussions';
import { Button, EmptyState, QueryStates, useQuery, useSession } from '@courseport/shared-ui';
import { type FormEvent, useState } from 'react';
import { educatorCoursesQuery } from '../api/courses';
import { unansweredCountQuery } from '../api/questions';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useIsEducator } from '../features/layout/hooks/useSignedInUser';
import { QuestionsList } from '../features/questions/components/QuestionsList';
import { useQuestionList } from '../features/questions/hooks/useQuestions';
import '../styles/questions.css';

/** How many questions wait for an answer across the educator's courses (the API's kept count). */
function UnansweredCount() {
  const count = useQuery(unansweredCountQuery());
  if (count.data === undefined) return null;
  return (
    <p className="ed-qa-summary">{count.data === 0 ? 'Every question has an answer.' : `${count.data} unanswered`}</p>
  );
}

/**
 * /educator/questions: the students' questions on the educator's lessons. Every course's at once
 * (the inbox, unanswered first), or one course's; either can be searched. Each opens in place to
 * read its answers, answer it, accept an answer, upvote, and edit or delete the educator's own.
 */
export default function QuestionsPage() {
  const isEducator = useIsEducator();
  const sessionKnown = useSession((s) => s.status !== 'loading' && (s.status !== 'signed-in' || s.userLoaded));
  const [courseId, setCourseId] = useState('');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const courses = useQuery({ ...educatorCoursesQuery(), enabled: isEducator });
  const list = useQuestionList(courseId, q, isEducator);
  const courseTitle = courses.data?.find((c) => c._id === courseId)?.courseTitle ?? '';

  const chooseCourse = (id: string) => {
    setCourseId(id);
  };
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  const empty = q ? (
    <EmptyState
      title="No questions match your search"
      description={`Nothing in ${courseId ? courseTitle || 'this course' : 'your courses'} mentions “${q}”. Try other words.`}
      action={
        <Button
          onClick={() => {
            setDraft('');
            setQ('');
          }}
        >
          Clear search
        </Button>
      }
    />
  ) : (
    <EmptyState
      title="No questions yet"
      description={
        courseId
          ? 'Nobody has asked about this course yet. Questions students ask on its lessons show here.'
          : 'When students ask about your lessons, their questions show here, unanswered first.'
      }
    />
  );

  const content =
    !isEducator && sessionKnown ? (
      <EmptyState title="Educator access required" description="Only educators answer questions here." />
    ) : (
      <QueryStates
        state={list.state}
        loadingText="Loading questions..."
        errorTitle="Error Loading Questions"
        onRetry={list.retry}
        isEmpty={() => list.questions.length === 0}
        empty={empty}
      >
        {() => (
          <>
            {!courseId && !q && <UnansweredCount />}
            <QuestionsList
              questions={list.questions}
              courseTitle={courseTitle}
              hasMore={list.hasMore}
              loadingMore={list.loadingMore}
              onLoadMore={() => void list.loadMore()}
            />
          </>
        )}
      </QueryStates>
    );

  return (
    <div className="ed-page">
      <PageHeader
        title="Q&A"
        pageName="Questions and answers"
        subtitle="What students asked on your lessons. Unanswered questions come first."
      />
      {isEducator && (
        <div className="ed-qa-filters">
          <label className="ed-qa-field">
            <span>Course</span>
            <select className="ed-qa-select" value={courseId} onChange={(event) => chooseCourse(event.target.value)}>
              <option value="">All courses</option>
              {(courses.data ?? []).map((course) => (
                <option key={course._id} value={course._id}>
                  {course.courseTitle}
                </option>
              ))}
            </select>
          </label>
          <form className="ed-qa-search" aria-label="Search questions" onSubmit={search}>
            <label className="ed-qa-field">
              <span>Search questions</span>
              <input
                type="search"
                className="ed-qa-input"
                value={draft}
                maxLength={DISCUSSION_SEARCH_MAX_LENGTH}
                aria-describedby="ed-qa-search-hint"
                onChange={(event) => setDraft(event.target.value)}
              />
            </label>
            <Button htmlType="submit">Search</Button>
            {q && (
              <Button
                type="text"
                onClick={() => {
                  setDraft('');
                  setQ('');
                }}
              >
                Clear
              </Button>
            )}
            <p id="ed-qa-search-hint" className="ed-qa-hint">
              {courseId ? `Searches ${courseTitle || 'this course'}.` : 'Searches all your courses.'}
            </p>
          </form>
        </div>
      )}
      {content}
    </div>
  );
}
