import type { Chapter, CourseCard, EditableCourse, Lecture } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/**
 * A lesson as stored: a video's URL, an article's HTML and a project's brief always (answers leave
 * them out where the caller may not open the lesson); a quiz only as its summary, never its answer
 * key (that is the quizzes module's). `lessonKind` is absent on videos, as on lectures from before kinds.
 */
export interface LectureDoc extends Omit<Lecture, 'quizDefinition'> {}

export interface ChapterDoc extends Chapter {
  chapterContent: LectureDoc[];
}

/**
 * A course as stored: the fields of the owner's view (`EditableCourse`) and of the catalog's card
 * (`CourseCard`) under their names and types (Dates for the times), and what only the store keeps.
 * `courseThumbnail` is a JPEG rendition's URL (`<base>/640.jpeg`), for a course from before
 * renditions `<api>/api/media/<id>`; `thumbnail` is absent until an older course's image has been
 * processed (`media/backfill.ts`); `status` is absent on courses stored before statuses (they are
 * published); `category` (a slug) and `level` (#21) are null or absent when none was chosen;
 * `durationMinutes` is kept on every content change.
 */
export interface CourseDoc
  extends Stored<
      Pick<
        EditableCourse,
        | '_id'
        | 'courseTitle'
        | 'courseDescription'
        | 'courseThumbnail'
        | 'thumbnail'
        | 'coursePrice'
        | 'discount'
        | 'category'
        | 'level'
        | 'createdAt'
        | 'updatedAt'
      >,
      'createdAt' | 'updatedAt'
    >,
    Partial<Pick<EditableCourse, 'status'>>,
    Pick<CourseCard, 'durationMinutes'> {
  educator: NonNullable<CourseCard['educator']>;
  courseContent: ChapterDoc[];
  courseRatings: Array<{ userId: string; rating: number }>;
  enrolledStudents: string[];
  /** Always `status === 'published'` (see educator/lifecycle-status.ts); what the catalog queries. */
  isPublished: boolean;
  /** Bytes of the educator's upload quota its thumbnail took (absent on courses from before): given back on delete. */
  uploadBytes?: number;
  /** The description's folded words (`discoveryFields`), kept on every content change. */
  descriptionTerms?: string[];
  [key: string]: unknown;
}

export const COURSE_INDEXES = [
  { collection: 'courses', fields: ['isPublished', 'createdAt'] },
  { collection: 'courses', fields: ['educator._id'] },
  // Discovery (#21): the catalog filters in memory, but a category in use (409 on delete) and the
  // categories' counts are asked of the store, and these keep a direct query of any filter indexed.
  { collection: 'courses', fields: ['category', 'isPublished'] },
  { collection: 'courses', fields: ['isPublished', 'level'] },
  { collection: 'courses', fields: ['isPublished', 'durationMinutes'] },
] as const;

export const coursesRepository = (store: Store) => store.collection<CourseDoc>('courses');
export type CoursesRepository = ReturnType<typeof coursesRepository>;
