import {
  type Chapter,
  type Lecture,
  LectureRow,
  previewVideoId,
  CourseStructure as SharedCourseStructure,
} from '@courseport/shared-ui';

export interface PreviewChoice {
  lecture: Lecture;
  videoId: string;
}

function PlayIcon() {
  return (
    <svg className="cp-lecture-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10 8.5l5.5 3.5-5.5 3.5z" fill="currentColor" />
    </svg>
  );
}

/** A lecture on the course page: Preview when it is free and has a video. */
function PreviewableLecture({ lecture, onPreview }: { lecture: Lecture; onPreview: (choice: PreviewChoice) => void }) {
  const videoId = previewVideoId(lecture);
  return (
    <LectureRow
      lecture={lecture}
      icon={<PlayIcon />}
      action={
        videoId
          ? { text: 'Preview', className: 'sf-lecture-preview', onClick: () => onPreview({ lecture, videoId }) }
          : null
      }
    />
  );
}

/** 'Course Structure' on the course page: every chapter closed at first, Preview on free lectures. */
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
      empty={<p className="sf-muted">The educator has not added any chapters yet.</p>}
      renderLecture={(lecture) => <PreviewableLecture lecture={lecture} onPreview={onPreview} />}
    />
  );
}
