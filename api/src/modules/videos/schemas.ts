import { z } from 'zod';
import { ID_PATTERN } from '../../store/index.js';

/** `GET /api/educator/videos`: a page of the caller's videos, newest first. */
export const listQuerySchema = z.object({
  offset: z.coerce.number('must be a number').int('must be a whole number').min(0, 'must not be negative').default(0),
  limit: z.coerce
    .number('must be a number')
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100, 'must be at most 100')
    .default(20),
});

export const isVideoId = (value: string | undefined): value is string => ID_PATTERN.test(value ?? '');
