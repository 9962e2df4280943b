import { z } from 'zod';
import { ID_PATTERN } from '../../store/index.js';
import { email } from '../auth/schemas.js';

export const addAdminEmailSchema = z.object({ email });
export const removeAdminEmailSchema = z.object({ emailId: z.string().regex(ID_PATTERN, 'must be a valid id') });
