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

export const PROGRESS_INDEXES = [{ collection: 'progress', fields: ['userId', 'courseId'], unique: true }] as const;

export const progressRepository = (store: Store) => store.collection<ProgressDoc>('progress');
