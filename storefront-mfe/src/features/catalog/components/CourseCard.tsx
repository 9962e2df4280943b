import { type CourseCard as Course, Link } from '@courseport/shared-ui';
import { Price } from '../../common/components/Price';
import { Rating } from '../../common/components/Rating';

export const UNKNOWN_EDUCATOR = 'Unknown Educator';

/** A course in a grid: the whole card is one link to the course's page. */
export function CourseCard({ course }: { course: Course }) {
  return (
    <Link to={`/course/${encodeURIComponent(course._id)}`} className="sf-course-card" data-course-id={course._id}>
      <img
        className="sf-course-thumb"
        src={course.courseThumbnail}
        alt={course.courseTitle}
        loading="lazy"
        decoding="async"
        width={640}
        height={360}
      />
      <div className="sf-course-body">
        <h3 className="sf-course-title cp-clamped-title">{course.courseTitle}</h3>
        <p className="sf-course-educator">{course.educator?.name || UNKNOWN_EDUCATOR}</p>
        <Rating value={course.averageRating} countText={`(${course.ratingCount})`} />
        <Price price={course.coursePrice} discount={course.discount} />
      </div>
    </Link>
  );
}
