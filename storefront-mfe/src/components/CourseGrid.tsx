import type { CourseCard as Course } from '@courseport/shared-ui';
import { CourseCard } from './CourseCard';

/**
 * Courses in 1, 2, 3 or 4 columns depending on the screen width. `aboveTheFold`: the grid starts
 * on the first screen, so its first thumbnail (the page's LCP image) loads at once and first; the
 * others load lazily either way. `linkEducators: false` on a page about the educator already.
 */
export function CourseGrid({
  courses,
  label,
  aboveTheFold = false,
  linkEducators = true,
}: {
  courses: Course[];
  label: string;
  aboveTheFold?: boolean;
  linkEducators?: boolean;
}) {
  return (
    <ul className="sf-course-grid" aria-label={label}>
      {courses.map((course, index) => (
        <li key={course._id}>
          <CourseCard course={course} priority={aboveTheFold && index === 0} linkEducator={linkEducators} />
        </li>
      ))}
    </ul>
  );
}
