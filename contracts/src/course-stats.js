/**
 * Figures of a course's content (chapters → lectures), shared by the storefront (course page),
 * the learner portal (enrollments, player) and anything else that counts lectures or minutes.
 * Missing `courseContent`/`chapterContent` count as empty.
 */
/** @import { Chapter, Lecture } from './types.js' */
/** @import { CourseContent, CourseCompletion, CourseStats } from './course-stats.js' */
import { videoIdFromUrl } from './format.js';

/** @type {<T>(order: (item: T) => number) => (a: T, b: T) => number} */
const byOrder = (order) => (a, b) => order(a) - order(b);

/** @type {(course: CourseContent) => readonly Chapter[]} */
const chaptersOf = (course) => course.courseContent ?? [];

/**
 * Chapters, and the lectures in each, in their order (new arrays; the course is left as it is).
 * @param {CourseContent} course
 * @returns {Chapter[]}
 */
export function orderedChapters(course) {
  return [...chaptersOf(course)].sort(byOrder((c) => c.chapterOrder)).map((chapter) => ({
    ...chapter,
    chapterContent: [...(chapter.chapterContent ?? [])].sort(byOrder((l) => l.lectureOrder)),
  }));
}

/**
 * Minutes of every lecture of a chapter.
 * @param {Chapter} chapter
 * @returns {number}
 */
export const chapterMinutes = (chapter) =>
  (chapter.chapterContent ?? []).reduce((sum, lecture) => sum + (lecture.lectureDuration || 0), 0);

/**
 * Minutes of every lecture of a course.
 * @param {CourseContent} course
 * @returns {number}
 */
export const courseMinutes = (course) => chaptersOf(course).reduce((sum, chapter) => sum + chapterMinutes(chapter), 0);

/**
 * Number of lectures of a course.
 * @param {CourseContent} course
 * @returns {number}
 */
export const lectureCount = (course) =>
  chaptersOf(course).reduce((sum, chapter) => sum + (chapter.chapterContent ?? []).length, 0);

/**
 * Chapters, lectures and minutes of a course at once.
 * @param {CourseContent} course
 * @returns {CourseStats}
 */
export const courseStats = (course) => ({
  chapters: chaptersOf(course).length,
  lectures: lectureCount(course),
  minutes: courseMinutes(course),
});

/**
 * The completion of a course from the ids of the lectures the student completed. Only the course's
 * current lectures count: one the educator removed since is not part of the course any more.
 * @param {CourseContent} course
 * @param {ReadonlySet<string>} completedIds
 * @returns {CourseCompletion}
 */
export function courseCompletion(course, completedIds) {
  const total = lectureCount(course);
  const completed = chaptersOf(course).reduce(
    (sum, chapter) =>
      sum + (chapter.chapterContent ?? []).filter((lecture) => completedIds.has(lecture.lectureId)).length,
    0,
  );
  return {
    completed,
    total,
    percent: total > 0 ? (completed * 100) / total : 0,
    done: total > 0 && completed >= total,
  };
}

/**
 * The percent text of a progress bar: whole numbers only.
 * @param {number} [percent]
 * @returns {string}
 */
export const percentText = (percent) => `${Math.round(percent ?? 0)}%`;

/**
 * The video id of a lecture anyone may watch, or null when it is not a free preview.
 * @param {Lecture} lecture
 * @returns {string | null}
 */
export function previewVideoId(lecture) {
  if (!lecture.isPreviewFree || !lecture.lectureUrl) return null;
  return videoIdFromUrl(lecture.lectureUrl) || null;
}

/**
 * The lectures with a video, in course order (chapters and lectures by their order): what the
 * player plays.
 * @param {CourseContent} course
 * @returns {Lecture[]}
 */
export const playableLectures = (course) =>
  orderedChapters(course)
    .flatMap((chapter) => chapter.chapterContent)
    .filter((lecture) => videoIdFromUrl(lecture.lectureUrl) !== '');

/**
 * Where "Continue" takes the student: the lecture of the saved position, else the first playable
 * lecture not completed; null when there is none (everything done and nothing saved).
 * @param {CourseContent} course
 * @param {ReadonlySet<string>} completed
 * @param {string | undefined} savedLectureId
 * @returns {Lecture | null}
 */
export function lectureToContinue(course, completed, savedLectureId) {
  const lectures = playableLectures(course);
  return (
    lectures.find((lecture) => lecture.lectureId === savedLectureId) ??
    lectures.find((lecture) => !completed.has(lecture.lectureId)) ??
    null
  );
}
