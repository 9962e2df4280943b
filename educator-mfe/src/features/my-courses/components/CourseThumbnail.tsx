import { CourseImage, type EducatorCourse, LogoMark } from '@courseport/shared-ui';
import { useState } from 'react';

/** `.ed-course-thumb` (my-courses.css): 96px wide, 64px from 480px down. */
const THUMB_SIZES = '(max-width: 480px) 64px, 96px';

/** A course's thumbnail; a neutral placeholder (still named by the title) when the image cannot load. */
export function CourseThumbnail({ course }: { course: EducatorCourse }) {
  const [failed, setFailed] = useState(false);
  if (failed || (!course.courseThumbnail && !course.thumbnail)) {
    return (
      <span className="ed-course-thumb ed-course-thumb-empty" role="img" aria-label={course.courseTitle}>
        <LogoMark size={22} />
      </span>
    );
  }
  return (
    <CourseImage className="ed-course-thumb" course={course} sizes={THUMB_SIZES} onError={() => setFailed(true)} />
  );
}
