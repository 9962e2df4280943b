import type { NewCourseInput } from '@courseport/shared-ui';
import { newId } from './ids';

/** A lecture being written. The duration stays as typed until the course is sent. */
export interface LectureDraft {
  lectureId: string;
  lectureTitle: string;
  /** Minutes, as typed. */
  lectureDuration: string;
  lectureUrl: string;
  isPreviewFree: boolean;
  lectureOrder: number;
}

export interface ChapterDraft {
  chapterId: string;
  chapterTitle: string;
  chapterOrder: number;
  collapsed: boolean;
  chapterContent: LectureDraft[];
}

/** What the Add Lecture modal asks for. */
export type LectureFields = Pick<LectureDraft, 'lectureTitle' | 'lectureDuration' | 'lectureUrl' | 'isPreviewFree'>;

export const EMPTY_LECTURE: LectureFields = {
  lectureTitle: '',
  lectureDuration: '',
  lectureUrl: '',
  isPreviewFree: false,
};

/** 1 for the first item, else the last item's order + 1. */
const nextOrder = (orders: number[]) => {
  const last = orders.at(-1);
  return last === undefined ? 1 : last + 1;
};

/** Appends a chapter; a blank name adds nothing. */
export function addChapter(chapters: ChapterDraft[], name: string): ChapterDraft[] {
  const chapterTitle = name.trim();
  if (!chapterTitle) return chapters;
  return [
    ...chapters,
    {
      chapterId: newId(),
      chapterTitle,
      chapterOrder: nextOrder(chapters.map((c) => c.chapterOrder)),
      collapsed: false,
      chapterContent: [],
    },
  ];
}

export const removeChapter = (chapters: ChapterDraft[], chapterId: string) =>
  chapters.filter((chapter) => chapter.chapterId !== chapterId);

export const toggleChapter = (chapters: ChapterDraft[], chapterId: string) =>
  chapters.map((chapter) =>
    chapter.chapterId === chapterId ? { ...chapter, collapsed: !chapter.collapsed } : chapter,
  );

export function addLecture(chapters: ChapterDraft[], chapterId: string, fields: LectureFields): ChapterDraft[] {
  return chapters.map((chapter) => {
    if (chapter.chapterId !== chapterId) return chapter;
    const lecture: LectureDraft = {
      ...fields,
      lectureId: newId(),
      lectureOrder: nextOrder(chapter.chapterContent.map((l) => l.lectureOrder)),
    };
    return { ...chapter, chapterContent: [...chapter.chapterContent, lecture] };
  });
}

export function removeLecture(chapters: ChapterDraft[], chapterId: string, lectureId: string): ChapterDraft[] {
  return chapters.map((chapter) =>
    chapter.chapterId === chapterId
      ? { ...chapter, chapterContent: chapter.chapterContent.filter((l) => l.lectureId !== lectureId) }
      : chapter,
  );
}

/** The form's values. The antd number inputs give null when emptied. */
export interface CourseFields {
  courseTitle: string;
  coursePrice: number | null;
  discount: number | null;
}

/** The `courseData` JSON of `POST /api/educator/add-course` (ids and orders are set by the server). */
export function toCourseInput(fields: CourseFields, description: string, chapters: ChapterDraft[]): NewCourseInput {
  return {
    courseTitle: fields.courseTitle,
    courseDescription: description,
    coursePrice: Number(fields.coursePrice),
    discount: Number(fields.discount),
    courseContent: chapters.map((chapter) => ({
      chapterTitle: chapter.chapterTitle,
      chapterContent: chapter.chapterContent.map((lecture) => ({
        lectureTitle: lecture.lectureTitle,
        lectureDuration: Number(lecture.lectureDuration),
        lectureUrl: lecture.lectureUrl,
        isPreviewFree: lecture.isPreviewFree,
      })),
    })),
  };
}

/** The multipart body: `courseData` (JSON text) and `image` (the thumbnail). */
export function courseFormData(input: NewCourseInput, thumbnail: File): FormData {
  const body = new FormData();
  body.append('courseData', JSON.stringify(input));
  body.append('image', thumbnail);
  return body;
}
