import { htmlToText } from '@courseport/contracts';
import {
  ANNOUNCEMENT_BODY_MAX_LENGTH,
  ANNOUNCEMENT_TITLE_MAX_LENGTH,
  ANNOUNCEMENTS_MAX_PAGE_SIZE,
  ANNOUNCEMENTS_PAGE_SIZE,
} from '@courseport/contracts/notifications';
import { sanitizeDescription } from '@courseport/contracts/sanitize-description';
import { z } from 'zod';
import { cleanName } from '../../http/plain-text.js';
import { cursorParam, limitParam } from '../notifications/index.js';

const title = z
  .string({ message: 'must be text' })
  .max(ANNOUNCEMENT_TITLE_MAX_LENGTH * 4, `must be at most ${ANNOUNCEMENT_TITLE_MAX_LENGTH} characters`)
  .transform(cleanName)
  .pipe(
    z
      .string()
      .min(1, 'A title is required')
      .max(ANNOUNCEMENT_TITLE_MAX_LENGTH, `must be at most ${ANNOUNCEMENT_TITLE_MAX_LENGTH} characters`),
  );

/** Rich text: sanitized with the course description's allow-list, and not empty once sanitized. */
const body = z
  .string({ message: 'must be text' })
  .max(ANNOUNCEMENT_BODY_MAX_LENGTH * 2, `must be at most ${ANNOUNCEMENT_BODY_MAX_LENGTH} characters`)
  .transform((html) => sanitizeDescription(html).trim())
  .pipe(
    z
      .string()
      .max(ANNOUNCEMENT_BODY_MAX_LENGTH, `must be at most ${ANNOUNCEMENT_BODY_MAX_LENGTH} characters`)
      .refine((html) => htmlToText(html).trim().length > 0, 'The announcement needs some text'),
  );

/** `POST /api/courses/:courseId/announcements`. */
export const announcementSchema = z.object({ title, body });
/** `PATCH …/:id`: either or both. */
export const announcementEditSchema = z
  .object({ title: title.optional(), body: body.optional() })
  .refine((input) => input.title !== undefined || input.body !== undefined, {
    message: 'Nothing to change: send a title and/or a body',
  });

export const listQuery = z.object({
  cursor: cursorParam,
  limit: limitParam(ANNOUNCEMENTS_PAGE_SIZE, ANNOUNCEMENTS_MAX_PAGE_SIZE),
});
