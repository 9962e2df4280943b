import { z } from 'zod';

/** The optional `title` field of an upload. */
export const uploadFieldsSchema = z.object({
  title: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});
