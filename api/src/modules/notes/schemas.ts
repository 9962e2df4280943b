import { NOTE_MAX_LENGTH, NOTE_MAX_VIDEO_SECONDS } from '@courseport/contracts/discussions';
import { z } from 'zod';
import { cleanPlainText } from '../../http/plain-text.js';

const text = z
  .string({ message: 'must be text' })
  .max(NOTE_MAX_LENGTH * 2, `must be at most ${NOTE_MAX_LENGTH} characters`)
  .transform(cleanPlainText)
  .pipe(
    z.string().min(1, 'A note cannot be empty').max(NOTE_MAX_LENGTH, `must be at most ${NOTE_MAX_LENGTH} characters`),
  );

const SECONDS = `must be a whole number of seconds from 0 to ${NOTE_MAX_VIDEO_SECONDS}`;
const videoSeconds = z.number({ message: SECONDS }).int(SECONDS).min(0, SECONDS).max(NOTE_MAX_VIDEO_SECONDS, SECONDS);

const lectureId = z.string({ message: 'is required' }).min(1, 'is required').max(100, 'is not valid');

/** `POST /api/courses/:courseId/notes`. */
export const noteInput = z.object({ lectureId, text, videoSeconds: videoSeconds.optional() });
/** `PATCH /api/notes/:id`: new text, a new time, or both (a time once given is not taken away). */
export const noteEdit = z
  .object({ text: text.optional(), videoSeconds: videoSeconds.optional() })
  .refine((e) => e.text !== undefined || e.videoSeconds !== undefined, 'Nothing to change: send a text or a time');
/** `GET /api/courses/:courseId/notes?lectureId=`. */
export const notesQuery = z.object({ lectureId: lectureId.optional() });
