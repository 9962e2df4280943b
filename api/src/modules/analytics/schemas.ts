import { ANALYTICS_MAX_RANGE_DAYS } from '@courseport/contracts/analytics';
import { z } from 'zod';

const DATE_MESSAGE = 'must be a date as YYYY-MM-DD';
/** A real calendar day, `YYYY-MM-DD` (2026-02-30 is refused). */
const day = z
  .string({ message: DATE_MESSAGE })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_MESSAGE)
  .refine((value) => {
    const t = Date.parse(`${value}T00:00:00Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === value && value >= '2000-01-01';
  }, DATE_MESSAGE);

export const RANGE_BACKWARDS = 'The start date must not be after the end date';
export const RANGE_TOO_LONG = `The range may be at most ${ANALYTICS_MAX_RANGE_DAYS} days`;

/** A course id in a query or path: what `newId()` makes. */
const courseId = z.string({ message: 'must be a course id' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a course id');

/** `GET /api/educator/analytics?from=&to=&courseId=` (both dates or neither: the last 30 days). */
export const analyticsQuery = z.object({
  from: day.optional(),
  to: day.optional(),
  courseId: courseId.optional(),
});

export const lessonReachParams = z.object({ courseId });
