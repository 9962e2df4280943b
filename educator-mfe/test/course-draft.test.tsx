import type { EditableCourse } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_RESTORED_TITLE } from '../src/features/add-course/components/DraftNotice';
import { LEAVE_TEXT, LEAVE_TITLE } from '../src/features/add-course/hooks/useLeaveGuard';
import {
  apiSend,
  button,
  currentPath,
  findDialog,
  mockGet,
  openDescription,
  renderPortal,
  signInAsEducator,
  user,
} from './helpers';

vi.mock('../src/features/add-course/components/TiptapEditor', () => import('./mocks/TextareaEditor'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-preview');
  URL.revokeObjectURL = vi.fn();
  localStorage.clear();
  signInAsEducator();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const chapterTitles = () =>
  Array.from(document.querySelectorAll('li.ed-chapter .ed-chapter-title')).map((c) => c.textContent);

/** The leave question (an antd confirmation names itself twice: its visible and its aria title). */
async function leaveQuestion(): Promise<HTMLElement> {
  const [title] = await screen.findAllByText(LEAVE_TITLE);
  const dialog = title?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) throw new Error('no leave question');
  return dialog;
}

async function openAddCourse() {
  const rendered = renderPortal('/educator/add-course');
  await screen.findByRole('heading', { level: 1, name: 'Add Course' });
  await screen.findByLabelText('Course Description');
  return rendered;
}

async function addChapter(name: string) {
  await user.click(button('+ Add Chapter'));
  const dialog = await findDialog('Enter Chapter Name:');
  await user.type(within(dialog).getByLabelText('Enter Chapter Name:'), name);
  await user.click(button('OK', dialog));
  await waitFor(() => expect(screen.queryByText('Enter Chapter Name:')).not.toBeInTheDocument());
}

/** Half a course: a title, a description, a price and a chapter. */
async function writeHalfACourse() {
  await user.type(field('Course Title'), 'Half-built course');
  await openDescription();
  await user.paste('<p>Some words.</p>');
  await user.clear(field('Course Price'));
  await user.type(field('Course Price'), '120');
  await addChapter('First steps');
}

describe('Add course: the draft kept on this device', () => {
  it('opening the page again brings the half-built course back, with a notice; Discard draft empties it', async () => {
    const first = await openAddCourse();
    // Nothing written yet: nothing kept, and no notice.
    expect(screen.queryByRole('status', { name: DRAFT_RESTORED_TITLE })).not.toBeInTheDocument();
    await writeHalfACourse();
    first.unmount();

    await openAddCourse();
    const notice = await screen.findByRole('status', { name: DRAFT_RESTORED_TITLE });
    expect(notice).toHaveTextContent('are back in the form');
    await waitFor(() => expect(field('Course Title').value).toBe('Half-built course'));
    expect(field('Course Price').value).toBe('120');
    expect(field('Course Description').value).toBe('<p>Some words.</p>');
    expect(chapterTitles()).toEqual(['1. First steps']);

    await user.click(button('Discard draft', notice));
    await waitFor(() => expect(field('Course Title').value).toBe(''));
    expect(field('Course Description').value).toBe('');
    expect(chapterTitles()).toEqual([]);
    expect(screen.queryByRole('status', { name: DRAFT_RESTORED_TITLE })).not.toBeInTheDocument();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('courseport:course-draft:'))).toEqual([]);
  });

  it('keeps one draft per educator: another educator on the same browser does not see it', async () => {
    const first = await openAddCourse();
    await user.type(field('Course Title'), 'Grace’s course');
    first.unmount();
    signInAsEducator();
    const { sessionStore } = await import('@courseport/shared-ui');
    sessionStore.setState({
      identity: { id: 'idp-2', email: 'alan@example.com', fullName: 'Alan Turing', imageUrl: '' },
    });
    await openAddCourse();
    expect(field('Course Title').value).toBe('');
    expect(screen.queryByRole('status', { name: DRAFT_RESTORED_TITLE })).not.toBeInTheDocument();
  });

  it('a sidebar link asks before leaving unsaved changes: Stay keeps the page, Leave goes', async () => {
    await openAddCourse();
    await user.type(field('Course Title'), 'Unsaved');
    await user.click(screen.getAllByRole('link', { name: 'My Courses' })[0] as HTMLElement);
    const dialog = await leaveQuestion();
    expect(dialog).toHaveTextContent(LEAVE_TEXT);
    // The safe choice has the focus.
    expect(within(dialog).getByRole('button', { name: 'Stay on this page' })).toHaveFocus();
    await user.click(button('Stay on this page', dialog));
    await waitFor(() => expect(screen.queryByText(LEAVE_TITLE)).not.toBeInTheDocument());
    expect(currentPath()).toBe('/educator/add-course');
    expect(field('Course Title').value).toBe('Unsaved');

    await user.click(screen.getAllByRole('link', { name: 'My Courses' })[0] as HTMLElement);
    await user.click(button('Leave', await leaveQuestion()));
    await waitFor(() => expect(currentPath()).toBe('/educator/my-courses'));
  });

  it('warns before a reload or closing the tab only while there are unsaved changes', async () => {
    await openAddCourse();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(field('Course Title'), 'Unsaved');
    await waitFor(() => expect(unload()).toBe(true));
    await user.clear(field('Course Title'));
    await waitFor(() => expect(unload()).toBe(false));
  });

  it('a sent course leaves no draft and no warning', async () => {
    apiSend.mockResolvedValue({
      success: true,
      message: 'Course added successfully!',
      course: { _id: 'c1', courseTitle: 'Half-built course' },
    } as Awaited<ReturnType<typeof apiSend>>);
    const first = await openAddCourse();
    await writeHalfACourse();
    await user.upload(field('Course Thumbnail'), new File(['png'], 'thumb.png', { type: 'image/png' }));
    await user.click(button('ADD'));
    await screen.findByRole('heading', { level: 2, name: 'Course added' });
    await user.click(screen.getAllByRole('link', { name: 'My Courses' })[0] as HTMLElement);
    await waitFor(() => expect(currentPath()).toBe('/educator/my-courses'));
    expect(screen.queryByText(LEAVE_TITLE)).not.toBeInTheDocument();
    first.unmount();
    await openAddCourse();
    expect(field('Course Title').value).toBe('');
    expect(screen.queryByRole('status', { name: DRAFT_RESTORED_TITLE })).not.toBeInTheDocument();
  });
});

const ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const COURSE: EditableCourse = {
  _id: ID,
  courseTitle: 'Saved title',
  courseDescription: '<p>Saved.</p>',
  courseThumbnail: 'https://img.example.com/saved.jpg',
  coursePrice: 100,
  discount: 0,
  status: 'draft',
  studentsCount: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  courseContent: [],
};

describe('Edit course: the draft kept per course', () => {
  it('brings back unsaved edits of this course; Discard draft returns to the saved course', async () => {
    mockGet({ [`/api/educator/courses/${ID}`]: () => ({ success: true, course: COURSE }) });
    const first = renderPortal(`/educator/courses/${ID}/edit`);
    await screen.findByDisplayValue('Saved title');
    await user.clear(field('Course Title'));
    await user.type(field('Course Title'), 'Edited title');
    first.unmount();

    renderPortal(`/educator/courses/${ID}/edit`);
    await screen.findByDisplayValue('Edited title', {}, { timeout: 5000 });
    const notice = screen.getByRole('status', { name: DRAFT_RESTORED_TITLE });
    await user.click(button('Discard draft', notice));
    await waitFor(() => expect(field('Course Title').value).toBe('Saved title'));
  });
});
