import { z } from 'zod';
import { ID_PATTERN } from '../../store/index.js';

/** The admin's own words for the Admin Emails form (the spec's 'Please enter an email address' when blank). */
const adminEmail = z
  .string({ error: 'Please enter an email address' })
  .trim()
  .toLowerCase()
  .min(1, 'Please enter an email address')
  .max(254, 'Please enter an email address of at most 254 characters')
  .pipe(z.email('Please enter a valid email address'));

export const addAdminEmailSchema = z.object({ email: adminEmail });
export const removeAdminEmailSchema = z.object({ emailId: z.string().regex(ID_PATTERN, 'must be a valid id') });
