import { z } from 'zod';
import { ID_PATTERN } from '../../store/index.js';

const requestId = z.string().regex(ID_PATTERN, 'must be a valid id');

export const approveSchema = z.object({ requestId });
export const rejectSchema = z.object({
  requestId,
  reason: z.string().trim().max(500, 'must be at most 500 characters').optional().default(''),
});
