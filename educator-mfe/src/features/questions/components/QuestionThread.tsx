import type { Answer } from '@courseport/contracts';
import { Button, loadAntd, QueryStates, useToast } from '@courseport/shared-ui';
import { useState } from 'react';
import { RichHtml } from '../../../components/RichHtml';
import type { ListedQuestion } from '../api/questions';
import { useThread } from '../hooks/useQuestions';
import { AnswerForm } from './AnswerForm';
import { Byline, UpvoteButton } from './Posts';

/**
 * An opened question: its text, its answers (oldest first, 'Load more answers'), each with its
 * upvote and Accept (or the accepted one's 'Accepted' and Unaccept), and the educator's answer form.
 */
export function QuestionThread({ question, id }: { question: ListedQuestion; id: string }) {
  const thread = useThread(question);
  const toast = useToast();
  /** The educator's own answer being edited. */
  const [editingId, setEditingId] = useState<string | null>(null);
  const confirmDelete = (answer: Answer) =>
    void loadAntd
      .modal()
      .then(({ Modal }) =>
        Modal.confirm({
          title: 'Delete your answer?',
          content: 'Students no longer see it. This cannot be undone.',
          okText: 'Delete',
          okButtonProps: { danger: true },
          cancelText: 'Cancel',
          onOk: () => thread.remove(answer._id),
        }),
      )
      .catch((error: unknown) => toast.failure(error, 'Could not delete your answer'));
  return (
    <div id={id} className="ed-qa-thread">
      {question.body ? (
        <RichHtml
          html={question.body}
          richKey={`question-${question._id}`}
          allow="discussion"
          className="ed-rich-text"
        />
      ) : (
        <p className="ed-qa-hint">The question has no more text than its title.</p>
      )}
      <div className="ed-qa-actions">
        <UpvoteButton
          upvotes={question.upvotes}
          voted={question.votedByMe}
          what="this question"
          busy={thread.votingId === question._id}
          onVote={(up) => thread.vote('questions', question._id, up)}
        />
      </div>
      <h3 className="ed-qa-answers-title">Answers</h3>
      <QueryStates
        state={thread.state}
        loadingText="Loading answers..."
        errorTitle="Error Loading Answers"
        onRetry={thread.retry}
        isEmpty={() => thread.answers.length === 0}
        empty={<p className="ed-qa-hint">No answers yet: be the first to help.</p>}
      >
        {() => (
          <ol className="ed-qa-answers" aria-label={`Answers to '${question.title}'`}>
            {thread.answers.map((answer) => {
              const accepted = question.acceptedAnswerId === answer._id;
              const whose = `${answer.author.name}'s answer`;
              return (
                <li key={answer._id} className={accepted ? 'ed-qa-answer is-accepted' : 'ed-qa-answer'}>
                  <Byline {...answer} />
                  {accepted && <span className="cp-tag cp-tag-green">Accepted answer</span>}
                  {editingId === answer._id ? (
                    <AnswerForm
                      questionTitle={question.title}
                      initial={answer.body}
                      busy={thread.editingId === answer._id}
                      onSubmit={async (html) => {
                        await thread.edit(answer._id, html);
                        setEditingId(null);
                        return true;
                      }}
                      onCancel={() => setEditingId(null)}
                    />
                  ) : (
                    <RichHtml
                      html={answer.body}
                      richKey={`answer-${answer._id}`}
                      allow="discussion"
                      className="ed-rich-text"
                    />
                  )}
                  <div className="ed-qa-actions">
                    <UpvoteButton
                      upvotes={answer.upvotes}
                      voted={answer.votedByMe}
                      what={whose}
                      busy={thread.votingId === answer._id}
                      onVote={(up) => thread.vote('answers', answer._id, up)}
                    />
                    <Button
                      size="small"
                      aria-label={accepted ? `Unaccept ${whose}` : `Accept ${whose}`}
                      loading={thread.acceptingId === (accepted ? 'none' : answer._id)}
                      disabled={thread.acceptingId !== null}
                      onClick={() => thread.accept(accepted ? null : answer._id)}
                    >
                      {accepted ? 'Unaccept' : 'Accept'}
                    </Button>
                    {answer.mine && editingId !== answer._id && (
                      <>
                        <Button
                          size="small"
                          type="text"
                          aria-label="Edit your answer"
                          onClick={() => setEditingId(answer._id)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="small"
                          type="text"
                          danger
                          aria-label="Delete your answer"
                          loading={thread.deletingId === answer._id}
                          onClick={() => confirmDelete(answer)}
                        >
                          Delete
                        </Button>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </QueryStates>
      {thread.hasMore && (
        <Button loading={thread.loadingMore} onClick={() => void thread.loadMore()}>
          Load more answers
        </Button>
      )}
      <AnswerForm questionTitle={question.title} busy={thread.answeringNow} onSubmit={thread.answer} />
    </div>
  );
}
