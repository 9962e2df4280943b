import { playerPreviewPath } from '../lib/paths';

/**
 * "Preview as student": the learner player for this course in preview mode, in a new tab (the
 * course being edited stays open, with its draft).
 */
export function PreviewLink({ courseId, className = 'ed-saved-link' }: { courseId: string; className?: string }) {
  return (
    <a className={className} href={playerPreviewPath(courseId)} target="_blank" rel="noopener noreferrer">
      Preview as student
      <span className="cp-visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
