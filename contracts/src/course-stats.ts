/**
 * Figures of a course's content (chapters → lectures), shared by the storefront (course page),
 * the learner portal (enrollments, player) and anything else that counts lectures or minutes.
 * Missing `courseContent`/`chapterContent` count as empty.
 */
import { videoIdFromUrl } from './format.js';
import { lessonKindOf } from './lessons.js';
import type { Chapter, Lecture } from './types.js';

/** Anything with a course's content: a `CourseDetails`, an `EnrolledCourse`, `{ courseContent: chapters }`. */
export interface CourseContent {
  courseContent?: readonly Chapter[] | null;
}

export interface CourseStats {
  chapters: number;
  lectures: number;
  /** Minutes of every lecture. */
  minutes: number;
}

/** How far a student is through a course. */
export interface CourseCompletion {
  completed: number;
  total: number;
  /** completed × 100 / total; 0 for a course without lectures. */
  percent: number;
  /** Every lecture is done (and there is at least one). */
  done: boolean;
}

const byOrder =
  <T>(order: (item: T) => number) =>
  (a: T, b: T): number =>
    order(a) - order(b);

const chaptersOf = (course: CourseContent): readonly Chapter[] => course.courseContent ?? [];

/** A chapter's lectures (none when the answer left them out). */
const lecturesOf = (chapter: Chapter): readonly Lecture[] => chapter.chapterContent ?? [];

/** Chapters, and the lectures in each, in their order (new arrays; the course is left as it is). */
export function orderedChapters(course: CourseContent): Chapter[] {
  return [...chaptersOf(course)].sort(byOrder((c) => c.chapterOrder)).map((chapter) => ({
    ...chapter,
    chapterContent: [...lecturesOf(chapter)].sort(byOrder((l) => l.lectureOrder)),
  }));
}

/** Minutes of every lecture of a chapter. */
export const chapterMinutes = (chapter: Chapter): number =>
  lecturesOf(chapter).reduce((sum, lecture) => sum + (lecture.lectureDuration || 0), 0);

/** Minutes of every lecture of a course. */
export const courseMinutes = (course: CourseContent): number =>
  chaptersOf(course).reduce((sum, chapter) => sum + chapterMinutes(chapter), 0);

/** Number of lectures of a course. */
export const lectureCount = (course: CourseContent): number =>
  chaptersOf(course).reduce((sum, chapter) => sum + lecturesOf(chapter).length, 0);

/** Chapters, lectures and minutes of a course at once. */
export const courseStats = (course: CourseContent): CourseStats => ({
  chapters: chaptersOf(course).length,
  lectures: lectureCount(course),
  minutes: courseMinutes(course),
});

/**
 * The completion of a course from the ids of the lectures the student completed. Only the course's
 * current lectures count: one the educator removed since is not part of the course any more.
 */
export function courseCompletion(course: CourseContent, completedIds: ReadonlySet<string>): CourseCompletion {
  const total = lectureCount(course);
  const completed = chaptersOf(course).reduce(
    (sum, chapter) => sum + lecturesOf(chapter).filter((lecture) => completedIds.has(lecture.lectureId)).length,
    0,
  );
  return {
    completed,
    total,
    percent: total > 0 ? (completed * 100) / total : 0,
    done: total > 0 && completed >= total,
  };
}

/** The percent text of a progress bar, whole numbers only: 33.3 → '33%'. */
export const percentText = (percent?: number): string => `${Math.round(percent ?? 0)}%`;

/** The video id of a lecture anyone may watch, or null when it is not a free preview. */
export function previewVideoId(lecture: Lecture): string | null {
  if (!lecture.isPreviewFree || !lecture.lectureUrl) return null;
  return videoIdFromUrl(lecture.lectureUrl) || null;
}

/** Whether a lecture has a video to play: a YouTube link, or a video the platform hosts (#33). */
export const hasLectureVideo = (lecture: Lecture): boolean =>
  videoIdFromUrl(lecture.lectureUrl) !== '' || Boolean(lecture.hostedVideoId);

/** The hosted video anyone may watch (a free preview's, signed out too), or null. */
export function previewHostedVideoId(lecture: Lecture): string | null {
  return lecture.isPreviewFree && lecture.hostedVideoId ? lecture.hostedVideoId : null;
}

/**
 * The lessons the player opens, in course order (chapters and lectures by their order): every
 * article, quiz and project (#32), and the video lessons that have a video (YouTube or hosted).
 */
export const playableLectures = (course: CourseContent): Lecture[] =>
  orderedChapters(course)
    .flatMap((chapter) => chapter.chapterContent)
    .filter((lecture) => lessonKindOf(lecture) !== 'video' || hasLectureVideo(lecture));

/**
 * Where "Continue" takes the student: the lecture of the saved position, else the first playable
 * lecture not completed; null when there is none (everything done and nothing saved).
 */
export function lectureToContinue(
  course: CourseContent,
  completed: ReadonlySet<string>,
  savedLectureId: string | undefined,
): Lecture | null {
  const lectures = playableLectures(course);
  return (
    lectures.find((lecture) => lecture.lectureId === savedLectureId) ??
    lectures.find((lecture) => !completed.has(lecture.lectureId)) ??
    null
  );
}
