import type { CourseDetails } from '@courseport/shared-ui';
import { courseMinutes, lectureCount, orderedChapters } from '@courseport/shared-ui';
import { type MutableRefObject, type ReactNode, useMemo, useRef, useState } from 'react';
import { CourseDescription } from './CourseDescription';
import { CourseHeader } from './CourseHeader';
import { CourseStructure, type PreviewChoice } from './CourseStructure';
import { PurchaseCard } from './PurchaseCard';

/**
 * A loaded course: header, structure and description (then `reviews`, which the page gives) on the
 * left, the purchase card on the right.
 */
export function CourseView({
  course,
  focusTitle,
  reviews,
}: {
  course: CourseDetails;
  /** Set when the page's heading had the focus before the course arrived: the title takes it. */
  focusTitle?: MutableRefObject<boolean>;
  /** The course's reviews, below its description. */
  reviews?: ReactNode;
}) {
  const chapters = useMemo(() => orderedChapters(course), [course]);
  const [preview, setPreview] = useState<PreviewChoice | null>(null);
  const mediaRef = useRef<HTMLDivElement>(null);

  const choosePreview = (choice: PreviewChoice) => {
    setPreview(choice);
    // Bring the player into view (on phones it is above the chapter list) and focus its play button.
    requestAnimationFrame(() => {
      const media = mediaRef.current;
      media?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      media?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
    });
  };

  return (
    <div className="sf-container sf-course-layout">
      <div className="sf-course-intro">
        <CourseHeader course={course} focusTitle={focusTitle} />
      </div>
      <div className="sf-course-side">
        <PurchaseCard
          course={course}
          minutes={courseMinutes(course)}
          lectures={lectureCount(course)}
          preview={preview}
          onClosePreview={() => setPreview(null)}
          mediaRef={mediaRef}
        />
      </div>
      <div className="sf-course-main">
        <CourseStructure chapters={chapters} onPreview={choosePreview} />
        <CourseDescription html={course.courseDescription} />
        {reviews}
      </div>
    </div>
  );
}
