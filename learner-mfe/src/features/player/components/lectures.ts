import {
  type Chapter,
  hasLectureVideo,
  type Lecture,
  lessonKindOf,
  playableLectures,
  videoIdFromUrl,
} from '@courseport/shared-ui';

/** A lecture with its place in the course. */
export interface LecturePosition {
  lecture: Lecture;
  /** 'chapter.lecture', counted from 1: '1.2' is the second lecture of the first chapter. */
  number: string;
  /** The YouTube id of its video; '' when it has none (or plays a hosted video, `lecture.hostedVideoId`). */
  videoId: string;
}

export const lectureVideoId = (lecture: Lecture) => videoIdFromUrl(lecture.lectureUrl);

/** Whether the player can open the lesson: an article, a quiz, a project, or a video lesson with a video (YouTube or hosted). */
export const isOpenable = (lecture: Lecture) => lessonKindOf(lecture) !== 'video' || hasLectureVideo(lecture);

/** Finds a lecture in the (ordered) chapters. */
export function findLecture(chapters: Chapter[], lectureId: string): LecturePosition | null {
  for (const [chapterIndex, chapter] of chapters.entries()) {
    const lectureIndex = chapter.chapterContent.findIndex((l) => l.lectureId === lectureId);
    const lecture = chapter.chapterContent[lectureIndex];
    if (lecture) {
      return { lecture, number: `${chapterIndex + 1}.${lectureIndex + 1}`, videoId: lectureVideoId(lecture) };
    }
  }
  return null;
}

/** The lessons the player opens (every kind) before and after `lectureId` in course order (null at either end). */
export function neighbours(chapters: Chapter[], lectureId: string): { previous: Lecture | null; next: Lecture | null } {
  const lectures = playableLectures({ courseContent: chapters });
  const at = lectures.findIndex((lecture) => lecture.lectureId === lectureId);
  if (at < 0) return { previous: null, next: null };
  return { previous: lectures[at - 1] ?? null, next: lectures[at + 1] ?? null };
}
