import {
  type Chapter,
  courseIncludes,
  includesLine,
  type Lecture,
  LectureRow,
  previewVideoId,
  CourseStructure as SharedCourseStructure,
} from '@courseport/shared-ui';

export interface PreviewChoice {
  lecture: Lecture;
  videoId: string;
}

/** A lesson on the course page: its kind (icon and words), and Preview when it is a free video. */
function PreviewableLecture({ lecture, onPreview }: { lecture: Lecture; onPreview: (choice: PreviewChoice) => void }) {
  const videoId = previewVideoId(lecture);
  return (
    <LectureRow
      lecture={lecture}
      action={
        videoId
          ? { text: 'Preview', className: 'sf-lecture-preview', onClick: () => onPreview({ lecture, videoId }) }
          : null
      }
    />
  );
}

/**
 * 'Course Structure' on the course page: what the course includes ('24 videos · 3 quizzes · 12
 * resources · 1 project') under its heading, every chapter closed at first, each lesson's kind,
 * Preview on free videos.
 */
export function CourseStructure({
  chapters,
  onPreview,
}: {
  chapters: Chapter[];
  onPreview: (choice: PreviewChoice) => void;
}) {
  return (
    <SharedCourseStructure
      chapters={chapters}
      className="sf-course-section"
      titleClassName="sf-course-section-title"
      summary={<IncludesLine chapters={chapters} />}
      empty={<p className="sf-muted">The educator has not added any chapters yet.</p>}
      renderLecture={(lecture) => <PreviewableLecture lecture={lecture} onPreview={onPreview} />}
    />
  );
}

/** 'This course includes 24 videos · 3 quizzes · 12 resources · 1 project'; nothing for a course without lessons. */
export function IncludesLine({ chapters, className = 'sf-includes' }: { chapters: Chapter[]; className?: string }) {
  const line = includesLine(courseIncludes(chapters));
  if (!line) return null;
  return (
    <p className={className}>
      <span className="sf-includes-label">This course includes </span>
      {line}
    </p>
  );
}
