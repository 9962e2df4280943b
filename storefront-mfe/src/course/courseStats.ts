import { type Chapter, type CourseDetails, type Lecture, videoIdFromUrl } from '@courseport/shared-ui';

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
  chapter.chapterContent.reduce((sum, lecture) => sum + (lecture.lectureDuration || 0), 0);

export const courseMinutes = (chapters: Chapter[]) => chapters.reduce((sum, c) => sum + chapterMinutes(c), 0);

export const lectureCount = (chapters: Chapter[]) => chapters.reduce((sum, c) => sum + c.chapterContent.length, 0);

/** The video id of a lecture anyone may watch, or null when it is not a free preview. */
export function previewVideoId(lecture: Lecture): string | null {
  if (!lecture.isPreviewFree || !lecture.lectureUrl) return null;
  return videoIdFromUrl(lecture.lectureUrl) || null;
}
