import type { LessonNote } from '@courseport/contracts';
import { NOTE_MAX_LENGTH } from '@courseport/contracts/discussions';
import {
  Button,
  EmptyState,
  QueryStates,
  queryState,
  useMutation,
  useQuery,
  useQueryClient,
  useToast,
} from '@courseport/shared-ui';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { ConfirmDelete } from '../../../components/ConfirmDelete';
import { clockTime, type LessonTabProps, type LessonVideo } from '../../../lib/lesson';
import { createNote, deleteNote, editNote, exportNotes, noteKeys, notesQuery } from '../api/notes';

/** The video's time, read every second while the panel is open (null: no video is ready). */
function useVideoTime(video: LessonVideo): number | null {
  const [time, setTime] = useState(() => video.time());
  useEffect(() => {
    const timer = setInterval(() => setTime(video.time()), 1000);
    return () => clearInterval(timer);
  }, [video]);
  return time === null ? null : Math.floor(time);
}

/**
 * The Notes tab (#35): the student's private notes on the lesson (or on the whole course), each
 * with the video's time when it was taken (its `[0:42]` plays the video from there); add, edit,
 * delete; the course's notes as a Markdown file.
 */
export function NotesPanel({ courseId, lectureId, lectureTitle, lessonTitles, video, openLesson }: LessonTabProps) {
  const [wholeCourse, setWholeCourse] = useState(lectureId === null);
  const toast = useToast();
  const [exporting, setExporting] = useState(false);
  const scope = wholeCourse || lectureId === null ? null : lectureId;
  const query = useQuery(notesQuery(courseId, scope));
  const state = queryState(query, { fallback: 'Failed to load your notes' });

  const download = async () => {
    setExporting(true);
    try {
      await exportNotes(courseId);
    } catch (error) {
      toast.failure(error, 'Failed to export your notes');
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="ln-notes">
      {lectureId !== null && <AddNote courseId={courseId} lectureId={lectureId} video={video} />}
      <div className="ln-notes-bar">
        {lectureId !== null && (
          <label className="ln-qa-inline">
            <input type="checkbox" checked={wholeCourse} onChange={(event) => setWholeCourse(event.target.checked)} />
            All notes in this course
          </label>
        )}
        <Button onClick={() => void download()} loading={exporting}>
          Export as Markdown
        </Button>
      </div>
      <QueryStates
        state={state}
        errorTitle="Could not load your notes"
        onRetry={() => void query.refetch()}
        loadingText="Loading your notes..."
        empty={
          <EmptyState
            title="No notes yet"
            description={
              <p className="ln-muted">
                {scope
                  ? `Notes you take on "${lectureTitle ?? 'this lesson'}" show here, with the video's time: select it to watch that moment again. Only you see them.`
                  : 'Notes you take on any lesson of this course show here. Only you see them.'}
              </p>
            }
          />
        }
      >
        {(notes) => (
          <ul className="ln-notes-list" aria-label={scope ? 'Notes on this lesson' : 'All notes in this course'}>
            {notes.map((note) => (
              <NoteItem
                key={note._id}
                note={note}
                courseId={courseId}
                lessonTitle={scope ? null : (lessonTitles.get(note.lectureId) ?? 'A removed lesson')}
                onSeek={(seconds) => openLesson(note.lectureId, seconds)}
              />
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}

function AddNote({ courseId, lectureId, video }: { courseId: string; lectureId: string; video: LessonVideo }) {
  const id = useId();
  const client = useQueryClient();
  const toast = useToast();
  const now = useVideoTime(video);
  const [text, setText] = useState('');
  /** The video's time when the note was begun: the note is about that moment. */
  const [begunAt, setBegunAt] = useState<number | null>(null);
  const at = text === '' ? now : (begunAt ?? now);
  const save = useMutation({
    mutationFn: () =>
      createNote(courseId, { lectureId, text: text.trim(), ...(at === null ? {} : { videoSeconds: at }) }),
    onSuccess: ({ message }) => {
      toast.success(message || 'Note saved');
      setText('');
      setBegunAt(null);
      return client.invalidateQueries({ queryKey: noteKeys.course(courseId) });
    },
    onError: (error) => toast.failure(error, 'Failed to save your note'),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() && !save.isPending) save.mutate();
  };
  return (
    <form className="ln-qa-form ln-notes-add" onSubmit={submit} aria-busy={save.isPending}>
      <label htmlFor={id} className="ln-qa-label">
        New note
      </label>
      <textarea
        id={id}
        className="ln-review-text"
        rows={3}
        value={text}
        maxLength={NOTE_MAX_LENGTH}
        onChange={(event) => {
          // The moment the note is begun, read from the video itself (the label's time is a second behind at most).
          if (text === '' && event.target.value !== '') {
            const seconds = video.time();
            setBegunAt(seconds === null ? null : Math.floor(seconds));
          }
          setText(event.target.value);
        }}
        disabled={save.isPending}
      />
      <div className="ln-qa-actions">
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!text.trim()}>
          {at === null ? 'Add a note' : `Add a note at ${clockTime(at)}`}
        </Button>
      </div>
    </form>
  );
}

function NoteItem({
  note,
  courseId,
  lessonTitle,
  onSeek,
}: {
  note: LessonNote;
  courseId: string;
  lessonTitle: string | null;
  onSeek: (seconds: number) => void;
}) {
  const id = useId();
  const client = useQueryClient();
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.text);
  const refresh = () => client.invalidateQueries({ queryKey: noteKeys.course(courseId) });
  const save = useMutation({
    mutationFn: () => editNote(note._id, text.trim()),
    onSuccess: ({ message }) => {
      toast.success(message || 'Note updated');
      setEditing(false);
      return refresh();
    },
    onError: (error) => toast.failure(error, 'Failed to save your note'),
  });
  const remove = useMutation({
    mutationFn: () => deleteNote(note._id),
    onSuccess: (message) => {
      toast.success(message || 'Note deleted');
      return refresh();
    },
    onError: (error) => toast.failure(error, 'Failed to delete your note'),
  });
  const seconds = note.videoSeconds;
  return (
    <li className="ln-note">
      <div className="ln-note-head">
        {seconds !== null && (
          <button type="button" className="ln-note-time" onClick={() => onSeek(seconds)}>
            {`[${clockTime(seconds)}]`}
            <span className="cp-visually-hidden"> Play the video from here</span>
          </button>
        )}
        {lessonTitle && <span className="ln-muted ln-note-lesson">{lessonTitle}</span>}
      </div>
      {editing ? (
        <form
          className="ln-qa-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim() && !save.isPending) save.mutate();
          }}
        >
          <label htmlFor={id} className="ln-qa-label">
            Edit note
          </label>
          <textarea
            id={id}
            className="ln-review-text"
            rows={3}
            value={text}
            maxLength={NOTE_MAX_LENGTH}
            onChange={(event) => setText(event.target.value)}
            disabled={save.isPending}
          />
          <div className="ln-qa-actions">
            <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!text.trim()}>
              Save note
            </Button>
            <Button
              onClick={() => {
                setEditing(false);
                setText(note.text);
              }}
              disabled={save.isPending}
            >
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <p className="ln-note-text">{note.text}</p>
      )}
      {!editing && (
        <div className="ln-qa-actions">
          <Button size="small" type="text" aria-label="Edit this note" onClick={() => setEditing(true)}>
            Edit
          </Button>
          <ConfirmDelete what="note" busy={remove.isPending} onConfirm={() => remove.mutate()} />
        </div>
      )}
    </li>
  );
}

export default NotesPanel;
