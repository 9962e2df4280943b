import type { LessonNote } from '@courseport/contracts';
import { NOTES_PER_COURSE_MAX, videoTimestamp } from '@courseport/contracts/discussions';
import type { Clock } from '../../clock.js';
import { conflict, notFound } from '../../http/errors.js';
import { ConflictError, ID_PATTERN, newId, type Store } from '../../store/index.js';
import { COURSE_NOT_FOUND, type CourseDoc, courseRecords } from '../courses/index.js';
import { type NoteDoc, noteRepositories } from './repository.js';

export const NOTE_NOT_FOUND = 'Note not found';
export const LESSON_NOT_FOUND = 'Lesson not found';
export const NOTES_FULL = `You have reached the limit of ${NOTES_PER_COURSE_MAX} notes in this course. Delete some to write new ones.`;

/** Passes if the student is enrolled: 404 for no such course (or one they may not see), 403 when not enrolled. */
export type EnrollmentCheck = (userId: string, courseId: string) => Promise<void>;

type Lessons = Map<string, { position: number; lectureTitle: string; chapterTitle: string }>;

/** The course's lessons in the order the player shows them (chapter order, then lesson order). */
function lessonsOf(course: Pick<CourseDoc, 'courseContent'>): Lessons {
  const lessons: Lessons = new Map();
  const chapters = [...(course.courseContent ?? [])].sort((a, b) => a.chapterOrder - b.chapterOrder);
  for (const chapter of chapters) {
    const lectures = [...chapter.chapterContent].sort((a, b) => a.lectureOrder - b.lectureOrder);
    for (const lecture of lectures)
      lessons.set(lecture.lectureId, {
        position: lessons.size,
        lectureTitle: lecture.lectureTitle,
        chapterTitle: chapter.chapterTitle,
      });
  }
  return lessons;
}

const view = (doc: NoteDoc): LessonNote => ({
  _id: doc._id,
  courseId: doc.courseId,
  lectureId: doc.lectureId,
  text: doc.text,
  videoSeconds: doc.videoSeconds ?? null,
  createdAt: new Date(doc.createdAt).toISOString(),
  updatedAt: new Date(doc.updatedAt).toISOString(),
});

/** A heading's text on one line, without what Markdown would read as markup at its start. */
const headingText = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[#>*+-]+\s*/, '') || 'Untitled';

/** A note as a Markdown list item: its time first, its further lines indented under it. */
function noteItem(note: NoteDoc): string {
  const time = note.videoSeconds === undefined ? '' : `${videoTimestamp(note.videoSeconds)} `;
  const [first = '', ...rest] = note.text.split('\n');
  return [`- ${time}${first}`, ...rest.map((line) => (line ? `  ${line}` : ''))].join('\n');
}

/**
 * A student's private notes on a course's lessons, with the video's time when taken. Only the
 * student ever reads theirs: every read is by the caller's own user id.
 */
export function notesService(store: Store, clock: Clock, checkEnrolled: EnrollmentCheck) {
  const { notes, counts } = noteRepositories(store);
  const courses = courseRecords(store);

  /** The course's lessons if the student may take notes in it (and the lesson, if given, is one). */
  async function lessonsFor(userId: string, courseId: string, lectureId?: string) {
    if (!ID_PATTERN.test(courseId)) throw notFound(COURSE_NOT_FOUND);
    await checkEnrolled(userId, courseId);
    const course = await courses.byId(courseId, { courseTitle: 1, courseContent: 1 });
    if (!course) throw notFound(COURSE_NOT_FOUND);
    const lessons = lessonsOf(course);
    if (lectureId !== undefined && !lessons.has(lectureId)) throw notFound(LESSON_NOT_FOUND);
    return { course, lessons };
  }

  /** The student's own note; anyone else's is 404 as an unknown one. */
  async function ownNote(userId: string, id: string): Promise<NoteDoc> {
    const doc = ID_PATTERN.test(id) ? await notes.findOne({ _id: id, userId }) : null;
    if (!doc) throw notFound(NOTE_NOT_FOUND);
    return doc;
  }

  /** Lesson order, then the video's time (notes without one after), then when written. */
  function ordered(docs: NoteDoc[], lessons: Lessons): NoteDoc[] {
    const position = (doc: NoteDoc) => lessons.get(doc.lectureId)?.position ?? Number.MAX_SAFE_INTEGER;
    return [...docs].sort(
      (a, b) =>
        position(a) - position(b) ||
        (a.videoSeconds ?? Number.MAX_SAFE_INTEGER) - (b.videoSeconds ?? Number.MAX_SAFE_INTEGER) ||
        new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
    );
  }

  return {
    async list(userId: string, courseId: string, lectureId?: string): Promise<LessonNote[]> {
      const { lessons } = await lessonsFor(userId, courseId, lectureId);
      const found = await notes.find({ userId, courseId, ...(lectureId ? { lectureId } : {}) });
      return ordered(found, lessons).map(view);
    },

    /** A new note: counted first (409 past the course's limit), the count given back if the write fails. */
    async create(
      userId: string,
      courseId: string,
      input: { lectureId: string; text: string; videoSeconds?: number | undefined },
    ): Promise<LessonNote> {
      await lessonsFor(userId, courseId, input.lectureId);
      const counter = `${userId}:${courseId}`;
      try {
        await counts.insertOne({ _id: counter, courseId, count: 0 });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
      const counted = await counts.findOneAndUpdate(
        { _id: counter, count: { $lt: NOTES_PER_COURSE_MAX } },
        { $inc: { count: 1 } },
      );
      if (!counted) throw conflict(NOTES_FULL);
      const now = clock.now();
      const doc: NoteDoc = {
        _id: newId(),
        userId,
        courseId,
        lectureId: input.lectureId,
        text: input.text,
        ...(typeof input.videoSeconds === 'number' ? { videoSeconds: input.videoSeconds } : {}),
        createdAt: now,
        updatedAt: now,
      };
      try {
        await notes.insertOne(doc);
      } catch (error) {
        await counts.updateOne({ _id: counter }, { $inc: { count: -1 } }).catch(() => {});
        throw error;
      }
      return view(doc);
    },

    async edit(
      userId: string,
      id: string,
      edit: { text?: string | undefined; videoSeconds?: number | undefined },
    ): Promise<LessonNote> {
      const doc = await ownNote(userId, id);
      const set: Record<string, unknown> = { updatedAt: clock.now() };
      if (edit.text !== undefined) set.text = edit.text;
      if (typeof edit.videoSeconds === 'number') set.videoSeconds = edit.videoSeconds;
      const updated = await notes.findOneAndUpdate({ _id: doc._id, userId }, { $set: set });
      if (!updated) throw notFound(NOTE_NOT_FOUND);
      return view(updated);
    },

    async remove(userId: string, id: string): Promise<void> {
      const doc = await ownNote(userId, id);
      if ((await notes.deleteOne({ _id: doc._id, userId })) === 0) throw notFound(NOTE_NOT_FOUND);
      await counts.updateOne({ _id: `${userId}:${doc.courseId}` }, { $inc: { count: -1 } });
    },

    /** A deleted course's notes, everyone's (the educator module's course delete). */
    async removeForCourse(courseId: string): Promise<void> {
      await notes.deleteMany({ courseId });
      await counts.deleteMany({ courseId });
    },

    /**
     * The course's notes as Markdown: the course's title, a heading per chapter and lesson that has
     * notes, each note a list item starting with its video time (`[0:42]`). Notes of lessons the
     * educator has since removed come last, under their own heading.
     */
    async exportMarkdown(userId: string, courseId: string): Promise<{ fileName: string; markdown: string }> {
      const { course, lessons } = await lessonsFor(userId, courseId);
      const found = ordered(await notes.find({ userId, courseId }), lessons);
      const lines = [`# Notes: ${headingText(course.courseTitle)}`, ''];
      let chapter: string | null = null;
      let lesson: string | null = null;
      for (const note of found) {
        const where = lessons.get(note.lectureId);
        const chapterTitle = where ? where.chapterTitle : 'Removed lessons';
        if (chapterTitle !== chapter) {
          lines.push(`## ${headingText(chapterTitle)}`, '');
          chapter = chapterTitle;
          lesson = null;
        }
        const lessonKey = where ? note.lectureId : 'removed';
        if (lessonKey !== lesson) {
          if (where) lines.push(`### ${headingText(where.lectureTitle)}`, '');
          lesson = lessonKey;
        }
        lines.push(noteItem(note), '');
      }
      if (found.length === 0) lines.push('_No notes yet._', '');
      const slug =
        course.courseTitle
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-+|-+$/g, '')
          .slice(0, 60) || 'course';
      return { fileName: `${slug}-notes.md`, markdown: `${lines.join('\n').trimEnd()}\n` };
    },
  };
}

export type NotesService = ReturnType<typeof notesService>;
