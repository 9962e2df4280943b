import type { Chapter } from '@courseport/shared-ui';
import { ResourceList } from './LessonResources';

/** 'Resources' in the player: every lesson's resources, grouped by lesson in course order; nothing when there are none. */
export function CourseResources({ courseId, chapters }: { courseId: string; chapters: Chapter[] }) {
  const lessons = chapters.flatMap((chapter) =>
    chapter.chapterContent.filter((lecture) => (lecture.resources?.length ?? 0) > 0),
  );
  if (lessons.length === 0) return null;
  return (
    <section className="ln-course-resources" aria-labelledby="ln-course-resources-title">
      <h2 id="ln-course-resources-title" className="ln-section-title">
        Resources
      </h2>
      {lessons.map((lecture) => (
        <div key={lecture.lectureId} className="ln-resource-group">
          <h3 className="ln-resource-group-title">{lecture.lectureTitle}</h3>
          <ResourceList courseId={courseId} resources={lecture.resources ?? []} />
        </div>
      ))}
    </section>
  );
}
