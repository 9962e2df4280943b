import {
  COURSE_CARD_THUMBNAIL_SIZES,
  type CourseCard as Course,
  CourseImage,
  LEVEL_NAMES,
  Link,
} from '@courseport/shared-ui';
import { Price } from './Price';
import { Rating } from './Rating';
import { WishlistHeart } from './WishlistHeart';

export const UNKNOWN_EDUCATOR = 'Unknown Educator';

/**
 * A course in a grid. Its title is the link to the course's page, stretched over the whole card
 * (so the card is one click target), and the educator's name links to their instructor page above
 * it, and the wishlist heart over the thumbnail. `priority`: its thumbnail is the page's LCP image (the first card of a list at the top of the
 * page; the course list's preload hint names it with the same `COURSE_CARD_THUMBNAIL_SIZES`, see
 * contracts/src/platform.ts).
 */
export function CourseCard({
  course,
  priority = false,
  linkEducator = true,
}: {
  course: Course;
  priority?: boolean;
  linkEducator?: boolean;
}) {
  const educator = course.educator;
  return (
    <article className="sf-course-card" data-course-id={course._id}>
      <CourseImage
        className="sf-course-thumb"
        course={course}
        sizes={COURSE_CARD_THUMBNAIL_SIZES}
        priority={priority}
      />
      <WishlistHeart course={course} className="sf-heart-on-card" />
      <div className="sf-course-body">
        <h3 className="sf-course-title cp-clamped-title">
          <Link to={`/course/${encodeURIComponent(course._id)}`} className="sf-course-link">
            {course.courseTitle}
          </Link>
        </h3>
        <p className="sf-course-educator">
          {linkEducator && educator?._id ? (
            <Link to={`/instructor/${encodeURIComponent(educator._id)}`} className="sf-course-educator-link">
              {educator.name || UNKNOWN_EDUCATOR}
            </Link>
          ) : (
            educator?.name || UNKNOWN_EDUCATOR
          )}
        </p>
        {course.level && <p className="sf-course-level">{LEVEL_NAMES[course.level]}</p>}
        <Rating value={course.averageRating} countText={`(${course.ratingCount})`} />
        <Price price={course.coursePrice} discount={course.discount} />
      </div>
    </article>
  );
}
