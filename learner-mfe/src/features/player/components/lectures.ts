import { type Chapter, type Lecture, videoIdFromUrl } from '@courseport/shared-ui';

/** A lecture with its place in the course. */
export interface LecturePosition {
  lecture: Lecture;
  /** 'chapter.lecture', counted from 1: '1.2' is the second lecture of the first chapter. */
  number: string;
  /** The YouTube id of its video; '' when it has none. */
  videoId: string;
}

export const lectureVideoId = (lecture: Lecture) => videoIdFromUrl(lecture.lectureUrl);

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

/** The lectures with a video, in course order (chapters and lectures by their order): what the player plays. */
export const playableLectures = (chapters: Chapter[]): Lecture[] =>
  chapters.flatMap((chapter) => chapter.chapterContent).filter((lecture) => lectureVideoId(lecture) !== '');

/** The playable lectures before and after `lectureId` in course order (null at either end). */
export function neighbours(chapters: Chapter[], lectureId: string): { previous: Lecture | null; next: Lecture | null } {
  const lectures = playableLectures(chapters);
  const at = lectures.findIndex((lecture) => lecture.lectureId === lectureId);
  if (at < 0) return { previous: null, next: null };
  return { previous: lectures[at - 1] ?? null, next: lectures[at + 1] ?? null };
}

/**
 * Where "Continue" takes the student: the lecture of the saved position, else the first playable
 * lecture not completed; null when there is none (everything done and nothing saved).
 */
export function lectureToContinue(
  chapters: Chapter[],
  completed: ReadonlySet<string>,
  savedLectureId: string | undefined,
): Lecture | null {
  const lectures = playableLectures(chapters);
  return (
    lectures.find((lecture) => lecture.lectureId === savedLectureId) ??
    lectures.find((lecture) => !completed.has(lecture.lectureId)) ??
    null
  );
}
