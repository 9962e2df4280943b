import { Button, Link } from '@courseport/shared-ui';
import { useEffect, useId, useRef } from 'react';
import { PreviewLink } from '../../../components/PreviewLink';
import { PATHS } from '../../../lib/paths';

/**
 * After a course is added or saved: what became of it, a link to its course page (a draft's is
 * seen by its educator only), and the next steps. Takes the focus, so a screen reader hears it.
 */
export function CourseSaved({
  course,
  heading,
  onAddAnother,
}: {
  course: { _id: string; courseTitle: string; status: 'draft' | 'published' | 'unpublished' | 'archived' };
  heading: string;
  onAddAnother?: () => void;
}) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  const published = course.status === 'published';
  return (
    <section className="ed-panel ed-saved" aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1} className="ed-saved-title">
        {heading}
      </h2>
      <p className="ed-saved-text">
        {published
          ? `“${course.courseTitle}” is in the catalog.`
          : `“${course.courseTitle}” is not in the catalog: only you can see it until you publish it from My Courses.`}
      </p>
      <div className="ed-saved-actions">
        <Link className="ed-saved-link" to={`/course/${encodeURIComponent(course._id)}`}>
          View course page
        </Link>
        <PreviewLink courseId={course._id} />
        <Link className="ed-saved-link" to={PATHS.editCourse(course._id)}>
          Edit course
        </Link>
        <Link className="ed-saved-link" to={PATHS.myCourses}>
          Go to My Courses
        </Link>
        {onAddAnother && (
          <Button type="primary" onClick={onAddAnother}>
            Add another
          </Button>
        )}
      </div>
    </section>
  );
}
