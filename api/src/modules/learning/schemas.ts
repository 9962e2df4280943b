import { z } from 'zod';

const courseId = z.string().min(1, 'is required').max(64);
const lectureId = z.string().min(1, 'is required').max(64);

/** The furthest into a lecture a saved position may be: a day (no lecture runs that long). */
export const MAX_POSITION_SECONDS = 86_400;
const SECONDS_MESSAGE = `must be a number of seconds from 0 to ${MAX_POSITION_SECONDS}`;

export const courseRefSchema = z.object({ courseId });
export const completeLectureSchema = z.object({ courseId, lectureId });
export const savePositionSchema = z.object({
  courseId,
  lectureId,
  // z.number() refuses NaN and ±Infinity.
  seconds: z.number({ message: SECONDS_MESSAGE }).min(0, SECONDS_MESSAGE).max(MAX_POSITION_SECONDS, SECONDS_MESSAGE),
});
