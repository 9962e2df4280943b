import { z } from 'zod';

export const categoryInputSchema = z.object({
  name: z
    .string('must be a string')
    .trim()
    .min(2, 'must be at least 2 characters')
    .max(60, 'must be at most 60 characters')
    .refine((name) => /[\p{L}\p{N}]/u.test(name), 'must contain a letter or digit'),
});

/** A category slug in a path or a course form. */
export const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
