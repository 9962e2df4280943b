import type { CourseStatus, TagTone } from '@courseport/shared-ui';
import { tagClass } from '../../../lib/tags';

export const STATUS_LABELS: Record<CourseStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  unpublished: 'Unpublished',
  archived: 'Archived',
};
const TONES: Record<CourseStatus, TagTone> = {
  draft: 'gold',
  published: 'green',
  unpublished: 'default',
  archived: 'purple',
};

/** A course's status as a tag: Draft, Published, Unpublished or Archived. */
export function CourseStatusTag({ status }: { status: CourseStatus }) {
  return <span className={tagClass(TONES[status])}>{STATUS_LABELS[status]}</span>;
}
