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

/** Chapters, and the lectures in each, in their order (new arrays). */
export declare function orderedChapters(course: CourseContent): Chapter[];
/** Minutes of every lecture of a chapter. */
export declare const chapterMinutes: (chapter: Chapter) => number;
/** Minutes of every lecture of a course. */
export declare const courseMinutes: (course: CourseContent) => number;
/** Number of lectures of a course. */
export declare const lectureCount: (course: CourseContent) => number;
/** Chapters, lectures and minutes of a course at once. */
export declare const courseStats: (course: CourseContent) => CourseStats;
/** The completion of a course from the ids of the lectures the student completed. */
export declare function courseCompletion(course: CourseContent, completedIds: ReadonlySet<string>): CourseCompletion;
/** The percent text of a progress bar, whole numbers only: 33.3 → '33%'. */
export declare const percentText: (percent?: number) => string;
/** The video id of a lecture anyone may watch, or null when it is not a free preview. */
export declare function previewVideoId(lecture: Lecture): string | null;
/** The lectures with a video, in course order (chapters and lectures by their order): what the player plays. */
export declare const playableLectures: (course: CourseContent) => Lecture[];
/**
 * Where "Continue" takes the student: the lecture of the saved position, else the first playable
 * lecture not completed; null when there is none (everything done and nothing saved).
 */
export declare function lectureToContinue(
  course: CourseContent,
  completed: ReadonlySet<string>,
  savedLectureId: string | undefined,
): Lecture | null;
