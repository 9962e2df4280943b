import type { Chapter, CourseDetails } from '@courseport/shared-ui';

const byOrder =
  <T>(order: (item: T) => number) =>
  (a: T, b: T) =>
    order(a) - order(b);

/** Chapters, and the lectures in each, in their order. */
export function orderedChapters(course: CourseDetails): Chapter[] {
  return [...(course.courseContent ?? [])].sort(byOrder((c) => c.chapterOrder)).map((chapter) => ({
    ...chapter,
    chapterContent: [...(chapter.chapterContent ?? [])].sort(byOrder((l) => l.lectureOrder)),
  }));
}

/** Minutes of every lecture of a chapter. */
export const chapterMinutes = (chapter: Chapter) =>
  (chapter.chapterContent ?? []).reduce((sum, lecture) => sum + (lecture.lectureDuration || 0), 0);

/** Minutes of every lecture of a course. */
export const courseMinutes = (course: CourseDetails) =>
  (course.courseContent ?? []).reduce((sum, chapter) => sum + chapterMinutes(chapter), 0);

/** Number of lectures of a course. */
export const lectureCount = (course: CourseDetails) =>
  (course.courseContent ?? []).reduce((sum, chapter) => sum + (chapter.chapterContent ?? []).length, 0);

/** How far a student is through a course. */
export interface CourseCompletion {
  completed: number;
  total: number;
  /** completed × 100 / total; 0 for a course without lectures. */
  percent: number;
  /** Every lecture is done (and there is at least one). */
  done: boolean;
}

/** The completion of a course from the ids of the lectures the student completed. */
export function courseCompletion(course: CourseDetails, completedIds: ReadonlySet<string>): CourseCompletion {
  const total = lectureCount(course);
  const completed = Math.min(completedIds.size, total);
  return {
    completed,
    total,
    percent: total > 0 ? (completed * 100) / total : 0,
    done: total > 0 && completed >= total,
  };
}

/** The percent text of a progress bar: whole numbers only. */
export const percentText = (percent?: number) => `${Math.round(percent ?? 0)}%`;
