import { REVIEW_HIDE_REASON_MAX_LENGTH, REVIEW_REPLY_MAX_LENGTH, REVIEW_TEXT_MAX_LENGTH } from '@courseport/contracts';
import { z } from 'zod';
import { cleanPlainText } from '../../http/plain-text.js';

const RATING_MESSAGE = 'must be a whole number from 1 to 5';
/** 1–5 stars, as `add-rating` takes them. */
export const rating = z
  .number({ message: RATING_MESSAGE })
  .int(RATING_MESSAGE)
  .min(1, RATING_MESSAGE)
  .max(5, RATING_MESSAGE);

/** Plain text as people write it for others (see `cleanPlainText`), from `min` to `max` characters after cleaning. */
const plainText = (min: number, max: number, what: string) =>
  z
    .string({ message: 'must be text' })
    // Far past any limit: refused before the cleaning runs over it.
    .max(max * 4, `must be at most ${max} characters`)
    .transform(cleanPlainText)
    .pipe(
      z
        .string()
        .min(min, min <= 1 ? `${what} is required` : `must be at least ${min} characters`)
        .max(max, `must be at most ${max} characters`),
    );

/** `PUT /api/user/reviews/:courseId`: stars, and text (empty for stars only). */
export const reviewInputSchema = z.object({ rating, text: plainText(0, REVIEW_TEXT_MAX_LENGTH, 'text') });

/** `POST /api/educator/reviews/:reviewId/reply`. */
export const replySchema = z.object({ text: plainText(1, REVIEW_REPLY_MAX_LENGTH, 'A reply') });

/** `POST /api/admin/reviews/:reviewId/hide`: why, for the student and the other admins. */
export const hideSchema = z.object({ reason: plainText(3, REVIEW_HIDE_REASON_MAX_LENGTH, 'A reason') });

/** A page number in the query: digits only, 1 or more. */
const pageNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number from 1')
  .transform(Number)
  .pipe(z.number().min(1, 'must be a whole number from 1'));

export const pageQuery = z.object({ page: pageNumber.default(1) });
export const adminPageQuery = z.object({
  page: pageNumber.default(1),
  status: z.enum(['all', 'hidden'], { message: "must be 'all' or 'hidden'" }).default('all'),
});

/** `POST /api/user/add-rating`: a course and 1–5 stars. */
export const ratingSchema = z.object({ courseId: z.string().min(1, 'is required').max(64), rating });
