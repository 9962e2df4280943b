import { REVIEW_HIDE_REASON_MAX_LENGTH } from '@courseport/contracts';
import {
  DISCUSSION_ADMIN_STATES,
  DISCUSSION_BODY_MAX_LENGTH,
  DISCUSSION_SEARCH_MAX_LENGTH,
  DISCUSSION_SORTS,
  QUESTION_TITLE_MAX_LENGTH,
  QUESTION_TITLE_MIN_LENGTH,
} from '@courseport/contracts/discussions';
import { z } from 'zod';
import { cleanName, cleanPlainText } from '../../http/plain-text.js';

/** A question's title: one line, without invisible characters (as a name), trimmed. */
const title = z
  .string({ message: 'must be text' })
  .max(QUESTION_TITLE_MAX_LENGTH * 4, `must be at most ${QUESTION_TITLE_MAX_LENGTH} characters`)
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, 'A title is required')
      .min(QUESTION_TITLE_MIN_LENGTH, `must be at least ${QUESTION_TITLE_MIN_LENGTH} characters`)
      .max(QUESTION_TITLE_MAX_LENGTH, `must be at most ${QUESTION_TITLE_MAX_LENGTH} characters`),
  );

/** Rich text as sent: sanitized and checked (links, emptiness) by the service. */
const body = z
  .string({ message: 'must be text' })
  .max(DISCUSSION_BODY_MAX_LENGTH, `must be at most ${DISCUSSION_BODY_MAX_LENGTH} characters`);

/** A lesson id as the course form makes them (and the tests' `<course>-c1-l1`). */
const lectureId = z.string({ message: 'is required' }).min(1, 'is required').max(100, 'is not valid');

/** `POST /api/courses/:courseId/questions`. */
export const questionInput = z.object({ lectureId, title, body: body.default('') });
/** `PATCH /api/questions/:id`: a new title, body, or both. */
export const questionEdit = z
  .object({ title: title.optional(), body: body.optional() })
  .refine((edit) => edit.title !== undefined || edit.body !== undefined, 'Nothing to change: send a title or a body');
/** `POST /api/questions/:id/answers`, `PATCH /api/answers/:id`. */
export const answerInput = z.object({ body });
/** `POST /api/questions/:id/accept`. */
export const acceptInput = z.object({ answerId: z.string({ message: 'is required' }).min(1, 'is required').max(64) });

/** `POST /api/admin/questions/:id/hide`, `/api/admin/answers/:id/hide`: why, as for reviews. */
export const hideSchema = z.object({
  reason: z
    .string({ message: 'must be text' })
    .max(REVIEW_HIDE_REASON_MAX_LENGTH * 4, `must be at most ${REVIEW_HIDE_REASON_MAX_LENGTH} characters`)
    .transform(cleanPlainText)
    .pipe(
      z
        .string()
        .min(3, 'must be at least 3 characters')
        .max(REVIEW_HIDE_REASON_MAX_LENGTH, `must be at most ${REVIEW_HIDE_REASON_MAX_LENGTH} characters`),
    ),
});

const cursor = z.string().max(400, 'is not valid').optional();

/** A list's search text, trimmed. */
const searchText = z
  .string({ message: 'must be text' })
  .max(DISCUSSION_SEARCH_MAX_LENGTH * 4, `must be at most ${DISCUSSION_SEARCH_MAX_LENGTH} characters`)
  .transform((text) => text.trim())
  .pipe(z.string().max(DISCUSSION_SEARCH_MAX_LENGTH, `must be at most ${DISCUSSION_SEARCH_MAX_LENGTH} characters`));

/** `GET /api/courses/:courseId/questions?lectureId=&q=&sort=&cursor=`. */
export const questionsQuery = z.object({
  lectureId: lectureId.optional(),
  q: searchText.optional(),
  sort: z.enum(DISCUSSION_SORTS, { message: "must be 'newest', 'top' or 'unanswered'" }).default('newest'),
  cursor,
});
export const cursorQuery = z.object({ cursor });

/** `GET /api/admin/discussions?state=&q=&cursor=`: the admins' moderation list. */
export const adminDiscussionsQuery = z.object({
  state: z.enum(DISCUSSION_ADMIN_STATES, { message: "must be 'all', 'visible' or 'hidden'" }).default('all'),
  q: searchText.optional(),
  cursor,
});

/** `GET /api/educator/questions?q=&cursor=`: the inbox, searched across the educator's courses. */
export const inboxQuery = z.object({ q: searchText.optional(), cursor });
