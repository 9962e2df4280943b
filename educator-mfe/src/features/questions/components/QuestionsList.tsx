import { Button, plural } from '@courseport/shared-ui';
import { useId, useState } from 'react';
import type { ListedQuestion } from '../api/questions';
import { Byline } from './Posts';
import { QuestionThread } from './QuestionThread';

function AnswerTag({ question }: { question: ListedQuestion }) {
  if (question.answerCount === 0) return <span className="cp-tag cp-tag-orange">Unanswered</span>;
  return (
    <span className={question.acceptedAnswerId ? 'cp-tag cp-tag-green' : 'cp-tag'}>
      {plural(question.answerCount, 'answer')}
      {question.acceptedAnswerId ? ' · accepted' : ''}
    </span>
  );
}

function QuestionItem({ question, courseTitle }: { question: ListedQuestion; courseTitle: string }) {
  const [open, setOpen] = useState(false);
  const threadId = useId();
  const where = [question.course?.courseTitle ?? courseTitle, question.lectureTitle].filter(Boolean).join(' · ');
  return (
    <li className="ed-qa-item ed-panel">
      <div className="ed-qa-head">
        <h2 className="ed-qa-title">{question.title}</h2>
        <AnswerTag question={question} />
      </div>
      {where && <p className="ed-qa-where">{where}</p>}
      <Byline {...question} />
      <p className="ed-qa-counts">{plural(question.upvotes, 'upvote')}</p>
      <Button
        size="small"
        type={open ? 'default' : 'primary'}
        aria-expanded={open}
        aria-controls={open ? threadId : undefined}
        aria-label={`${open ? 'Close' : 'Open'} '${question.title}'`}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Close' : 'Open'}
      </Button>
      {open && <QuestionThread question={question} id={threadId} />}
    </li>
  );
}

/** The questions, each opened in place to read its answers and answer it. */
export function QuestionsList({
  questions,
  courseTitle,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  questions: ListedQuestion[];
  /** The chosen course's title ('' for the inbox, whose questions name their course). */
  courseTitle: string;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  return (
    <div className="ed-qa">
      <ul className="ed-qa-list" aria-label="Questions">
        {questions.map((question) => (
          <QuestionItem key={question._id} question={question} courseTitle={courseTitle} />
        ))}
      </ul>
      {hasMore && (
        <div className="ed-qa-more">
          <Button loading={loadingMore} onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      )}
    </div>
  );
}
