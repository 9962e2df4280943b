import type { CourseCard as Course } from '@courseport/shared-ui';
import { CourseCard } from './CourseCard';

/** Courses in 1, 2, 3 or 4 columns depending on the screen width. */
export function CourseGrid({ courses, label }: { courses: Course[]; label: string }) {
  return (
    <ul className="sf-course-grid" aria-label={label}>
      {courses.map((course) => (
        <li key={course._id}>
          <CourseCard course={course} />
        </li>
      ))}
    </ul>
  );
}
