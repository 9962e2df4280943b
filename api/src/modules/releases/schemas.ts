import { isReleaseVersion, MAX_CANARY_PERCENT, MIN_CANARY_PERCENT } from '@courseport/contracts';
import { z } from 'zod';

const version = z
  .string('must be a string')
  .refine(isReleaseVersion, 'must be a semver version such as 2.1.0, at most 64 characters');

const percent = `must be a whole percent from ${MIN_CANARY_PERCENT} to ${MAX_CANARY_PERCENT}`;

/** `POST /api/admin/releases/:portal`: live at once, or a canary of `canary` percent. */
export const releaseInputSchema = z.object({
  version,
  canary: z.number(percent).int(percent).min(MIN_CANARY_PERCENT, percent).max(MAX_CANARY_PERCENT, percent).optional(),
});

/** `POST /api/admin/releases/:portal/rollback`. */
export const rollbackInputSchema = z.object({ version });

const pageNumber = z
  .string()
  .regex(/^\d{1,9}$/, 'must be a whole number from 1')
  .transform(Number)
  .pipe(z.number().min(1, 'must be a whole number from 1'));

/** `GET /api/admin/releases/audit?portal=&page=`. */
export const auditQuery = z.object({
  portal: z.string('must be a portal name').optional(),
  page: pageNumber.default(1),
});
