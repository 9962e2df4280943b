import {
  Button,
  errorText,
  Pager,
  type ProjectSubmission,
  type SubmissionStatus,
  type TagTone,
  useToast,
} from '@courseport/shared-ui';
import { useState } from 'react';
import { LocalTime } from '../../../components/LocalTime';
import { followLink } from '../../../lib/followLink';
import { sizeLabel } from '../../../lib/sizes';
import { tagClass } from '../../../lib/tags';
import { fetchFileLink } from '../api/review';

export const STATUS_LABELS: Record<SubmissionStatus, string> = {
  submitted: 'Waiting for review',
  changes_requested: 'Changes requested',
  accepted: 'Accepted',
};

const STATUS_TONES: Record<SubmissionStatus, TagTone> = {
  submitted: 'gold',
  changes_requested: 'purple',
  accepted: 'green',
};

interface SubmissionsListProps {
  submissions: ProjectSubmission[];
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** The submission being reviewed, if any (its buttons wait). */
  reviewingId: string | null;
  onAccept: (submission: ProjectSubmission) => void;
  onAskChanges: (submission: ProjectSubmission) => void;
  /** An 'Ask for changes' button is pointed at or focused: its dialog can start loading. */
  onAskChangesWanted?: () => void;
}

/**
 * Project submissions, one card each: who, which lesson, the link or file, the note, when; and the
 * review. Plain markup with antd's look (shared-ui's `.cp-tag`, `Pager`, `Button`): the page's first
 * screen loads no antd (#34).
 */
export function SubmissionsList({
  submissions,
  total,
  page,
  pageSize,
  onPageChange,
  reviewingId,
  onAccept,
  onAskChanges,
  onAskChangesWanted,
}: SubmissionsListProps) {
  return (
    <div className="ed-submissions">
      <ul className="ed-submissions-list" aria-label="Project submissions">
        {submissions.map((submission) => (
          <SubmissionCard
            key={submission._id}
            submission={submission}
            busy={reviewingId === submission._id}
            onAccept={() => onAccept(submission)}
            onAskChanges={() => onAskChanges(submission)}
            onAskChangesWanted={onAskChangesWanted}
          />
        ))}
      </ul>
      <Pager
        label="Submission pages"
        className="ed-reviews-pages"
        page={page}
        pageSize={pageSize}
        total={total}
        onChange={onPageChange}
      />
    </div>
  );
}

function SubmissionCard({
  submission,
  busy,
  onAccept,
  onAskChanges,
  onAskChangesWanted,
}: {
  submission: ProjectSubmission;
  busy: boolean;
  onAccept: () => void;
  onAskChanges: () => void;
  onAskChangesWanted: (() => void) | undefined;
}) {
  const student = submission.student?.name ?? 'A student';
  const lesson = submission.lectureTitle ?? 'Project';
  const headingId = `ed-submission-${submission._id}`;
  return (
    <li className="ed-panel ed-submission" aria-labelledby={headingId}>
      <div className="ed-submission-head">
        <h2 id={headingId} className="ed-submission-student">
          {student}
        </h2>
        <span className={tagClass(STATUS_TONES[submission.status])}>{STATUS_LABELS[submission.status]}</span>
      </div>
      <dl className="ed-submission-facts">
        <div>
          <dt>Course</dt>
          <dd>{submission.courseTitle ?? '—'}</dd>
        </div>
        <div>
          <dt>Lesson</dt>
          <dd>{lesson}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>
            <LocalTime iso={submission.submittedAt} />
          </dd>
        </div>
        <div>
          <dt>{submission.kind === 'file' ? 'File' : 'Link'}</dt>
          <dd>
            {submission.kind === 'file' ? (
              <FileButton submission={submission} student={student} />
            ) : submission.url ? (
              <a href={submission.url} target="_blank" rel="noopener noreferrer nofollow" className="ed-submission-url">
                {submission.url}
                <span className="cp-visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : (
              '—'
            )}
          </dd>
        </div>
      </dl>
      {submission.note && (
        <div className="ed-submission-note">
          <span className="ed-submission-label">Note from the student</span>
          <p>{submission.note}</p>
        </div>
      )}
      {submission.reviewComment && (
        <div className="ed-submission-note">
          <span className="ed-submission-label">Your comment</span>
          <p>{submission.reviewComment}</p>
        </div>
      )}
      {submission.status !== 'accepted' && (
        <div className="ed-submission-actions">
          <Button
            type="primary"
            loading={busy}
            disabled={busy}
            aria-label={`Accept: ${student}'s project for ${lesson}`}
            onClick={onAccept}
          >
            Accept
          </Button>
          <Button
            disabled={busy}
            aria-label={`Ask for changes: ${student}'s project for ${lesson}`}
            onPointerEnter={onAskChangesWanted}
            onFocus={onAskChangesWanted}
            onClick={onAskChanges}
          >
            Ask for changes
          </Button>
        </div>
      )}
    </li>
  );
}

/** A submitted file: its signed link is asked for when clicked (it lasts minutes), then followed. */
function FileButton({ submission, student }: { submission: ProjectSubmission; student: string }) {
  const toast = useToast();
  const [loading, setLoading] = useState(false);
  const open = async () => {
    setLoading(true);
    try {
      const link = await fetchFileLink(submission._id);
      followLink(link.url);
    } catch (error) {
      toast.error(errorText(error, 'Failed to get the file'));
    } finally {
      setLoading(false);
    }
  };
  const name = submission.fileName ?? 'file';
  return (
    <Button
      type="link"
      className="ed-submission-file"
      loading={loading}
      aria-label={`Download ${student}'s file ${name}`}
      onClick={() => void open()}
    >
      {submission.size ? `${name} (${sizeLabel(submission.size)})` : name}
    </Button>
  );
}
