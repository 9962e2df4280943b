import { z } from 'zod';

const LIMIT_MESSAGE = 'must be a whole number from 1 to 100';

/** `GET /api/admin/connect-accounts?cursor=&limit=`: the cursor is the previous page's last educator id. */
export const adminAccountsQuery = z.object({
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not valid: use the nextCursor of the previous page')
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .pipe(z.number().min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE))
    .optional(),
});

/** Educators a page of the admin's Connect listing holds unless `limit` says otherwise. */
export const ADMIN_CONNECT_PAGE_SIZE = 50;
