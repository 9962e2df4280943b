import { type CourseDetails, descriptionTeaser, Link, plural } from '@courseport/shared-ui';
import { type MutableRefObject, useEffect, useRef } from 'react';
import { UNKNOWN_EDUCATOR } from '../../../components/CourseCard';
import { Rating } from '../../../components/Rating';
import { instructorPath } from '../../../lib/paths';

/** Title, a plain-text teaser of the description, rating, students and educator. */
export function CourseHeader({
  course,
  focusTitle,
}: {
  course: CourseDetails;
  focusTitle?: MutableRefObject<boolean>;
}) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusTitle?.current) return;
    focusTitle.current = false;
    title.current?.focus();
  }, [focusTitle]);
  return (
    <header className="sf-course-header">
      <h1 ref={title} tabIndex={-1} className="cp-page-heading sf-course-heading">
        {course.courseTitle}
      </h1>
      <p className="sf-course-teaser" data-testid="course-teaser">
        {descriptionTeaser(course.courseDescription)}
      </p>
      <div className="sf-course-facts">
        <Rating value={course.averageRating} outOf countText={`(${plural(course.ratingCount, 'rating')})`} />
        <span className="sf-course-students">{plural(course.enrolledCount, 'student')}</span>
      </div>
      <p className="sf-course-by">
        Course by{' '}
        {course.educator?._id ? (
          <Link to={instructorPath(course.educator._id)} className="sf-course-by-link">
            {course.educator.name}
          </Link>
        ) : (
          course.educator?.name || UNKNOWN_EDUCATOR
        )}
      </p>
    </header>
  );
}
