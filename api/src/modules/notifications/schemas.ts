import {
  MUTED_COURSES_MAX,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_MAX_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
} from '@courseport/contracts/notifications';
import { z } from 'zod';
import { parseTimeCursor } from '../../http/time-cursor.js';
import { ID_PATTERN } from '../../store/index.js';

/** A cursor from a previous page (opaque); one that does not decode is a 400. */
export const cursorParam = z
  .string()
  .transform((value, ctx) => {
    const cursor = parseTimeCursor(value);
    if (!cursor) {
      ctx.addIssue({ code: 'custom', message: 'must be a cursor from a previous page' });
      return z.NEVER;
    }
    return cursor;
  })
  .optional();

/** A page size in the query: digits, 1 to `max`. */
export const limitParam = (fallback: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,4}$/, `must be a whole number from 1 to ${max}`)
    .transform(Number)
    .pipe(z.number().min(1, `must be a whole number from 1 to ${max}`).max(max, `must be at most ${max}`))
    .default(fallback);

/** `GET /api/notifications?cursor=&limit=`. */
export const listQuery = z.object({
  cursor: cursorParam,
  limit: limitParam(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
});

const onOff = z.boolean({ message: 'must be true or false' });

/** `PUT /api/notifications/preferences`: the kinds to change (an unknown kind is refused) and/or the muted courses. */
export const preferencesSchema = z
  .object({
    mail: z
      .strictObject(
        Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, onOff.optional()])) as Record<
          (typeof NOTIFICATION_KINDS)[number],
          z.ZodOptional<typeof onOff>
        >,
        { message: `must be an object of kinds (${NOTIFICATION_KINDS.join(', ')}) and true or false` },
      )
      .optional(),
    mutedCourses: z
      .array(z.string().regex(ID_PATTERN, 'must be course ids'), { message: 'must be a list of course ids' })
      .max(MUTED_COURSES_MAX, `must list at most ${MUTED_COURSES_MAX} courses`)
      .optional(),
  })
  .refine((input) => input.mail !== undefined || input.mutedCourses !== undefined, {
    message: 'Nothing to change: send mail and/or mutedCourses',
  });

/** `?token=` of an unsubscribe link. */
export const unsubscribeQuery = z.object({
  token: z.string({ message: 'is required' }).min(1, 'is required').max(400, 'is not valid'),
});
