import {
  type Chapter,
  courseIncludes,
  includesLine,
  type Lecture,
  LectureRow,
  previewHostedVideoId,
  previewVideoId,
  CourseStructure as SharedCourseStructure,
} from '@courseport/shared-ui';

/** The free preview chosen: a YouTube video, or one the platform hosts (#33). */
export interface PreviewChoice {
  lecture: Lecture;
  videoId: string;
  hosted: boolean;
}

/** A lesson on the course page: its kind (icon and words), and Preview when it is a free video. */
function PreviewableLecture({ lecture, onPreview }: { lecture: Lecture; onPreview: (choice: PreviewChoice) => void }) {
  const hostedVideoId = previewHostedVideoId(lecture);
  const videoId = hostedVideoId ?? previewVideoId(lecture);
  const hosted = hostedVideoId !== null;
  return (
    <LectureRow
      lecture={lecture}
      action={
        videoId
          ? { text: 'Preview', className: 'sf-lecture-preview', onClick: () => onPreview({ lecture, videoId, hosted }) }
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
      summary={
        <>
          <IncludesLine chapters={chapters} />
          <CaptionsLine chapters={chapters} />
        </>
      }
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

/** Language names in the page's language (English), the same on the server and in the browser. */
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** The caption languages of the course's hosted lessons (#33), by name: ['English', 'Hindi']. */
export function captionLanguageNames(chapters: Chapter[]): string[] {
  const tags = new Set(
    chapters.flatMap((chapter) =>
      chapter.chapterContent.flatMap((lecture) => (lecture.hostedVideoId ? (lecture.captionLanguages ?? []) : [])),
    ),
  );
  const names = [...tags].map((tag) => {
    try {
      return LANGUAGE_NAMES.of(tag) ?? tag;
    } catch {
      return tag;
    }
  });
  return [...new Set(names)].sort((a, b) => a.localeCompare(b, 'en'));
}

/** 'Captions: English, Hindi'; nothing for a course whose hosted lessons have no captions. */
export function CaptionsLine({ chapters, className = 'sf-includes' }: { chapters: Chapter[]; className?: string }) {
  const names = captionLanguageNames(chapters);
  if (names.length === 0) return null;
  return (
    <p className={className}>
      <span className="sf-includes-label">Captions: </span>
      {names.join(', ')}
    </p>
  );
}
