import {
  Button,
  type Chapter,
  chapterMinutes,
  formatDuration,
  type Lecture,
  plural,
  previewVideoId,
} from '@courseport/shared-ui';
import { useState } from 'react';

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
            aria-label={`Preview ${lecture.lectureTitle}`}
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

function Chevron() {
  return (
    <svg className="sf-chapter-chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

/** One chapter: a heading button that shows or hides its lectures (all closed at first). */
function ChapterPanel({ chapter, onPreview }: { chapter: Chapter; onPreview: (choice: PreviewChoice) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = `sf-chapter-${chapter.chapterId}`;
  return (
    <div className={open ? 'sf-chapter sf-chapter-open' : 'sf-chapter'}>
      <h3 className="sf-chapter-heading">
        <button
          type="button"
          className="sf-chapter-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <Chevron />
          <span className="sf-chapter-head">
            <span className="sf-chapter-title">{chapter.chapterTitle}</span>
            <span className="sf-chapter-meta">
              <span>{plural(chapter.chapterContent.length, 'lecture')}</span>
              <span aria-hidden="true">·</span>
              <span>{formatDuration(chapterMinutes(chapter))}</span>
            </span>
          </span>
        </button>
      </h3>
      <ul id={panelId} className="sf-lectures" hidden={!open}>
        {chapter.chapterContent.map((lecture) => (
          <LectureRow key={lecture.lectureId} lecture={lecture} onPreview={onPreview} />
        ))}
      </ul>
    </div>
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
        <div className="sf-chapters">
          {chapters.map((chapter) => (
            <ChapterPanel key={chapter.chapterId} chapter={chapter} onPreview={onPreview} />
          ))}
        </div>
      )}
    </section>
  );
}
