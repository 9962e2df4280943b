import type { Announcement } from '@courseport/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiSend,
  button,
  COURSES_PATH,
  expectLoadingUntil,
  expectRetryRecovers,
  failingGet,
  makeCourse,
  mockGet,
  mockPost,
  pendingGet,
  postBodies,
  renderPortal,
  serverError,
  signInAsEducator,
  toastOf,
  user,
} from './helpers';

vi.mock('../src/features/add-course/components/TiptapEditor', () => import('./mocks/TextareaEditor'));

const LIST = '/api/courses/c-react/announcements';
const PAGE_URL = '/educator/courses/c-react/announcements';
const COURSES = [makeCourse({ _id: 'c-react', courseTitle: 'Complete React Bootcamp' })];

function makeAnnouncement(overrides: Partial<Announcement> & Pick<Announcement, '_id' | 'title'>): Announcement {
  return {
    courseId: 'c-react',
    body: '<p>New <em>chapter</em> is live.</p><script>window.hacked=1</script>',
    author: { _id: 'u1', name: 'Grace Hopper' },
    createdAt: '2025-04-02T10:00:00.000Z',
    updatedAt: '2025-04-02T10:00:00.000Z',
    ...overrides,
  };
}
const MINE = makeAnnouncement({ _id: 'an1', title: 'Chapter 5 is out' });
const ADMINS = makeAnnouncement({ _id: 'an2', title: 'Platform notice', author: { _id: 'admin', name: 'Admin' } });
const page = (announcements: Announcement[], nextCursor: string | null = null) => ({
  success: true,
  announcements,
  nextCursor,
});

beforeEach(() => {
  signInAsEducator();
});

/** The message editor of the form labelled `form`, ready to type in (it loads on use). */
async function messageField(scope: HTMLElement): Promise<HTMLTextAreaElement> {
  await user.click(within(scope).getByLabelText('Message'));
  return (await waitFor(() => {
    const field = within(scope).getByLabelText('Message');
    expect(field.tagName).toBe('TEXTAREA');
    return field;
  })) as HTMLTextAreaElement;
}

describe('Course announcements', () => {
  it("is reached from My Courses' Announce, shows 'Loading announcements...', then the sent ones, sanitized", async () => {
    const pending = pendingGet(LIST);
    mockGet({ [LIST]: () => pending.promise, [COURSES_PATH]: () => ({ success: true, courses: COURSES }) });
    renderPortal('/educator/my-courses');
    await user.click(
      await screen.findByRole('link', { name: "Announce to the students of 'Complete React Bootcamp'" }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Announcements' })).toBeInTheDocument();
    expect(document.title).toBe('Announcements · Educator · Courseport');
    expect(screen.getByText('To every student of Complete React Bootcamp')).toBeInTheDocument();
    await expectLoadingUntil(pending, 'Loading announcements...', page([MINE, ADMINS]), 'Chapter 5 is out');
    const sent = screen.getByRole('list', { name: 'Sent announcements' });
    await waitFor(() => expect(sent.querySelector('em')).toHaveTextContent('chapter'));
    expect(sent.querySelector('script')).toBeNull();
    // Only one's own can be changed.
    expect(screen.getByRole('button', { name: "Edit 'Chapter 5 is out'" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Edit 'Platform notice'" })).toBeNull();
  });

  it('says what the list is for when nothing was sent, and Retry recovers from an error', async () => {
    const failing = failingGet(LIST, serverError('Course not found', 404), () => page([]));
    mockGet({ [LIST]: failing.handler, [COURSES_PATH]: () => ({ success: true, courses: COURSES }) });
    renderPortal(PAGE_URL);
    await expectRetryRecovers(failing, 'Error Loading Announcements', 'Try Again', 'No announcements yet');
  });

  it('posts an announcement (title and rich text), which then heads the list', async () => {
    mockGet({ [LIST]: () => page([MINE]), [COURSES_PATH]: () => ({ success: true, courses: COURSES }) });
    const posted = makeAnnouncement({ _id: 'an3', title: 'Live Q&A on Friday', body: '<p>Join us</p>' });
    mockPost({ [LIST]: () => ({ success: true, message: 'Announcement posted', announcement: posted }) });
    renderPortal(PAGE_URL);
    await screen.findByText('Chapter 5 is out');
    const form = screen.getByRole('form', { name: 'Post announcement' });

    await user.click(button('Post announcement', form));
    expect(within(form).getByText('Please give the announcement a title')).toBeInTheDocument();
    expect(within(form).getByText('Please write what you want to tell your students')).toBeInTheDocument();
    expect(postBodies(LIST)).toEqual([]);

    await user.type(within(form).getByLabelText('Title'), 'Live Q&A on Friday');
    const message = await messageField(form);
    await user.type(message, '<p>Join us</p>');
    await user.click(button('Post announcement', form));
    expect(postBodies(LIST)).toEqual([{ title: 'Live Q&A on Friday', body: '<p>Join us</p>' }]);
    await waitFor(() => expect(within(form).getByLabelText('Title')).toHaveValue(''));
    const titles = within(screen.getByRole('list', { name: 'Sent announcements' })).getAllByRole('heading', {
      level: 3,
    });
    expect(titles.map((h) => h.textContent)).toEqual(['Live Q&A on Friday', 'Chapter 5 is out']);
    await waitFor(() => expect(toastOf('success')).toEqual(['Announcement posted: your students are being told']));
  });

  it("shows the daily limit's 429 clearly and keeps what was written", async () => {
    mockGet({ [LIST]: () => page([]), [COURSES_PATH]: () => ({ success: true, courses: COURSES }) });
    const limit = 'This course has had its 5 announcements for today. Please try again in 7 hours.';
    mockPost({
      [LIST]: () => {
        throw serverError(limit, 429);
      },
    });
    renderPortal(PAGE_URL);
    await screen.findByText('No announcements yet');
    const form = screen.getByRole('form', { name: 'Post announcement' });
    await user.type(within(form).getByLabelText('Title'), 'One more');
    await user.type(await messageField(form), 'Hello');
    await user.click(button('Post announcement', form));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(`Daily limit reached. ${limit}`);
    expect(alert).toHaveClass('is-limit');
    expect(within(form).getByLabelText('Title')).toHaveValue('One more');
  });

  it('edits and deletes (after asking) its own announcement', async () => {
    mockGet({ [LIST]: () => page([MINE]), [COURSES_PATH]: () => ({ success: true, courses: COURSES }) });
    renderPortal(PAGE_URL);
    await screen.findByText('Chapter 5 is out');
    await user.click(screen.getByRole('button', { name: "Edit 'Chapter 5 is out'" }));
    const form = screen.getByRole('form', { name: 'Save changes' });
    const title = within(form).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Chapter 5 and 6 are out');
    apiSend.mockResolvedValueOnce({
      success: true,
      announcement: { ...MINE, title: 'Chapter 5 and 6 are out', updatedAt: '2025-04-03T10:00:00.000Z' },
    } as Awaited<ReturnType<typeof apiSend>>);
    await user.click(button('Save changes', form));
    expect(apiSend).toHaveBeenCalledWith(`${LIST}/an1`, {
      method: 'PATCH',
      body: { title: 'Chapter 5 and 6 are out', body: MINE.body },
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Chapter 5 and 6 are out' })).toBeInTheDocument();
    expect(screen.getByText(/· edited/)).toBeInTheDocument();

    apiSend.mockResolvedValueOnce({ success: true, message: 'Announcement deleted' } as Awaited<
      ReturnType<typeof apiSend>
    >);
    await user.click(screen.getByRole('button', { name: "Delete 'Chapter 5 and 6 are out'" }));
    const dialog = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role="dialog"]');
      expect(found).toHaveTextContent('Delete this announcement?');
      return found as HTMLElement;
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(apiSend).toHaveBeenLastCalledWith(`${LIST}/an1`, { method: 'DELETE' });
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
  });
});
