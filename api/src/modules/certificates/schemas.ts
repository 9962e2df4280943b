import { z } from 'zod';
import { CERTIFICATE_ID_PATTERN } from './repository.js';

export const certificateCourseSchema = z.object({ courseId: z.string().min(1, 'is required').max(64) });
/** Read with `safeParse`: a malformed id is answered like an unknown one (404 Certificate not found). */
export const certificateIdSchema = z.object({ id: z.string().regex(CERTIFICATE_ID_PATTERN) });
