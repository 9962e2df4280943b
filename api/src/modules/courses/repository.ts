import type { ThumbnailImage } from '@courseport/contracts';
import type { Store } from '../../store/index.js';

export interface LectureDoc {
  lectureId: string;
  lectureTitle: string;
  lectureDuration: number;
  lectureUrl: string;
  isPreviewFree: boolean;
  lectureOrder: number;
}

export interface ChapterDoc {
  chapterId: string;
  chapterTitle: string;
  chapterOrder: number;
  chapterContent: LectureDoc[];
}

export interface CourseDoc {
  _id: string;
  courseTitle: string;
  /** Sanitized HTML. */
  courseDescription: string;
  /** A JPEG rendition's URL (`<base>/640.jpeg`); for a course from before renditions, `<api>/api/media/<id>`. */
  courseThumbnail: string;
  /** The renditions (absent until an older course's image has been processed: `media/backfill.ts`). */
  thumbnail?: ThumbnailImage;
  /** Rupees. */
  coursePrice: number;
  discount: number;
  educator: { _id: string; name: string };
  courseContent: ChapterDoc[];
  courseRatings: Array<{ userId: string; rating: number }>;
  enrolledStudents: string[];
  /** Always `status === 'published'` (see educator/lifecycle-status.ts); what the catalog queries. */
  isPublished: boolean;
  /** Absent on courses stored before statuses: they are published. */
  status?: 'draft' | 'published' | 'unpublished' | 'archived';
  /** Bytes of the educator's upload quota its thumbnail took (absent on courses from before): given back on delete. */
  uploadBytes?: number;
  createdAt: Date;
  updatedAt?: Date;
  /** Discovery (#21): a category slug and a level, null or absent when none was chosen. */
  category?: string | null;
  level?: 'beginner' | 'intermediate' | 'advanced' | null;
  /** Minutes of every lecture, and the description's folded words (`discoveryFields`), kept on every content change. */
  durationMinutes?: number;
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
