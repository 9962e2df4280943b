import type { SubmissionStatus } from '@courseport/contracts';
import { httpLinkSchema } from '@courseport/contracts/course-schema';
import { z } from 'zod';
import { ID_PATTERN } from '../../store/index.js';

export const SUBMISSION_STATUSES = [
  'submitted',
  'accepted',
  'changes_requested',
] as const satisfies readonly SubmissionStatus[];

/** Notes and review comments: plain text, 5000 characters at most. */
export const MAX_TEXT = 5000;
const note = z.string('must be text').max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`).default('');

/** A link submission (JSON). */
export const linkSubmissionSchema = z.object({ url: httpLinkSchema, note });
/** A file submission's text field (multipart). */
export const fileSubmissionFieldsSchema = z.object({ note });

export const reviewSchema = z
  .object({
    decision: z.enum(['accept', 'changes'], { message: "must be 'accept' or 'changes'" }),
    comment: z.string('must be text').max(MAX_TEXT, `must be at most ${MAX_TEXT} characters`).default(''),
  })
  .refine((review) => review.decision === 'accept' || review.comment.trim().length > 0, {
    message: 'Please say what should change (a comment is required when asking for changes)',
    path: ['comment'],
  });

export const queueQuerySchema = z.object({
  status: z
    .enum(SUBMISSION_STATUSES, { message: "must be 'submitted', 'accepted' or 'changes_requested'" })
    .default('submitted'),
  courseId: z.string().regex(ID_PATTERN, 'must be a course id').optional(),
  offset: z.coerce.number('must be a number').int('must be a whole number').min(0, 'must not be negative').default(0),
  limit: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(20),
});
