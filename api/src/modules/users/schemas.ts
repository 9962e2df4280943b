import { INSTRUCTOR_BIO_MAX_LENGTH } from '@courseport/contracts';
import { z } from 'zod';
import { cleanName, cleanPlainText } from '../../http/plain-text.js';

const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), 'must be an http(s) URL');

export const createUserSchema = z.object({
  name: z.string().transform(cleanName).pipe(z.string().max(80, 'must be at most 80 characters')).optional(),
  imageUrl: httpUrl.optional(),
  roles: z
    .array(z.enum(['student', 'educator', 'admin']))
    .max(3)
    .optional(),
});

export const updateRolesSchema = z.object({
  action: z.enum(['add', 'remove'], { message: "must be 'add' or 'remove'" }),
  role: z.enum(['student', 'educator', 'admin'], { message: "must be 'student', 'educator' or 'admin'" }),
});

/**
 * An instructor's bio: plain text (shown as text, never as HTML), trimmed, control characters but
 * line breaks removed, at most three line breaks in a row.
 */
export const bioSchema = z.object({
  bio: z
    .string({ message: 'must be text' })
    .transform(cleanPlainText)
    .pipe(z.string().max(INSTRUCTOR_BIO_MAX_LENGTH, `must be at most ${INSTRUCTOR_BIO_MAX_LENGTH} characters`)),
});
