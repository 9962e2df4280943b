/**
 * Private lesson notes (#35: the `lessonNotes` and `lessonNoteCounts` collections): an enrolled
 * student's own, read by nobody else (admins included), exported as Markdown. Calls courses; the
 * enrollment check is learning's, given to its factory.
 */
export { NOTE_INDEXES } from './repository.js';
export { type NoteServices, noteRoutes } from './routes.js';
export { NOTE_NOT_FOUND, NOTES_FULL, type NotesService, notesService } from './service.js';
