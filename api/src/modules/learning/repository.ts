import type { Store } from '../../store/index.js';

/** Where the student last was in the course: the lecture and the second into its video. */
export interface PositionDoc {
  lectureId: string;
  seconds: number;
  updatedAt: Date;
}

export interface ProgressDoc {
  _id: string;
  userId: string;
  courseId: string;
  /** Missing on a record created by saving a position before any lecture was completed. */
  lectureCompleted?: string[];
  position?: PositionDoc;
  [key: string]: unknown;
}

/** One student's rating of one course; its `_id` is `<userId>:<courseId>`, so there is only ever one. */
export interface RatingDoc {
  _id: string;
  userId: string;
  courseId: string;
  rating: number;
  updatedAt: Date;
  [key: string]: unknown;
}

export const PROGRESS_INDEXES = [
  { collection: 'progress', fields: ['userId', 'courseId'], unique: true },
  { collection: 'ratings', fields: ['courseId'] },
] as const;

export const progressRepository = (store: Store) => store.collection<ProgressDoc>('progress');
export const ratingsRepository = (store: Store) => store.collection<RatingDoc>('ratings');
