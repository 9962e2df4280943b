import type { Store } from '../../store/index.js';

/** A student's private note on a lesson: read and written by that student only, admins included. */
export interface NoteDoc {
  _id: string;
  userId: string;
  courseId: string;
  lectureId: string;
  /** Plain text (cleaned as people write it), never HTML. */
  text: string;
  /** Where the lesson's video was when the note was taken (whole seconds); absent when none was given. */
  videoSeconds?: number;
  createdAt: Date;
  updatedAt: Date;
  [key: string]: unknown;
}

/** How many notes a student keeps in a course: a conditional `$inc` keeps the limit, races included. */
export interface NoteCountDoc {
  /** `<userId>:<courseId>` */
  _id: string;
  courseId: string;
  count: number;
  [key: string]: unknown;
}

export const NOTE_INDEXES = [
  // A student's notes of a course (and of one of its lessons).
  { collection: 'lessonNotes', fields: ['userId', 'courseId', 'lectureId'] },
  // A deleted course's notes and counts.
  { collection: 'lessonNotes', fields: ['courseId'] },
  { collection: 'lessonNoteCounts', fields: ['courseId'] },
] as const;

export const noteRepositories = (store: Store) => ({
  notes: store.collection<NoteDoc>('lessonNotes'),
  counts: store.collection<NoteCountDoc>('lessonNoteCounts'),
});
