/**
 * What the player's lesson tabs (#35: Q&A, notes, announcements) know of the player: the course,
 * the lesson playing, and its video (where it is, seeking). Shared by the player and the tabs'
 * features, which never import each other.
 */

/** The lesson's video, whichever player plays it (YouTube's or the hosted one). */
export interface LessonVideo {
  /** Seconds into the video being played, or null when no video is ready (an article, a quiz). */
  time(): number | null;
  /** Seeks the ready video to `seconds`; false when there is none. */
  seek(seconds: number): boolean;
}

export interface LessonTabProps {
  courseId: string;
  /** The lesson being shown, or null before one is chosen. */
  lectureId: string | null;
  lectureTitle: string | null;
  /** The course's educator (they may accept answers too). */
  educatorId: string | null;
  /** Every lesson's title by id (a course-wide list names each item's lesson). */
  lessonTitles: ReadonlyMap<string, string>;
  video: LessonVideo;
  /** Opens a lesson of the course (at `seconds` into its video); the lesson playing seeks there. */
  openLesson: (lectureId: string, seconds?: number) => void;
}

/** `0:42`, `1:02:05`: a video time for people (the `[0:42]` of a note, without the brackets). */
export function clockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A post's date for people: '29 Nov 2026'. */
export function shortDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
