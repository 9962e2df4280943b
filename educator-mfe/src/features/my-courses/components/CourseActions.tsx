import { Button, type EducatorCourse, Link, loadAntd } from '@courseport/shared-ui';
import { PATHS } from '../../../lib/paths';
import type { CourseAction } from '../api/courses';

const LABELS: Record<CourseAction, string> = {
  publish: 'Publish',
  unpublish: 'Unpublish',
  archive: 'Archive',
  delete: 'Delete',
};

/**
 * What can be done with a course now: Edit always; Publish (a draft, unpublished or archived),
 * Unpublish (published), Archive once anyone has enrolled (instead of deleting), Delete while
 * nobody has. Each control names its course for screen readers.
 */
export function actionsFor(course: Pick<EducatorCourse, 'status' | 'studentsCount'>): CourseAction[] {
  const actions: CourseAction[] = [];
  if (course.status === 'published') actions.push('unpublish');
  else actions.push('publish');
  if (course.studentsCount > 0) {
    if (course.status !== 'archived') actions.push('archive');
  } else {
    actions.push('delete');
  }
  return actions;
}

const preloadDialog = () => void loadAntd.modal().catch(() => undefined);

export function CourseActions({
  course,
  busy,
  onAction,
}: {
  course: EducatorCourse;
  /** The action running for this course, if any. */
  busy: CourseAction | null;
  onAction: (action: CourseAction) => void;
}) {
  const name = `'${course.courseTitle}'`;
  return (
    <div className="ed-course-actions">
      <Link className="ed-action-link" to={PATHS.editCourse(course._id)} aria-label={`Edit ${name}`}>
        Edit
      </Link>
      <Link
        className="ed-action-link"
        to={PATHS.announcements(course._id)}
        aria-label={`Announce to the students of ${name}`}
      >
        Announce
      </Link>
      {actionsFor(course).map((action) => (
        <Button
          key={action}
          size="small"
          danger={action === 'delete'}
          type={action === 'publish' ? 'primary' : 'default'}
          aria-label={`${LABELS[action]} ${name}`}
          loading={busy === action}
          disabled={busy !== null}
          onClick={() => onAction(action)}
          // Every action but Publish asks first, in antd's dialog: it loads as the button is
          // pointed at or focused, so the question shows at once when pressed (#34).
          {...(action === 'publish' ? {} : { onPointerEnter: preloadDialog, onFocus: preloadDialog })}
        >
          {LABELS[action]}
        </Button>
      ))}
    </div>
  );
}
