import { EmptyState, type ProjectSubmission, QueryStates, useSession } from '@courseport/shared-ui';
import { lazy, useId, useState } from 'react';
import { SUBMISSIONS_PAGE_SIZE, type SubmissionFilter } from '../api/submissions';
import { LoadWhen } from '../components/LoadWhen';
import { PageHeader } from '../features/layout/components/PageHeader';
import { useIsEducator } from '../features/layout/hooks/useSignedInUser';
import { STATUS_LABELS, SubmissionsList } from '../features/submissions/components/SubmissionsList';
import { useReview, useSubmissions } from '../features/submissions/hooks/useSubmissions';
import '../styles/reviews.css';
import '../styles/submissions.css';

// The 'Ask for changes' dialog (antd's Modal and its theme) is not in the page's first load (#34):
// its chunk loads when an 'Ask for changes' button is pointed at or focused, or when one is pressed.
const loadChangesDialog = () => import('../features/submissions/components/ChangesDialog');
const ChangesDialog = lazy(() => loadChangesDialog().then((m) => ({ default: m.ChangesDialog })));
const preloadChangesDialog = () => void loadChangesDialog().catch(() => undefined);

/** The filter's choices, waiting for review first. */
const FILTERS: ReadonlyArray<{ value: SubmissionFilter; label: string }> = [
  { value: 'submitted', label: STATUS_LABELS.submitted },
  { value: 'changes_requested', label: STATUS_LABELS.changes_requested },
  { value: 'accepted', label: STATUS_LABELS.accepted },
  { value: 'all', label: 'All submissions' },
];

const EMPTY_TEXT: Record<SubmissionFilter, string> = {
  submitted: 'No project is waiting for your review.',
  changes_requested: 'No project is waiting for the student’s changes.',
  accepted: 'No project has been accepted yet.',
  all: 'When students submit their projects, they show here.',
};

/**
 * /educator/submissions: the students' project submissions of the educator's courses, to review.
 * No antd in its first screen (#34); the waiting ones come with the server's render (portal-data.ts).
 */
export default function SubmissionsPage() {
  const filterId = useId();
  const isEducator = useIsEducator();
  const sessionKnown = useSession((s) => s.status !== 'loading' && (s.status !== 'signed-in' || s.userLoaded));
  const [status, setStatus] = useState<SubmissionFilter>('submitted');
  const [page, setPage] = useState(1);
  const { state, retry } = useSubmissions(status, page, isEducator);
  const review = useReview();
  const [askingChanges, setAskingChanges] = useState<ProjectSubmission | null>(null);

  const content =
    !isEducator && sessionKnown ? (
      <EmptyState title="Educator access required" description="Only educators review project submissions." />
    ) : (
      <QueryStates
        state={state}
        loadingText="Loading submissions..."
        errorTitle="Error Loading Submissions"
        onRetry={retry}
        isEmpty={(data) => data.submissions.length === 0}
        empty={<EmptyState title="No submissions here" description={EMPTY_TEXT[status]} />}
      >
        {(data) => (
          <SubmissionsList
            submissions={data.submissions}
            total={data.total}
            page={page}
            pageSize={SUBMISSIONS_PAGE_SIZE}
            onPageChange={setPage}
            reviewingId={review.isPending ? review.variables.submissionId : null}
            onAccept={(submission) => review.mutate({ submissionId: submission._id, decision: 'accept', comment: '' })}
            onAskChanges={setAskingChanges}
            onAskChangesWanted={preloadChangesDialog}
          />
        )}
      </QueryStates>
    );

  return (
    <div className="ed-page ed-submissions-page">
      <PageHeader
        title="Project submissions"
        subtitle="Review your students’ projects: accept them, or ask for changes."
      />
      <div className="ed-submissions-filter">
        <label htmlFor={filterId}>Show</label>
        <select
          id={filterId}
          className="cp-select"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as SubmissionFilter);
            setPage(1);
          }}
        >
          {FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>
      {content}
      <LoadWhen when={askingChanges !== null}>
        <ChangesDialog
          studentName={askingChanges ? (askingChanges.student?.name ?? 'the student') : null}
          sending={review.isPending}
          onCancel={() => setAskingChanges(null)}
          onSend={(comment) => {
            if (!askingChanges) return;
            review.mutate(
              { submissionId: askingChanges._id, decision: 'changes', comment },
              { onSuccess: () => setAskingChanges(null) },
            );
          }}
        />
      </LoadWhen>
    </div>
  );
}
