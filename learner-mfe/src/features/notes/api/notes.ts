import type { LessonNote } from '@courseport/contracts';
import { api, apiRequest, queryKeys, queryOptions } from '@courseport/shared-ui';

const enc = encodeURIComponent;

/** Under the user's keys: a sign-out clears them. */
export const noteKeys = {
  course: (courseId: string) => [...queryKeys.user.all, 'notes', courseId] as const,
  list: (courseId: string, lectureId: string | null) =>
    [...queryKeys.user.all, 'notes', courseId, lectureId ?? 'all'] as const,
};

export const notesPath = (courseId: string, lectureId: string | null) =>
  `/api/courses/${enc(courseId)}/notes${lectureId ? `?lectureId=${enc(lectureId)}` : ''}`;

/** `GET /api/courses/:courseId/notes?lectureId=`: the caller's notes of a lesson, or of the whole course (lesson order). */
export const notesQuery = (courseId: string, lectureId: string | null) =>
  queryOptions({
    queryKey: noteKeys.list(courseId, lectureId),
    queryFn: async () => (await api.get<{ notes: LessonNote[] }>(notesPath(courseId, lectureId))).notes,
  });

/** `POST /api/courses/:courseId/notes { lectureId, text, videoSeconds? }`. */
export async function createNote(courseId: string, input: { lectureId: string; text: string; videoSeconds?: number }) {
  const res = await api.post<{ note: LessonNote }>(`/api/courses/${enc(courseId)}/notes`, input);
  return { note: res.note, message: res.message };
}

/** `PATCH /api/notes/:id { text }`. */
export async function editNote(id: string, text: string) {
  const res = await apiRequest<{ note: LessonNote }>(`/api/notes/${enc(id)}`, { method: 'PATCH', body: { text } });
  return { note: res.note, message: res.message };
}

/** `DELETE /api/notes/:id`. */
export async function deleteNote(id: string) {
  return (await apiRequest(`/api/notes/${enc(id)}`, { method: 'DELETE' })).message;
}

/** `GET /api/courses/:courseId/notes/export`: the course's notes as a Markdown file, saved by the browser. */
export const exportNotes = (courseId: string) => api.download(`/api/courses/${enc(courseId)}/notes/export`, 'notes.md');
