import { type Chapter, chapterMinutes, formatDuration, plural } from '@courseport/shared-ui';
import { Collapse } from '@courseport/shared-ui/heavy';
import { LectureItem } from './LectureItem';

export interface CourseStructureProps {
  chapters: Chapter[];
  completed: ReadonlySet<string>;
  playingId: string | null;
  onWatch: (lectureId: string) => void;
}

/** 'Course Structure': collapsible chapters (the first one open), each with its lectures. */
export function CourseStructure({ chapters, completed, playingId, onWatch }: CourseStructureProps) {
  return (
    <section className="ln-structure" aria-labelledby="ln-structure-title">
      <h2 id="ln-structure-title" className="ln-section-title">
        Course Structure
      </h2>
      {chapters.length === 0 ? (
        <p className="ln-muted">This course has no chapters yet.</p>
      ) : (
        <Collapse
          className="ln-chapters"
          expandIconPlacement="start"
          defaultActiveKey={chapters[0] ? [chapters[0].chapterId] : []}
          items={chapters.map((chapter) => ({
            key: chapter.chapterId,
            forceRender: true,
            label: (
              <span className="ln-chapter-head">
                <span className="ln-chapter-title">{chapter.chapterTitle}</span>
                <span className="ln-chapter-meta">
                  <span>{plural(chapter.chapterContent.length, 'lecture')}</span>
                  <span aria-hidden="true">·</span>
                  <span>{formatDuration(chapterMinutes(chapter))}</span>
                </span>
              </span>
            ),
            children: (
              <ul className="ln-lectures">
                {chapter.chapterContent.map((lecture) => (
                  <LectureItem
                    key={lecture.lectureId}
                    lecture={lecture}
                    done={completed.has(lecture.lectureId)}
                    playing={lecture.lectureId === playingId}
                    onWatch={onWatch}
                  />
                ))}
              </ul>
            ),
          }))}
        />
      )}
    </section>
  );
}
