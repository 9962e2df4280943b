import type { CoursePosition, CourseProgress } from '@courseport/contracts';
import type { Store, Stored } from '../../store/index.js';

/** Where the student last was in the course: the lecture and the second into its video. */
export interface PositionDoc extends Stored<CoursePosition, 'updatedAt'> {}

/** A student's `CourseProgress`; `lectureCompleted` is missing on a record created by saving a position first. */
export interface ProgressDoc
  extends Pick<CourseProgress, 'courseId'>,
    Partial<Pick<CourseProgress, 'lectureCompleted'>> {
  _id: string;
  userId: string;
  position?: PositionDoc;
  [key: string]: unknown;
}

export const PROGRESS_INDEXES = [
  { collection: 'progress', fields: ['userId', 'courseId'], unique: true },
  // #36: a course's records, for analytics' rebuild of its lesson counters.
  { collection: 'progress', fields: ['courseId'] },
] as const;

export const progressRepository = (store: Store) => store.collection<ProgressDoc>('progress');
