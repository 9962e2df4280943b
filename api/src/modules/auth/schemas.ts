import { z } from 'zod';
import { cleanName } from '../../http/plain-text.js';

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be a valid email address'));

export const signUpSchema = z.object({
  // Bidi overrides, control and zero-width characters removed (#30): a name of only those is none.
  name: z.string().transform(cleanName).pipe(z.string().min(1, 'is required').max(80, 'must be at most 80 characters')),
  email,
  password: z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters'),
});

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'is required').max(128, 'must be at most 128 characters'),
});

export const verifyEmailSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not a valid link'),
});

const newPassword = z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters');
const linkToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not a valid link');

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z.object({ token: linkToken, password: newPassword });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'is required').max(128, 'must be at most 128 characters'),
  newPassword,
});
