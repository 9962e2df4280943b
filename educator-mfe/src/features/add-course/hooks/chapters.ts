import type { Chapter, CourseLevel, EditCourseInput, NewCourseInput } from '@courseport/shared-ui';
import { newId } from './ids';

/** A lecture being written. The duration stays as typed until the course is sent. */
export interface LectureDraft {
  /** The draft's own key (the saved id for a saved lecture). */
  lectureId: string;
  /** The server's id of a lecture that is already saved: sent back with an edit, so it stays the same. */
  savedId?: string;
  lectureTitle: string;
  /** Minutes, as typed. */
  lectureDuration: string;
  lectureUrl: string;
  isPreviewFree: boolean;
  lectureOrder: number;
}

export interface ChapterDraft {
  /** The draft's own key (the saved id for a saved chapter). */
  chapterId: string;
  /** The server's id of a chapter that is already saved. */
  savedId?: string;
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

export function renameChapter(chapters: ChapterDraft[], chapterId: string, name: string): ChapterDraft[] {
  const chapterTitle = name.trim();
  if (!chapterTitle) return chapters;
  return chapters.map((chapter) => (chapter.chapterId === chapterId ? { ...chapter, chapterTitle } : chapter));
}

/** Replaces a lecture's fields (its ids and place stay). */
export function editLecture(
  chapters: ChapterDraft[],
  chapterId: string,
  lectureId: string,
  fields: LectureFields,
): ChapterDraft[] {
  return chapters.map((chapter) =>
    chapter.chapterId === chapterId
      ? {
          ...chapter,
          chapterContent: chapter.chapterContent.map((l) => (l.lectureId === lectureId ? { ...l, ...fields } : l)),
        }
      : chapter,
  );
}

/** `list` with the item at `from` moved to `to` (the others keep their order). */
export function moveItem<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Moves the chapter `activeId` to where `overId` is. */
export function moveChapter(chapters: ChapterDraft[], activeId: string, overId: string): ChapterDraft[] {
  const ids = chapters.map((c) => c.chapterId);
  return moveItem(chapters, ids.indexOf(activeId), ids.indexOf(overId)).map((chapter, index) =>
    chapter.chapterOrder === index + 1 ? chapter : { ...chapter, chapterOrder: index + 1 },
  );
}

/** Moves the lecture `activeId` to where `overId` is, within one chapter. */
export function moveLecture(chapters: ChapterDraft[], chapterId: string, activeId: string, overId: string) {
  return chapters.map((chapter) => {
    if (chapter.chapterId !== chapterId) return chapter;
    const ids = chapter.chapterContent.map((l) => l.lectureId);
    const moved = moveItem(chapter.chapterContent, ids.indexOf(activeId), ids.indexOf(overId));
    return { ...chapter, chapterContent: moved.map((l, index) => ({ ...l, lectureOrder: index + 1 })) };
  });
}

/** A saved course's chapters as drafts (ids kept, collapsed chapters open). */
export function draftsOf(content: Chapter[]): ChapterDraft[] {
  return content.map((chapter) => ({
    chapterId: chapter.chapterId,
    savedId: chapter.chapterId,
    chapterTitle: chapter.chapterTitle,
    chapterOrder: chapter.chapterOrder,
    collapsed: false,
    chapterContent: chapter.chapterContent.map((lecture) => ({
      lectureId: lecture.lectureId,
      savedId: lecture.lectureId,
      lectureTitle: lecture.lectureTitle,
      lectureDuration: String(lecture.lectureDuration),
      lectureUrl: lecture.lectureUrl ?? '',
      isPreviewFree: lecture.isPreviewFree,
      lectureOrder: lecture.lectureOrder,
    })),
  }));
}

/** The form's values. The antd number inputs give null when emptied. */
export interface CourseFields {
  courseTitle: string;
  coursePrice: number | null;
  discount: number | null;
  /** A category slug; '' (or absent) for none. */
  category?: string;
  /** A `CourseLevel`; '' (or absent) for not set. */
  level?: CourseLevel | '';
}

/** The form's category or level as the API has it: null for none. */
const orNull = <T extends string>(value: T | '' | null | undefined): T | null => (value ? value : null);

/** The `courseData` JSON of `POST /api/educator/add-course` (ids and orders are set by the server). */
export function toCourseInput(fields: CourseFields, description: string, chapters: ChapterDraft[]): NewCourseInput {
  return {
    courseTitle: fields.courseTitle,
    courseDescription: description,
    coursePrice: Number(fields.coursePrice),
    discount: Number(fields.discount),
    // Optional: sent only when chosen.
    ...(fields.category ? { category: fields.category } : {}),
    ...(fields.level ? { level: fields.level } : {}),
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

/**
 * The body of `PATCH /api/educator/courses/:id`: every field, and the whole content in its order;
 * saved chapters and lectures carry their ids (so they stay the same), new ones none. The category
 * and the level are sent when chosen, or as null when `saved` (the course as saved) had one and it
 * was cleared.
 */
export function toEditInput(
  fields: CourseFields,
  description: string,
  chapters: ChapterDraft[],
  saved: { category?: string | null; level?: CourseLevel | null } = {},
): EditCourseInput {
  const input = toCourseInput(fields, description, chapters);
  const category = orNull(fields.category);
  const level = orNull(fields.level);
  return {
    courseTitle: input.courseTitle,
    courseDescription: input.courseDescription,
    coursePrice: input.coursePrice,
    discount: input.discount,
    ...(category || saved.category ? { category } : {}),
    ...(level || saved.level ? { level } : {}),
    courseContent: input.courseContent.map((chapter, c) => {
      const draft = chapters[c] as ChapterDraft;
      return {
        ...(draft.savedId ? { chapterId: draft.savedId } : {}),
        chapterTitle: chapter.chapterTitle,
        chapterContent: chapter.chapterContent.map((lecture, l) => {
          const savedId = draft.chapterContent[l]?.savedId;
          return { ...(savedId ? { lectureId: savedId } : {}), ...lecture };
        }),
      };
    }),
  };
}

/** The multipart body: `courseData` (JSON text) and `image` (the thumbnail). */
export function courseFormData(input: NewCourseInput, thumbnail: File): FormData {
  const body = new FormData();
  body.append('courseData', JSON.stringify(input));
  body.append('image', thumbnail);
  return body;
}
