import { Fragment, type HTMLAttributes, type ReactNode, useId, useState } from 'react';
import {
  type Chapter,
  chapterMinutes,
  formatDuration,
  type Lecture,
  type LessonKind,
  lessonKindOf,
  plural,
} from '../contracts/index';
import { Button } from './Button';

export interface CourseStructureProps {
  chapters: Chapter[];
  /** One lecture's row: a `LectureRow` with the page's icon and action. */
  renderLecture: (lecture: Lecture) => ReactNode;
  /** What stands instead of the chapters when there are none. */
  empty: ReactNode;
  /** The first chapter open at first (the player); otherwise all are closed (the course page). */
  openFirst?: boolean;
  /** The chapter holding this lecture opens, at first and whenever it becomes this lecture (the one playing). */
  openLectureId?: string | null;
  /** Under the heading: a line about the whole course (what it includes). */
  summary?: ReactNode;
  /** The section's class and its 'Course Structure' heading's. */
  className?: string;
  titleClassName?: string;
}

/**
 * 'Course Structure': the chapters, each a heading button (its title, lecture count and total
 * duration) that shows or hides its lectures. No antd: the course page paints it on first load.
 */
export function CourseStructure({
  chapters,
  renderLecture,
  empty,
  openFirst = false,
  openLectureId = null,
  summary,
  className,
  titleClassName,
}: CourseStructureProps) {
  const id = useId();
  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={titleClassName}>
        Course Structure
      </h2>
      {summary}
      {chapters.length === 0 ? (
        empty
      ) : (
        <div className="cp-chapters">
          {chapters.map((chapter, index) => (
            <ChapterPanel
              key={chapter.chapterId}
              chapter={chapter}
              panelId={`${id}-chapter-${index}`}
              initiallyOpen={openFirst && index === 0}
              holdsOpenLecture={chapter.chapterContent.some((lecture) => lecture.lectureId === openLectureId)}
              renderLecture={renderLecture}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function Chevron() {
  return (
    <svg className="cp-chapter-chevron" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M4 2l4 4-4 4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function ChapterPanel({
  chapter,
  panelId,
  initiallyOpen,
  holdsOpenLecture,
  renderLecture,
}: {
  chapter: Chapter;
  panelId: string;
  initiallyOpen: boolean;
  holdsOpenLecture: boolean;
  renderLecture: (lecture: Lecture) => ReactNode;
}) {
  const [open, setOpen] = useState(initiallyOpen || holdsOpenLecture);
  // Opened when the lecture to show moves into this chapter; closing it by hand still works.
  const [held, setHeld] = useState(holdsOpenLecture);
  if (held !== holdsOpenLecture) {
    setHeld(holdsOpenLecture);
    if (holdsOpenLecture) setOpen(true);
  }
  return (
    <div className={open ? 'cp-chapter cp-chapter-open' : 'cp-chapter'}>
      <h3 className="cp-chapter-heading">
        <button
          type="button"
          className="cp-chapter-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <Chevron />
          <span className="cp-chapter-head">
            <span className="cp-chapter-title">{chapter.chapterTitle}</span>
            <span className="cp-chapter-meta">
              <span>{plural(chapter.chapterContent.length, 'lecture')}</span>
              <span aria-hidden="true">·</span>
              <span>{formatDuration(chapterMinutes(chapter))}</span>
            </span>
          </span>
        </button>
      </h3>
      <ul id={panelId} className="cp-lectures" hidden={!open}>
        {chapter.chapterContent.map((lecture) => (
          <Fragment key={lecture.lectureId}>{renderLecture(lecture)}</Fragment>
        ))}
      </ul>
    </div>
  );
}

const KIND_NAMES: Record<LessonKind, string> = { video: 'Video', article: 'Article', quiz: 'Quiz', project: 'Project' };

/**
 * What a lesson is, in words: 'Video', 'Article · 6 min read', 'Quiz · 5 questions', 'Project'
 * (an article's `lectureDuration` is its reading time).
 */
export function lessonKindText(lecture: Lecture): string {
  const kind = lessonKindOf(lecture);
  if (kind === 'article') return `Article · ${Math.max(1, Math.round(lecture.lectureDuration || 0))} min read`;
  if (kind === 'quiz' && lecture.quiz) return `Quiz · ${plural(lecture.quiz.questionCount, 'question')}`;
  return KIND_NAMES[kind];
}

const KIND_PATHS: Record<LessonKind, ReactNode> = {
  video: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 9l5 3-5 3z" fill="currentColor" />
    </>
  ),
  article: (
    <>
      <path d="M6 3h9l4 4v14H6z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M9 11h7M9 14.5h7M9 18h4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </>
  ),
  quiz: (
    <>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path
        d="M9.6 9.5a2.5 2.5 0 114 2c-.9.6-1.6 1.1-1.6 2.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
      />
      <circle cx="12" cy="17" r="1.1" fill="currentColor" />
    </>
  ),
  project: (
    <>
      <path d="M4 7h16v12H4z" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
      <path d="M9 7V5h6v2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </>
  ),
};

/** A lesson kind's small icon (decorative: the kind is said in words beside it). */
function LessonKindIcon({ lecture, className = 'cp-lecture-icon' }: { lecture: Lecture; className?: string }) {
  return (
    <svg className={className} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {KIND_PATHS[lessonKindOf(lecture)]}
    </svg>
  );
}

export interface LectureRowProps extends Omit<HTMLAttributes<HTMLLIElement>, 'children'> {
  lecture: Lecture;
  /** Before the title: the page's icon (completed…); without one, the lesson kind's icon. */
  icon?: ReactNode;
  /**
   * Before the duration: the page's small link button, if any ('Preview', 'Watch'), named for
   * screen readers with the lecture ('Watch Introduction'); `pressed` for a toggle.
   */
  action?: { text: string; onClick: () => void; className?: string; pressed?: boolean } | null;
  /** The kind's icon before its words, under the title (when the row's own icon says something else). */
  kindIcon?: boolean;
}

/**
 * One lecture of the structure: an icon, its title with its kind under it ('Quiz · 5 questions'),
 * the page's action and, for a video, its duration.
 */
export function LectureRow({ lecture, icon, action, kindIcon = false, className, ...rest }: LectureRowProps) {
  const isVideo = lessonKindOf(lecture) === 'video';
  return (
    <li className={className ? `cp-lecture ${className}` : 'cp-lecture'} {...rest}>
      {icon === undefined ? <LessonKindIcon lecture={lecture} /> : icon}
      <span className="cp-lecture-body">
        <span className="cp-lecture-title">{lecture.lectureTitle}</span>
        <span className="cp-lecture-kind">
          {kindIcon && <LessonKindIcon lecture={lecture} className="cp-lecture-kind-icon" />}
          {lessonKindText(lecture)}
        </span>
      </span>
      <span className="cp-lecture-meta">
        {action && (
          <Button
            type="link"
            size="small"
            className={action.className}
            aria-label={`${action.text} ${lecture.lectureTitle}`}
            aria-pressed={action.pressed}
            onClick={action.onClick}
          >
            {action.text}
          </Button>
        )}
        {isVideo && <span className="cp-lecture-duration">{formatDuration(lecture.lectureDuration)}</span>}
      </span>
    </li>
  );
}
