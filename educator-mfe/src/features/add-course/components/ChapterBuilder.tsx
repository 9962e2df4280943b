import { Button } from '@courseport/shared-ui';
import { useState } from 'react';
import type { CourseContent } from '../hooks/useCourseContent';
import { ChapterCard } from './ChapterCard';
import { ChapterNameModal } from './ChapterNameModal';
import { LectureModal } from './LectureModal';

/** The chapters and lectures of the course: add, remove, collapse and expand. */
export function ChapterBuilder({ content }: { content: CourseContent }) {
  const [askingName, setAskingName] = useState(false);
  /** The chapter the Add Lecture modal is open for. */
  const [lectureChapter, setLectureChapter] = useState<string | null>(null);

  return (
    <section className="ed-builder" aria-labelledby="ed-builder-title">
      <h2 id="ed-builder-title" className="ed-builder-title">
        Course Content
      </h2>
      {content.chapters.length > 0 && (
        <ol className="ed-chapters">
          {content.chapters.map((chapter, index) => (
            <ChapterCard
              key={chapter.chapterId}
              chapter={chapter}
              number={index + 1}
              onToggle={() => content.toggle(chapter.chapterId)}
              onRemove={() => content.remove(chapter.chapterId)}
              onAddLecture={() => setLectureChapter(chapter.chapterId)}
              onRemoveLecture={(lectureId) => content.removeLecture(chapter.chapterId, lectureId)}
            />
          ))}
        </ol>
      )}
      <Button block type="dashed" className="ed-add-chapter" onClick={() => setAskingName(true)}>
        + Add Chapter
      </Button>

      <ChapterNameModal
        open={askingName}
        onSubmit={(name) => {
          content.add(name);
          setAskingName(false);
        }}
        onCancel={() => setAskingName(false)}
      />
      <LectureModal
        open={lectureChapter !== null}
        onAdd={(fields) => {
          if (lectureChapter) content.addLecture(lectureChapter, fields);
        }}
        onClose={() => setLectureChapter(null)}
      />
    </section>
  );
}
