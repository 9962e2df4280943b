import { queryKeys } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONFIRMATIONS } from '../src/features/my-courses/hooks/useCourseActions';
import {
  apiGet,
  apiSend,
  COURSES_PATH,
  findDialog,
  makeCourse,
  mockGet,
  renderPortal,
  rowOf,
  serverError,
  signInAsEducator,
  tableRows,
  testQueryClient,
  toastOf,
  user,
} from './helpers';

beforeEach(() => {
  signInAsEducator();
});

const COURSES = [
  makeCourse({ _id: 'draft1', courseTitle: 'Draft course', status: 'draft', studentsCount: 0 }),
  makeCourse({ _id: 'live1', courseTitle: 'Live course', status: 'published', studentsCount: 2 }),
  makeCourse({ _id: 'off1', courseTitle: 'Hidden course', status: 'unpublished', studentsCount: 1 }),
];
const ARCHIVED = makeCourse({ _id: 'old1', courseTitle: 'Old course', status: 'archived', studentsCount: 4 });

const action = (course: string, label: string) =>
  within(rowOf(course)).getByRole('button', { name: `${label} '${course}'` });
const answered = (message: string) =>
  apiSend.mockResolvedValue({ success: true, message } as Awaited<ReturnType<typeof apiSend>>);

async function openPage(client = testQueryClient()) {
  mockGet({
    [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
    [`${COURSES_PATH}?include=archived`]: () => ({ success: true, courses: [...COURSES, ARCHIVED] }),
  });
  renderPortal('/educator/my-courses', client);
  await screen.findByText('Draft course');
  return client;
}

describe('My courses: status and actions', () => {
  it('shows each status, and the actions it allows (archive once anyone enrolled, delete while nobody has)', async () => {
    await openPage();
    // The status is under the course's title, in its cell.
    const status = (course: string) => rowOf(course).querySelector('.ed-course-status')?.textContent;
    expect(COURSES.map((c) => status(c.courseTitle))).toEqual(['Draft', 'Published', 'Unpublished']);
    expect(tableRows().map((row) => row[4])).toEqual([
      'EditAnnouncePublishDelete',
      'EditAnnounceUnpublishArchive',
      'EditAnnouncePublishArchive',
    ]);
    expect(within(rowOf('Draft course')).getByRole('link', { name: "Edit 'Draft course'" })).toHaveAttribute(
      'href',
      '/educator/courses/draft1/edit',
    );
  });

  it('publishes at once, says so and refetches the courses and the catalog', async () => {
    const client = testQueryClient();
    client.setQueryData(queryKeys.catalog.pages(''), { cached: true });
    await openPage(client);
    answered('Course published');
    await user.click(action('Draft course', 'Publish'));
    await waitFor(() => expect(toastOf('success')).toEqual(['Course published']));
    expect(apiSend).toHaveBeenCalledWith(`${COURSES_PATH}/draft1/publish`, { method: 'POST' });
    expect(client.getQueryState(queryKeys.catalog.pages(''))?.isInvalidated).toBe(true);
    await waitFor(() => expect(apiGet.mock.calls.filter(([p]) => p === COURSES_PATH)).toHaveLength(2));
  });

  it("tells what a course still needs when publishing is refused (the server's message)", async () => {
    await openPage();
    apiSend.mockRejectedValue(serverError('A published course needs a description. Please add it first.', 422));
    await user.click(action('Draft course', 'Publish'));
    await waitFor(() =>
      expect(toastOf('error')).toEqual(['A published course needs a description. Please add it first.']),
    );
    await waitFor(() => expect(action('Draft course', 'Publish')).toBeEnabled());
  });

  it('asks before unpublishing; Cancel does nothing, Unpublish does it', async () => {
    await openPage();
    answered('Course unpublished');
    await user.click(action('Live course', 'Unpublish'));
    let dialog = await findDialog(CONFIRMATIONS.unpublish.text);
    expect(dialog).toHaveAccessibleName('Unpublish this course?');
    expect(within(dialog).getByText('Live course')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText(CONFIRMATIONS.unpublish.text)).not.toBeInTheDocument());
    expect(apiSend).not.toHaveBeenCalled();

    await user.click(action('Live course', 'Unpublish'));
    dialog = await findDialog(CONFIRMATIONS.unpublish.text);
    await user.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    await waitFor(() => expect(toastOf('success')).toEqual(['Course unpublished']));
    expect(apiSend).toHaveBeenCalledWith(`${COURSES_PATH}/live1/unpublish`, { method: 'POST' });
  });

  it('archives after asking', async () => {
    await openPage();
    answered('Course archived');
    await user.click(action('Hidden course', 'Archive'));
    const dialog = await findDialog(CONFIRMATIONS.archive.text);
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(toastOf('success')).toEqual(['Course archived']));
    expect(apiSend).toHaveBeenCalledWith(`${COURSES_PATH}/off1/archive`, { method: 'POST' });
  });

  it("deletes after a warning that it cannot be undone; a refusal shows the server's message", async () => {
    await openPage();
    apiSend.mockRejectedValueOnce(
      serverError(
        'Someone is paying for this course right now, so it cannot be deleted. Unpublish it and try again later.',
        409,
      ),
    );
    await user.click(action('Draft course', 'Delete'));
    let dialog = await findDialog(CONFIRMATIONS.delete.text);
    expect(dialog).toHaveAccessibleName('Delete this course?');
    expect(CONFIRMATIONS.delete.text).toContain('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toastOf('error')).toEqual([
        'Someone is paying for this course right now, so it cannot be deleted. Unpublish it and try again later.',
      ]),
    );
    expect(apiSend).toHaveBeenCalledWith(`${COURSES_PATH}/draft1`, { method: 'DELETE' });

    answered('Course deleted');
    await waitFor(() => expect(action('Draft course', 'Delete')).toBeEnabled());
    await user.click(action('Draft course', 'Delete'));
    dialog = await findDialog(CONFIRMATIONS.delete.text);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastOf('success')).toEqual(['Course deleted']));
  });

  it('lists archived courses on request', async () => {
    await openPage();
    expect(screen.queryByText('Old course')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Show archived courses'));
    expect(await screen.findByText('Old course')).toBeInTheDocument();
    expect(apiGet).toHaveBeenCalledWith(`${COURSES_PATH}?include=archived`);
    expect(within(rowOf('Old course')).getByText('Archived')).toBeInTheDocument();
    // Archived with students: publish again, but neither archive nor delete.
    expect(tableRows().at(-1)?.[4]).toBe('EditAnnouncePublish');
  });
});
