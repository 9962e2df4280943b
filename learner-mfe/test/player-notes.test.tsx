import type { LessonNote } from '@courseport/contracts';
import { api } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { failsUntilRecovered, findToast, renderAt, serverError, signIn, standInVideos, user } from './helpers';
import { apiSend, fakeApi } from './lesson-tabs-api';

const NOTES = '/api/courses/c1/notes';
const download = vi.mocked(api.download);

beforeEach(() => {
  signIn({}, ['c1']);
  apiSend.mockReset();
  download.mockReset();
});

const note = (overrides: Partial<LessonNote> & Pick<LessonNote, '_id'>): LessonNote => ({
  courseId: 'c1',
  lectureId: 'l1',
  text: `Note ${overrides._id}`,
  videoSeconds: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

/** The player at lesson l1 with the stand-in video ready at `time`, then its Notes tab. */
async function openNotes(time = 42) {
  const videos = standInVideos();
  renderAt('/player/c1?lecture=l1', { videos: videos.adapter });
  await screen.findByText('Course Structure');
  const video = videos.current();
  video.time = time;
  video.ready();
  await user.click(screen.getByRole('tab', { name: 'Notes' }));
  return videos;
}

describe('Player: notes', () => {
  it('adds a note at the video\'s time ("Add a note at 0:42") and lists it with [0:42], which seeks there', async () => {
    let notes: LessonNote[] = [];
    const api = fakeApi({
      [`GET ${NOTES}`]: () => ({ success: true, notes }),
      [`POST ${NOTES}`]: ({ body }) => {
        const { text, videoSeconds } = body as { text: string; videoSeconds?: number };
        notes = [note({ _id: 'n1', text, videoSeconds: videoSeconds ?? null })];
        return { success: true, message: 'Note saved', note: notes[0] };
      },
    });
    const videos = await openNotes(42.7);
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(api.of('GET', NOTES)[0]?.query.get('lectureId')).toBe('l1');
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'useEffect runs after paint');
    await user.click(screen.getByRole('button', { name: 'Add a note at 0:42' }));
    expect(await findToast('Note saved', 'success')).toBeInTheDocument();
    expect(api.of('POST', NOTES)[0]?.body).toEqual({
      lectureId: 'l1',
      text: 'useEffect runs after paint',
      videoSeconds: 42,
    });
    const list = await screen.findByRole('list', { name: 'Notes on this lesson' });
    expect(within(list).getByText('useEffect runs after paint')).toBeInTheDocument();
    const video = videos.current();
    video.time = 300;
    await user.click(within(list).getByRole('button', { name: '[0:42] Play the video from here' }));
    expect(video.seeks).toEqual([42]);
  });

  it("takes the time the note was begun at, read from the video then, not the label's last reading", async () => {
    const api = fakeApi({
      [`GET ${NOTES}`]: () => ({ success: true, notes: [] }),
      [`POST ${NOTES}`]: () => ({ success: true, message: 'Note saved', note: note({ _id: 'n1' }) }),
    });
    const videos = await openNotes(0);
    await screen.findByText('No notes yet');
    videos.current().time = 42;
    await user.type(screen.getByRole('textbox', { name: 'New note' }), 'Here');
    videos.current().time = 50;
    await user.click(screen.getByRole('button', { name: 'Add a note at 0:42' }));
    await waitFor(() => expect(api.of('POST', NOTES)[0]?.body).toMatchObject({ videoSeconds: 42 }));
  });

  it('a note without a video time (no video ready) is "Add a note", sent without a time', async () => {
    const api = fakeApi({
      [`GET ${NOTES}`]: () => ({ success: true, notes: [] }),
      [`POST ${NOTES}`]: () => ({ success: true, message: 'Note saved', note: note({ _id: 'n1' }) }),
    });
    renderAt('/player/c1?lecture=l1');
    await screen.findByText('Course Structure');
    await user.click(screen.getByRole('tab', { name: 'Notes' }));
    await user.type(await screen.findByRole('textbox', { name: 'New note' }), 'Read the docs');
    await user.click(screen.getByRole('button', { name: 'Add a note' }));
    await waitFor(() => expect(api.of('POST', NOTES)[0]?.body).toEqual({ lectureId: 'l1', text: 'Read the docs' }));
  });

  it("lists every note of the course with its lesson; a note's time on another lesson opens that lesson there", async () => {
    const api = fakeApi({
      [`GET ${NOTES}`]: ({ query }) => ({
        success: true,
        notes: query.get('lectureId')
          ? [note({ _id: 'n1', videoSeconds: 5 })]
          : [note({ _id: 'n1', videoSeconds: 5 }), note({ _id: 'n2', lectureId: 'l3', videoSeconds: 62 })],
      }),
    });
    const videos = await openNotes();
    await screen.findByText('Note n1');
    await user.click(screen.getByRole('checkbox', { name: 'All notes in this course' }));
    const list = await screen.findByRole('list', { name: 'All notes in this course' });
    await within(list).findByText('Note n2');
    expect(api.of('GET', NOTES).at(-1)?.query.has('lectureId')).toBe(false);
    const second = within(list).getByText('Note n2').closest('li') as HTMLElement;
    expect(second).toHaveTextContent('Your first component');
    await user.click(within(second).getByRole('button', { name: '[1:02] Play the video from here' }));
    // Lesson l3 opens, and its video starts at 1:02.
    await waitFor(() => expect(videos.current().videoId).not.toBe(videos.videos[0]?.videoId));
    expect(screen.getByRole('region', { name: 'Lecture player' })).toHaveTextContent('Your first component');
    videos.current().ready();
    expect(videos.current().seeks).toEqual([62]);
  });

  it('edits and deletes a note (the deletion asked first)', async () => {
    let notes = [note({ _id: 'n1', text: 'First words', videoSeconds: 3 })];
    const api = fakeApi({
      [`GET ${NOTES}`]: () => ({ success: true, notes }),
      'PATCH /api/notes/n1': ({ body }) => {
        notes = [{ ...(notes[0] as LessonNote), text: (body as { text: string }).text }];
        return { success: true, message: 'Note updated', note: notes[0] };
      },
      'DELETE /api/notes/n1': () => {
        notes = [];
        return { success: true, message: 'Note deleted' };
      },
    });
    await openNotes();
    await screen.findByText('First words');
    await user.click(screen.getByRole('button', { name: 'Edit this note' }));
    const box = screen.getByRole('textbox', { name: 'Edit note' });
    await user.clear(box);
    await user.type(box, 'Better words');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    expect(await findToast('Note updated', 'success')).toBeInTheDocument();
    expect(api.of('PATCH', '/api/notes/n1')[0]?.body).toEqual({ text: 'Better words' });
    expect(await screen.findByText('Better words')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete this note' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await findToast('Note deleted', 'success')).toBeInTheDocument();
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
  });

  it("exports the course's notes as Markdown; a failure is said", async () => {
    fakeApi({ [`GET ${NOTES}`]: () => ({ success: true, notes: [] }) });
    download.mockResolvedValueOnce(undefined).mockRejectedValueOnce(serverError('Too many requests', 429));
    await openNotes();
    await screen.findByText('No notes yet');
    await user.click(screen.getByRole('button', { name: 'Export as Markdown' }));
    expect(download).toHaveBeenCalledWith('/api/courses/c1/notes/export', 'notes.md');
    await user.click(screen.getByRole('button', { name: 'Export as Markdown' }));
    expect(await findToast('Too many requests', 'error')).toBeInTheDocument();
  });

  it('shows a failure with Try Again, which loads the notes', async () => {
    const failing = failsUntilRecovered(serverError('Database is down', 500), () => ({
      success: true,
      notes: [note({ _id: 'n1' })],
    }));
    fakeApi({ [`GET ${NOTES}`]: failing.handler });
    await openNotes();
    expect(await screen.findByText('Could not load your notes')).toBeInTheDocument();
    failing.recover();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Note n1')).toBeInTheDocument();
  });
});
