import { type Chapter, CourseStructure as SharedCourseStructure } from '@courseport/shared-ui';
import { LectureItem } from './LectureItem';

export interface CourseStructureProps {
  chapters: Chapter[];
  completed: ReadonlySet<string>;
  playingId: string | null;
  onWatch: (lectureId: string) => void;
}

/**
 * 'Course Structure' in the player: the first chapter open (and the playing lecture's), each lecture
 * done or not, with Watch.
 */
export function CourseStructure({ chapters, completed, playingId, onWatch }: CourseStructureProps) {
  return (
    <SharedCourseStructure
      chapters={chapters}
      openFirst
      openLectureId={playingId}
      className="ln-structure"
      titleClassName="ln-section-title"
      empty={<p className="ln-muted">This course has no chapters yet.</p>}
      renderLecture={(lecture) => (
        <LectureItem
          lecture={lecture}
          done={completed.has(lecture.lectureId)}
          playing={lecture.lectureId === playingId}
          onWatch={onWatch}
        />
      )}
    />
  );
}
