import {
  Button,
  errorText,
  formatDate,
  type Lecture,
  type ProjectSubmission,
  QueryStates,
} from '@courseport/shared-ui';
import { richHtmlKey, sanitizeRichText, useRichHtml } from '@courseport/shared-ui/rich-text';
import { type FormEvent, useId, useState } from 'react';
import { AlertIcon, CheckIcon } from '../../../components/icons';
import { fileSize } from '../../../lib/format';
import { type ProjectEntry, useProjectSubmission } from '../hooks/useProjectSubmission';

export interface ProjectLessonProps {
  courseId: string;
  lecture: Lecture;
  /** The educator previewing as a student: the brief and the form show, nothing is sent. */
  preview?: boolean;
}

/**
 * A project lesson: the brief, the student's submission and its review (waiting, changes
 * requested with the educator's comment, accepted), and the form to submit a link or a file
 * (with the upload's progress), again until it is accepted.
 */
export function ProjectLesson({ courseId, lecture, preview = false }: ProjectLessonProps) {
  const briefKey = `brief-${lecture.lectureId}`;
  const brief = useRichHtml(briefKey, lecture.projectBrief, { down: 2, sanitize: sanitizeRichText });
  const project = useProjectSubmission(courseId, lecture.lectureId, !preview);
  return (
    <div className="ln-lesson-body ln-project">
      <h2 className="ln-lesson-subtitle">Project brief</h2>
      {brief ? (
        <div
          {...richHtmlKey(briefKey)}
          className="ln-rich-text"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API and again with DOMPurify and the description allow-list (shared-ui/rich-text); on the server with the API's sanitizer.
          dangerouslySetInnerHTML={{ __html: brief }}
        />
      ) : (
        <p className="ln-muted">This project has no brief yet.</p>
      )}
      <h2 className="ln-lesson-subtitle">Your submission</h2>
      {preview ? (
        <SubmissionForm project={project} resubmit={false} preview />
      ) : (
        <QueryStates
          state={project.state}
          loadingText="Loading your submission..."
          errorTitle="Could not load your submission"
          onRetry={project.retry}
        >
          {(submission) => (
            <>
              {submission ? (
                <SubmissionStatus submission={submission} />
              ) : (
                <p className="ln-muted">You have not submitted this project yet.</p>
              )}
              {submission?.status !== 'accepted' && <SubmissionForm project={project} resubmit={submission !== null} />}
            </>
          )}
        </QueryStates>
      )}
    </div>
  );
}

const STATUS_TEXT: Record<ProjectSubmission['status'], string> = {
  submitted: 'Submitted — waiting for review',
  changes_requested: 'Changes requested',
  accepted: 'Accepted',
};

function SubmissionStatus({ submission }: { submission: ProjectSubmission }) {
  const accepted = submission.status === 'accepted';
  return (
    <div className="ln-submission" data-status={submission.status}>
      <p className={accepted ? 'ln-quiz-status ln-quiz-passed' : 'ln-quiz-status'}>
        {accepted ? (
          <CheckIcon className="ln-quiz-status-icon" />
        ) : submission.status === 'changes_requested' ? (
          <AlertIcon className="ln-quiz-status-icon ln-warning-icon" />
        ) : null}
        <span>
          <span className="cp-visually-hidden">Status: </span>
          {STATUS_TEXT[submission.status]}
        </span>
      </p>
      {submission.reviewComment && (
        <blockquote className="ln-review-comment">
          <p className="ln-muted">Educator&apos;s comment</p>
          <p>{submission.reviewComment}</p>
        </blockquote>
      )}
      <p className="ln-muted">
        {`Submitted ${formatDate(submission.submittedAt)}: `}
        {submission.kind === 'link' && submission.url ? (
          <a href={submission.url} target="_blank" rel="noopener noreferrer">
            {submission.url}
            <span className="cp-visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          `${submission.fileName ?? 'a file'}${submission.size === undefined ? '' : ` (${fileSize(submission.size)})`}`
        )}
      </p>
      {submission.note && <p className="ln-submission-note">{`Your note: ${submission.note}`}</p>}
      {accepted && <p className="ln-muted">This lesson is complete.</p>}
    </div>
  );
}

function SubmissionForm({
  project,
  resubmit,
  preview = false,
}: {
  project: ReturnType<typeof useProjectSubmission>;
  resubmit: boolean;
  preview?: boolean;
}) {
  const id = useId();
  const [kind, setKind] = useState<'link' | 'file'>('link');
  const [url, setUrl] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    let entry: ProjectEntry;
    if (kind === 'link') {
      const trimmed = url.trim();
      if (!/^https?:\/\/\S+$/i.test(trimmed)) {
        setInvalid('Enter the link to your project (starting with https://).');
        return;
      }
      entry = { kind, url: trimmed, note: note.trim() };
    } else {
      if (!file) {
        setInvalid('Choose the file to submit.');
        return;
      }
      entry = { kind, file, note: note.trim() };
    }
    setInvalid(null);
    if (preview) return;
    project.submit(entry, () => {
      setUrl('');
      setFile(null);
      setNote('');
      setFileKey((n) => n + 1);
    });
  };

  const failure = project.submitError ? errorText(project.submitError, 'Could not submit your project') : null;
  const percent = project.uploaded === null ? null : Math.round(project.uploaded * 100);
  return (
    <form className="ln-project-form" onSubmit={submit} noValidate aria-label="Submit your project">
      <fieldset className="ln-quiz-question">
        <legend className="ln-quiz-prompt">{resubmit ? 'Submit again as' : 'Submit as'}</legend>
        <label className="ln-quiz-option">
          <input type="radio" name={`${id}-kind`} checked={kind === 'link'} onChange={() => setKind('link')} />
          <span>A link</span>
        </label>
        <label className="ln-quiz-option">
          <input type="radio" name={`${id}-kind`} checked={kind === 'file'} onChange={() => setKind('file')} />
          <span>A file</span>
        </label>
      </fieldset>
      {kind === 'link' ? (
        <label className="ln-quiz-text">
          <span>Link to your project</span>
          <input
            type="url"
            value={url}
            placeholder="https://"
            aria-invalid={invalid !== null}
            onChange={(event) => setUrl(event.target.value)}
          />
        </label>
      ) : (
        <label className="ln-quiz-text">
          <span>File</span>
          <input
            key={fileKey}
            type="file"
            aria-invalid={invalid !== null}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </label>
      )}
      <label className="ln-quiz-text">
        <span>Note to the educator (optional)</span>
        <textarea value={note} rows={3} maxLength={2000} onChange={(event) => setNote(event.target.value)} />
      </label>
      {percent !== null && (
        <div className="ln-upload">
          <progress max={100} value={percent} aria-label="Upload progress" />
          <span className="ln-muted">{`${percent}% uploaded`}</span>
        </div>
      )}
      {(invalid ?? failure) && (
        <p className="ln-form-error" role="alert">
          {invalid ?? failure}
        </p>
      )}
      {preview && <p className="ln-muted">Preview as student: submissions are not sent.</p>}
      <Button type="primary" htmlType="submit" loading={project.submitting} disabled={preview}>
        {resubmit ? 'Submit again' : 'Submit project'}
      </Button>
    </form>
  );
}
