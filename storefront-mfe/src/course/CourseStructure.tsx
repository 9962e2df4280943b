import { Button, type Chapter, Collapse, formatDuration, type Lecture, plural } from '@courseport/shared-ui';
import { chapterMinutes, previewVideoId } from './courseStats';

export interface PreviewChoice {
  lecture: Lecture;
  videoId: string;
}

function PlayIcon() {
  return (
    <svg className="sf-lecture-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10 8.5l5.5 3.5-5.5 3.5z" fill="currentColor" />
    </svg>
  );
}

function LectureRow({ lecture, onPreview }: { lecture: Lecture; onPreview: (choice: PreviewChoice) => void }) {
  const videoId = previewVideoId(lecture);
  return (
    <li className="sf-lecture">
      <PlayIcon />
      <span className="sf-lecture-title">{lecture.lectureTitle}</span>
      <span className="sf-lecture-meta">
        {videoId && (
          <Button
            type="link"
            size="small"
            className="sf-lecture-preview"
            onClick={() => onPreview({ lecture, videoId })}
          >
            Preview
          </Button>
        )}
        <span className="sf-lecture-duration">{formatDuration(lecture.lectureDuration)}</span>
      </span>
    </li>
  );
}

/** 'Course Structure': the chapters, each with its lectures, lecture count and total duration. */
export function CourseStructure({
  chapters,
  onPreview,
}: {
  chapters: Chapter[];
  onPreview: (choice: PreviewChoice) => void;
}) {
  return (
    <section className="sf-course-section" aria-labelledby="sf-structure-title">
      <h2 id="sf-structure-title" className="sf-course-section-title">
        Course Structure
      </h2>
      {chapters.length === 0 ? (
        <p className="sf-muted">The educator has not added any chapters yet.</p>
      ) : (
        <Collapse
          className="sf-chapters"
          expandIconPlacement="start"
          items={chapters.map((chapter) => ({
            key: chapter.chapterId,
            forceRender: true,
            label: (
              <span className="sf-chapter-head">
                <span className="sf-chapter-title">{chapter.chapterTitle}</span>
                <span className="sf-chapter-meta">
                  <span>{plural(chapter.chapterContent.length, 'lecture')}</span>
                  <span aria-hidden="true">·</span>
                  <span>{formatDuration(chapterMinutes(chapter))}</span>
                </span>
              </span>
            ),
            children: (
              <ul className="sf-lectures">
                {chapter.chapterContent.map((lecture) => (
                  <LectureRow key={lecture.lectureId} lecture={lecture} onPreview={onPreview} />
                ))}
              </ul>
            ),
          }))}
        />
      )}
    </section>
  );
}
