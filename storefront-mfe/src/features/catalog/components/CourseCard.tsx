import { type CourseCard as Course, CourseImage, Link } from '@courseport/shared-ui';
import { Price } from '../../common/components/Price';
import { Rating } from '../../common/components/Rating';

export const UNKNOWN_EDUCATOR = 'Unknown Educator';

/**
 * A card's thumbnail width in `.sf-course-grid` (storefront.css) inside `.sf-container` (at most
 * 1200px, 5vw padding from 16px to 48px): 4 columns from 992px, 3 from 768px, 2 from 576px, then 1;
 * 20px gaps.
 */
export const COURSE_CARD_SIZES =
  '(min-width: 1200px) 261px, (min-width: 992px) calc(25vw - 39px), (min-width: 768px) calc(30vw - 14px), (min-width: 576px) calc(45vw - 10px), 90vw';

/**
 * A course in a grid: the whole card is one link to the course's page. `priority`: its thumbnail
 * is the page's LCP image (the first card of a list at the top of the page).
 */
export function CourseCard({ course, priority = false }: { course: Course; priority?: boolean }) {
  return (
    <Link to={`/course/${encodeURIComponent(course._id)}`} className="sf-course-card" data-course-id={course._id}>
      <CourseImage className="sf-course-thumb" course={course} sizes={COURSE_CARD_SIZES} priority={priority} />
      <div className="sf-course-body">
        <h3 className="sf-course-title cp-clamped-title">{course.courseTitle}</h3>
        <p className="sf-course-educator">{course.educator?.name || UNKNOWN_EDUCATOR}</p>
        <Rating value={course.averageRating} countText={`(${course.ratingCount})`} />
        <Price price={course.coursePrice} discount={course.discount} />
      </div>
    </Link>
  );
}
