import type {
  Chapter,
  CourseLevel,
  EditCourseInput,
  Lecture,
  LessonInput,
  LessonKind,
  NewCourseInput,
} from '@courseport/shared-ui';
import { readingMinutes } from '@courseport/shared-ui';
import { newId } from './ids';
import { type QuizDraft, quizDraftOf, toQuizInput } from './quiz';
import { type ResourceDraft, resourceDraftsOf, toResourceInputs } from './resources';

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
  /**
   * A video lesson's source (#33): a YouTube link (`lectureUrl`) or one of the educator's hosted
   * videos (`hostedVideoId`); absent in drafts kept before hosted videos: a YouTube link.
   */
  videoSource?: VideoSource;
  /** A hosted video lesson's video ('' while none is chosen). */
  hostedVideoId?: string;
  isPreviewFree: boolean;
  lectureOrder: number;
  /** The lesson's kind (#32); absent in drafts kept before kinds: a video. */
  lessonKind?: LessonKind;
  /** Articles: the rich text (HTML). */
  articleHtml?: string;
  /** Projects: the brief (HTML). */
  projectBrief?: string;
  /** Quizzes: the quiz as it is being written (with its answer key). */
  quiz?: QuizDraft | null;
  /** Files uploaded and links, on any kind. */
  resources?: ResourceDraft[];
}

export type VideoSource = 'youtube' | 'hosted';

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
export type LectureFields = Pick<
  LectureDraft,
  | 'lectureTitle'
  | 'lectureDuration'
  | 'lectureUrl'
  | 'videoSource'
  | 'hostedVideoId'
  | 'isPreviewFree'
  | 'lessonKind'
  | 'articleHtml'
  | 'projectBrief'
  | 'quiz'
  | 'resources'
> & {
  /** A saved quiz lesson whose quiz did not come with the course: left out of the edit, it stays as saved. */
  keepsSavedQuiz?: boolean;
};

export const EMPTY_LECTURE: LectureFields = {
  lectureTitle: '',
  lectureDuration: '',
  lectureUrl: '',
  videoSource: 'youtube',
  hostedVideoId: '',
  isPreviewFree: false,
  lessonKind: 'video',
  articleHtml: '',
  projectBrief: '',
  quiz: null,
  resources: [],
};

/** The lesson fields of a draft (what the lesson dialog edits). */
export const lectureFieldsOf = (lecture: LectureDraft): LectureFields => ({
  lectureTitle: lecture.lectureTitle,
  lectureDuration: lecture.lectureDuration,
  lectureUrl: lecture.lectureUrl,
  videoSource: videoSourceOf(lecture),
  hostedVideoId: lecture.hostedVideoId ?? '',
  isPreviewFree: lecture.isPreviewFree,
  lessonKind: lecture.lessonKind ?? 'video',
  articleHtml: lecture.articleHtml ?? '',
  projectBrief: lecture.projectBrief ?? '',
  quiz: lecture.quiz ?? null,
  resources: lecture.resources ?? [],
  keepsSavedQuiz: Boolean(lecture.savedId) && lecture.lessonKind === 'quiz' && !lecture.quiz,
});

/** A video lesson's source: the one it was given, else a hosted video when it has one, else YouTube. */
export const videoSourceOf = (lecture: Pick<LectureDraft, 'videoSource' | 'hostedVideoId'>): VideoSource =>
  lecture.videoSource ?? (lecture.hostedVideoId ? 'hosted' : 'youtube');

/** The minutes a lesson is sent with: an article's reading time, else the typed minutes (blank: missing). */
export function lessonMinutes(fields: LectureFields): number | undefined {
  if ((fields.lessonKind ?? 'video') === 'article') return readingMinutes(fields.articleHtml ?? '');
  return fields.lectureDuration.trim() === '' ? undefined : Number(fields.lectureDuration);
}

/**
 * One lesson as the course form sends it (`LessonInput`): only its kind's own field, no
 * `lessonKind` for a video (as every lecture was before kinds), its resources.
 */
export function toLessonInput(fields: LectureFields): LessonInput {
  const kind = fields.lessonKind ?? 'video';
  const quiz = kind === 'quiz' && fields.quiz ? toQuizInput(fields.quiz) : undefined;
  return {
    lectureTitle: fields.lectureTitle,
    lectureDuration: lessonMinutes(fields) as number,
    ...(kind === 'video' ? videoOf(fields) : { lessonKind: kind }),
    isPreviewFree: fields.isPreviewFree,
    ...(kind === 'article' ? { articleHtml: fields.articleHtml ?? '' } : {}),
    ...(kind === 'project' ? { projectBrief: fields.projectBrief ?? '' } : {}),
    ...(quiz ? { quizDefinition: quiz } : {}),
    // None is the same as an empty list to the server (a lesson without resources has none).
    ...(fields.resources?.length ? { resources: toResourceInputs(fields.resources) } : {}),
  };
}

/** A video lesson's one source: its YouTube link, or its hosted video (none while none is chosen). */
function videoOf(fields: LectureFields): Pick<LessonInput, 'lectureUrl' | 'hostedVideoId'> {
  if (videoSourceOf(fields) === 'youtube') return { lectureUrl: fields.lectureUrl };
  return fields.hostedVideoId ? { hostedVideoId: fields.hostedVideoId } : {};
}

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
      videoSource: lecture.hostedVideoId ? ('hosted' as const) : ('youtube' as const),
      hostedVideoId: lecture.hostedVideoId ?? '',
      isPreviewFree: lecture.isPreviewFree,
      lectureOrder: lecture.lectureOrder,
      ...lessonPartsOf(lecture),
    })),
  }));
}

/** A saved lesson's kind, rich text, quiz (the owner's definition, ids kept) and resources, as draft fields. */
function lessonPartsOf(lecture: Lecture): Partial<LectureDraft> {
  return {
    lessonKind: lecture.lessonKind ?? 'video',
    articleHtml: lecture.articleHtml ?? '',
    projectBrief: lecture.projectBrief ?? '',
    quiz: lecture.quizDefinition ? quizDraftOf(lecture.quizDefinition) : null,
    resources: resourceDraftsOf(lecture.resources ?? []),
  };
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
      chapterContent: chapter.chapterContent.map((lecture) => toLessonInput(lectureFieldsOf(lecture))),
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
