import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { moveChapter, moveLecture } from '../src/features/add-course/hooks/chapters';
import {
  ADD_COURSE_PATH,
  apiSend,
  button,
  findDialog,
  renderPortal,
  setupUser,
  signInAsEducator,
  toastOf,
  user,
} from './helpers';

vi.mock('../src/features/add-course/components/TiptapEditor', () => import('./mocks/TextareaEditor'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-preview');
  URL.revokeObjectURL = vi.fn();
  signInAsEducator();
});

const YOUTUBE_MESSAGE =
  'The lecture URL must be a YouTube video link (youtube.com/watch?v=…, youtu.be/…, youtube.com/embed/… or youtube.com/shorts/…)';
const field = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(label) as HTMLInputElement;
const chapterItems = () => Array.from(document.querySelectorAll<HTMLElement>('li.ed-chapter'));
const chapterTitles = () => chapterItems().map((c) => c.querySelector('.ed-chapter-title')?.textContent);
const lectureTitles = (scope: HTMLElement) =>
  Array.from(scope.querySelectorAll('.ed-lecture-title')).map((t) => t.textContent);

async function openPage() {
  renderPortal('/educator/add-course');
  await screen.findByRole('heading', { level: 1, name: 'Add Course' });
  await screen.findByLabelText('Course Description');
}

async function addChapter(name: string) {
  await user.click(button('+ Add Chapter'));
  const dialog = await findDialog('Enter Chapter Name:');
  await user.type(within(dialog).getByLabelText('Enter Chapter Name:'), `${name}{Enter}`);
  await waitFor(() => expect(screen.queryByText('Enter Chapter Name:')).not.toBeInTheDocument());
}

async function openLectureModal(chapter = 1) {
  await user.click(button('+ Add Lecture', chapterItems()[chapter - 1]));
  return findDialog('Add Lecture');
}

async function typeLecture(dialog: HTMLElement, title: string, duration: string, url: string) {
  for (const [label, value] of [
    ['Lecture Title', title],
    ['Duration (minutes)', duration],
    ['Lecture URL', url],
  ] as const) {
    await user.clear(field(label, dialog));
    if (value) await user.type(field(label, dialog), value);
  }
}

describe('Course form: checked as the server checks, nothing changed silently', () => {
  it('says under the fields that a price of −50 and a discount of 150 are refused, and keeps them as typed', async () => {
    await openPage();
    await user.type(field('Course Title'), 'Pricing');
    await user.clear(field('Course Price'));
    await user.type(field('Course Price'), '-50');
    await user.clear(field('Discount %'));
    await user.type(field('Discount %'), '150');
    await user.click(button('ADD'));
    expect(await screen.findByText('The price must not be negative')).toBeInTheDocument();
    expect(screen.getByText('The discount must be at most 100')).toBeInTheDocument();
    // Not clamped to 0 and 100.
    expect(field('Course Price')).toHaveValue('-50');
    expect(field('Discount %')).toHaveValue('150');
    expect(field('Course Price')).toHaveAttribute('aria-invalid', 'true');
    expect(apiSend).not.toHaveBeenCalled();

    await user.clear(field('Discount %'));
    await user.type(field('Discount %'), '100');
    await waitFor(() => expect(screen.queryByText('The discount must be at most 100')).not.toBeInTheDocument());
  });

  it('refuses a blank lecture, "-5" minutes and "not a url" with a message per field, and adds nothing', async () => {
    await openPage();
    await addChapter('Basics');
    const dialog = await openLectureModal();
    await user.click(button('Add', dialog));
    expect(within(dialog).getByText('The lecture title is required')).toBeInTheDocument();
    expect(within(dialog).getByText('The duration must be a number of minutes')).toBeInTheDocument();
    expect(within(dialog).getByText(YOUTUBE_MESSAGE)).toBeInTheDocument();
    expect(field('Lecture Title', dialog)).toHaveAttribute('aria-invalid', 'true');
    expect(field('Lecture Title', dialog)).toHaveFocus();

    await typeLecture(dialog, 'Intro', '-5', 'not a url');
    // The messages follow the typing once a save was refused.
    expect(within(dialog).queryByText('The lecture title is required')).not.toBeInTheDocument();
    expect(within(dialog).getByText('The duration must not be negative')).toBeInTheDocument();
    expect(within(dialog).getByText(YOUTUBE_MESSAGE)).toBeInTheDocument();
    await user.click(button('Add', dialog));
    expect(lectureTitles(chapterItems()[0] as HTMLElement)).toEqual([]);

    await typeLecture(dialog, 'Intro', '5', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await user.click(button('Add', dialog));
    await waitFor(() => expect(screen.queryByText('Add Lecture')).not.toBeInTheDocument());
    expect(lectureTitles(chapterItems()[0] as HTMLElement)).toEqual(['Intro']);
  });

  it('shows the video of a YouTube link (its public still), and accepts the link when the preview cannot load', async () => {
    await openPage();
    await addChapter('Basics');
    const dialog = await openLectureModal();
    await user.type(field('Lecture URL', dialog), 'https://youtu.be/dQw4w9WgXcQ');
    expect(within(dialog).getByText('YouTube video dQw4w9WgXcQ')).toBeInTheDocument();
    const still = dialog.querySelector('.ed-video-preview img') as HTMLImageElement;
    expect(still).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/mqdefault.jpg');
    fireEvent.load(still);
    expect(within(dialog).getByRole('img', { name: 'Preview of YouTube video dQw4w9WgXcQ' })).toBeVisible();

    // Another video, which YouTube cannot give (offline here): said, and still accepted.
    await user.clear(field('Lecture URL', dialog));
    await user.type(field('Lecture URL', dialog), 'https://youtu.be/aaaaaaaaaaa');
    fireEvent.error(dialog.querySelector('.ed-video-preview img') as HTMLImageElement);
    expect(
      within(dialog).getByText('YouTube video aaaaaaaaaaa (no preview available; the link is still accepted)'),
    ).toBeInTheDocument();
    await user.type(field('Lecture Title', dialog), 'Offline');
    await user.type(field('Duration (minutes)', dialog), '3');
    await user.click(button('Add', dialog));
    await waitFor(() => expect(screen.queryByText('Add Lecture')).not.toBeInTheDocument());
    expect(lectureTitles(chapterItems()[0] as HTMLElement)).toEqual(['Offline']);
  });

  it('checks the thumbnail when it is chosen: type and size, with a clear message', async () => {
    await openPage();
    const input = field('Course Thumbnail');
    // `applyAccept: false`: as when "All files" is chosen in the file dialog.
    const picker = setupUser({ applyAccept: false });
    await picker.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('The thumbnail must be a JPEG, PNG, WebP, GIF or AVIF image')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Course thumbnail preview' })).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await screen.findByText('The thumbnail must be 5 MB or smaller')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Course thumbnail preview' })).not.toBeInTheDocument();

    await user.upload(input, new File(['png'], 'ok.png', { type: 'image/png' }));
    expect(screen.queryByText('The thumbnail must be 5 MB or smaller')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Course thumbnail preview' })).toBeInTheDocument();
  });
});

describe('Course form: chapters and lectures', () => {
  it('renames a chapter and edits a lecture in place', async () => {
    await openPage();
    await addChapter('Basics');
    let dialog = await openLectureModal();
    await typeLecture(dialog, 'Intro', '5', 'https://youtu.be/dQw4w9WgXcQ');
    await user.click(button('Add', dialog));
    await waitFor(() => expect(screen.queryByText('Add Lecture')).not.toBeInTheDocument());

    await user.click(within(chapterItems()[0] as HTMLElement).getByLabelText("Rename chapter 'Basics'"));
    dialog = await findDialog('Rename Chapter');
    expect(field('Enter Chapter Name:', dialog)).toHaveValue('Basics');
    await user.clear(field('Enter Chapter Name:', dialog));
    await user.type(field('Enter Chapter Name:', dialog), 'Foundations{Enter}');
    await waitFor(() => expect(chapterTitles()).toEqual(['1. Foundations']));

    await user.click(screen.getByLabelText("Edit lecture 'Intro'"));
    dialog = await findDialog('Edit Lecture');
    expect(field('Lecture Title', dialog)).toHaveValue('Intro');
    expect(field('Duration (minutes)', dialog)).toHaveValue(5);
    await user.clear(field('Lecture Title', dialog));
    await user.click(button('Save', dialog));
    expect(within(dialog).getByText('The lecture title is required')).toBeInTheDocument();
    await user.type(field('Lecture Title', dialog), 'Welcome');
    await user.click(button('Save', dialog));
    await waitFor(() => expect(screen.queryByText('Edit Lecture')).not.toBeInTheDocument());
    expect(lectureTitles(chapterItems()[0] as HTMLElement)).toEqual(['Welcome']);
  });

  it('gives every chapter and lecture a handle to move it, with instructions for the keyboard', async () => {
    await openPage();
    await addChapter('One');
    await addChapter('Two');
    const handle = screen.getByLabelText("Move chapter 'Two'");
    expect(handle).toHaveAttribute('aria-roledescription', 'sortable');
    const instructions = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(instructions?.textContent).toBe(
      'To move a chapter, press Space or Enter on its handle, use the arrow keys to move it, then press Space or Enter to drop it, or Escape to cancel.',
    );
  });

  it('moves chapters and lectures (what a drop does), keeping their ids', () => {
    const lecture = (id: string) => ({
      lectureId: id,
      lectureTitle: id,
      lectureDuration: '1',
      lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
      isPreviewFree: false,
      lectureOrder: 0,
    });
    const chapters = ['a', 'b', 'c'].map((id, i) => ({
      chapterId: id,
      savedId: id,
      chapterTitle: id,
      chapterOrder: i + 1,
      collapsed: false,
      chapterContent: [lecture(`${id}1`), lecture(`${id}2`)],
    }));
    const moved = moveChapter(chapters, 'c', 'a');
    expect(moved.map((c) => [c.chapterId, c.chapterOrder])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    const lectures = moveLecture(chapters, 'b', 'b2', 'b1');
    expect(lectures[1]?.chapterContent.map((l) => [l.lectureId, l.lectureOrder])).toEqual([
      ['b2', 1],
      ['b1', 2],
    ]);
    expect(lectures[0]).toBe(chapters[0]);
  });
});

describe('Course form: Save Draft', () => {
  it('sends the course with status draft, then says it is a draft with its links', async () => {
    apiSend.mockResolvedValue({
      success: true,
      message: 'Course added successfully!',
      course: { _id: 'd1', courseTitle: 'Work in progress' },
    } as Awaited<ReturnType<typeof apiSend>>);
    await openPage();
    await user.type(field('Course Title'), 'Work in progress');
    await user.upload(field('Course Thumbnail'), new File(['png'], 't.png', { type: 'image/png' }));
    await user.click(button('Save Draft'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
    const [path, options] = apiSend.mock.calls[0] ?? [];
    expect(path).toBe(ADD_COURSE_PATH);
    expect(JSON.parse((options?.body as FormData | undefined)?.get('courseData') as string)).toMatchObject({
      courseTitle: 'Work in progress',
      status: 'draft',
    });
    await waitFor(() => expect(toastOf('success')).toEqual(['Draft saved']));
    expect(await screen.findByRole('heading', { level: 2, name: 'Draft saved' })).toBeInTheDocument();
    expect(
      screen.getByText(
        '“Work in progress” is not in the catalog: only you can see it until you publish it from My Courses.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View course page' })).toHaveAttribute('href', '/course/d1');
  });

  it('refuses a draft without a title, as the server would', async () => {
    await openPage();
    await user.click(button('Save Draft'));
    expect(await screen.findByText('Please enter the course title')).toBeInTheDocument();
    await waitFor(() => expect(toastOf('error')).toEqual(['Please upload course thumbnail']));
    expect(apiSend).not.toHaveBeenCalled();
  });
});
