import type { Store } from '../../store/index.js';

export interface ProgressDoc {
  _id: string;
  userId: string;
  courseId: string;
  lectureCompleted: string[];
  [key: string]: unknown;
}

export const PROGRESS_INDEXES = [{ collection: 'progress', fields: ['userId', 'courseId'], unique: true }] as const;

export const progressRepository = (store: Store) => store.collection<ProgressDoc>('progress');
