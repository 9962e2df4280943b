/**
 * Educator analytics (#36, part 5): what `GET /api/educator/analytics` and
 * `GET /api/educator/analytics/courses/:courseId/lessons` answer. Days are UTC calendar days
 * (`YYYY-MM-DD`); money is integer paise (₹1 = 100 paise), on the educator's side as in the ledger.
 * Quiz results come from `GET /api/educator/quiz-stats` (`QuizStats`, lessons.ts).
 */
import type { LessonKind } from './lessons.js';

/** The longest range one request may ask for, in days (inclusive of both ends). */
export const ANALYTICS_MAX_RANGE_DAYS = 731;

/** The range the page opens with: the last 30 days, today included. */
export const ANALYTICS_DEFAULT_RANGE_DAYS = 30;

/** One UTC day of sales of the educator's courses (or of one course). Days without any are present, all zero. */
export interface AnalyticsDay {
  day: string;
  /** New enrollments that day (paid, free or by coupon). */
  enrollments: number;
  /** Sales recorded that day, and what students paid for them (after coupons), paise. */
  sales: number;
  grossPaise: number;
  /** The educator's share of those sales after the platform's fee, paise. */
  netPaise: number;
  /** Refunds recorded that day, and the educator's share they took back (a positive number), paise. */
  refunds: number;
  refundedPaise: number;
}

/** Reviews given in one calendar month (`YYYY-MM`), and their average (null with none). */
export interface AnalyticsRatingMonth {
  month: string;
  count: number;
  average: number | null;
}

export interface AnalyticsTotals {
  enrollments: number;
  sales: number;
  grossPaise: number;
  netPaise: number;
  refunds: number;
  refundedPaise: number;
  /** Reviews in the range and their average (null with none). */
  ratings: number;
  averageRating: number | null;
}

/** `GET /api/educator/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD[&courseId=…]` */
export interface EducatorAnalytics {
  from: string;
  to: string;
  /** The course it is narrowed to, or null for all the educator's courses. */
  courseId: string | null;
  /** The educator's courses (to choose one), newest first. */
  courses: { id: string; title: string }[];
  totals: AnalyticsTotals;
  /** Every day from `from` to `to`, in order. */
  days: AnalyticsDay[];
  /** Every month the range touches, in order. */
  ratings: AnalyticsRatingMonth[];
}

/**
 * One lesson's reach, in course order: how many enrolled students opened it (`started`), completed
 * it (`finished`), and stopped there: it is the last lesson they were at and they have not finished
 * the course (`leftHere`).
 */
export interface LessonReach {
  lectureId: string;
  title: string;
  chapterTitle: string;
  /** 1-based position in the course. */
  order: number;
  kind: LessonKind;
  started: number;
  finished: number;
  leftHere: number;
}

/** `GET /api/educator/analytics/courses/:courseId/lessons` */
export interface CourseLessonReach {
  courseId: string;
  courseTitle: string;
  /** Students enrolled now. */
  enrolled: number;
  /** Students who completed every lesson. */
  completed: number;
  lessons: LessonReach[];
}
