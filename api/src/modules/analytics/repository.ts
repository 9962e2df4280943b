import type { AnalyticsDay } from '@courseport/contracts/analytics';
import type { Store } from '../../store/index.js';

/**
 * One UTC day of one course (`_id` = `<courseId>:<day>`): the counters of `AnalyticsDay`, kept by
 * `$inc` upserts as the ledger, enrollments and reviews report sales, refunds, enrollments and ratings.
 */
export interface AnalyticsDayDoc extends Omit<AnalyticsDay, 'day'> {
  _id: string;
  courseId: string;
  day: string;
  /** Ratings that count on this day (a review's creation, a bare rating's last change) and their stars' sum. */
  ratings?: number;
  ratingSum?: number;
  [key: string]: unknown;
}

/** One lesson of one course (`_id` = `<courseId>:<lectureId>`): students who opened it, completed it, are at it. */
export interface AnalyticsLessonDoc {
  _id: string;
  courseId: string;
  lectureId: string;
  started: number;
  finished: number;
  /** Students whose last position is this lesson and who have not completed the course. */
  here: number;
  [key: string]: unknown;
}

/** One course (`_id` = its id): students enrolled now and who completed it, and when its counters were last rebuilt from the sources. */
export interface AnalyticsCourseDoc {
  _id: string;
  enrolled: number;
  completed: number;
  /** Missing until the counters were first built from the sources (backfill on first read). */
  builtAt?: Date;
  [key: string]: unknown;
}

export const ANALYTICS_INDEXES = [
  // A course's days in a range (the `_id` is unique already).
  { collection: 'analyticsDays', fields: ['courseId', 'day'] },
  { collection: 'analyticsLessons', fields: ['courseId'] },
] as const;

export const analyticsRepositories = (store: Store) => ({
  days: store.collection<AnalyticsDayDoc>('analyticsDays'),
  lessons: store.collection<AnalyticsLessonDoc>('analyticsLessons'),
  courses: store.collection<AnalyticsCourseDoc>('analyticsCourses'),
});
