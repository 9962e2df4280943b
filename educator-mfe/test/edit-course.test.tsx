import { type EditableCourse, queryKeys } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiSend,
  button,
  deferred,
  findDialog,
  getCalls,
  mockGet,
  renderPortal,
  serverError,
  signInAsEducator,
  toastOf,
  user,
} from './helpers';
import { serverData } from './server-data';

vi.mock('../src/features/add-course/components/TiptapEditor', () => import('./mocks/TextareaEditor'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-preview');
  URL.revokeObjectURL = vi.fn();
  signInAsEducator();
});

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const PATH = `/api/educator/courses/${ID}`;
const hex = (c: string) => c.repeat(24);
const COURSE: EditableCourse = {
  _id: ID,
  courseTitle: 'Complete React Bootcamp',
  courseDescription: '<p>Learn React.</p>',
  courseThumbnail: 'https://img.example.com/react.jpg',
  coursePrice: 499,
  discount: 10,
  status: 'draft',
  studentsCount: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  courseContent: [
    {
      chapterId: hex('1'),
      chapterTitle: 'Basics',
      chapterOrder: 1,
      chapterContent: [
        {
          lectureId: hex('2'),
          lectureTitle: 'Intro',
          lectureDuration: 5,
          lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
          isPreviewFree: true,
          lectureOrder: 1,
        },
      ],
    },
    { chapterId: hex('3'), chapterTitle: 'Advanced', chapterOrder: 2, chapterContent: [] },
  ],
};

const field = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(label) as HTMLInputElement;
const chapterTitles = () =>
  Array.from(document.querySelectorAll('li.ed-chapter .ed-chapter-title')).map((t) => t.textContent);

async function openEditor(course: EditableCourse = COURSE) {
  mockGet({ [PATH]: () => ({ success: true, course }) });
  renderPortal(`/educator/courses/${ID}/edit`);
  await screen.findByDisplayValue(course.courseTitle);
}

describe('Edit course', () => {
  it("shows 'Loading the course...', then the Add Course form filled with the course", async () => {
    const pending = deferred<unknown>();
    mockGet({ [PATH]: () => pending.promise });
    renderPortal(`/educator/courses/${ID}/edit`);
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Course' })).toBeInTheDocument();
    expect(screen.getByText('Loading the course...')).toBeInTheDocument();
    pending.resolve({ success: true, course: COURSE });

    await screen.findByDisplayValue('Complete React Bootcamp');
    expect(document.title).toContain('Edit Course');
    expect(field('Course Price')).toHaveValue('499');
    expect(field('Discount %')).toHaveValue('10');
    // The description at once, sanitized, in the editor's box; the editor comes when the box is used.
    const description = await screen.findByRole('textbox', { name: 'Course Description' });
    await waitFor(() => expect(description.innerHTML).toBe('<p>Learn React.</p>'));
    expect(description).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('img', { name: 'Course thumbnail preview' })).toHaveAttribute(
      'src',
      'https://img.example.com/react.jpg',
    );
    expect(screen.getByText('Draft')).toBeInTheDocument();
    expect(chapterTitles()).toEqual(['1. Basics', '2. Advanced']);
    expect(screen.getByText('Intro')).toBeInTheDocument();
    expect(button('Save Changes')).toBeEnabled();
  });

  it("shows 'Error Loading Course' with the server's message, and 'Try Again' loads it again", async () => {
    let fail = true;
    mockGet({
      [PATH]: () => {
        if (fail) throw serverError('Only the course’s educator may change it', 403);
        return { success: true, course: COURSE };
      },
    });
    renderPortal(`/educator/courses/${ID}/edit`);
    expect(await screen.findByText('Error Loading Course')).toBeInTheDocument();
    expect(screen.getAllByText('Only the course’s educator may change it').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to My Courses' })).toHaveAttribute('href', '/educator/my-courses');
    fail = false;
    await user.click(button('Try Again'));
    await screen.findByDisplayValue('Complete React Bootcamp');
  });

  it('saves every part with the ids kept: an edited lecture, a new one (no id)', async () => {
    const saved: EditableCourse = {
      ...COURSE,
      courseTitle: 'React, the course',
      updatedAt: '2025-03-03T10:00:00.000Z',
    };
    apiSend.mockResolvedValue({ success: true, message: 'Course updated', course: saved } as Awaited<
      ReturnType<typeof apiSend>
    >);
    await openEditor();
    await user.clear(field('Course Title'));
    await user.type(field('Course Title'), 'React, the course');

    await user.click(screen.getByLabelText("Edit lecture 'Intro'"));
    let dialog = await findDialog('Edit Lecture');
    await user.clear(field('Lecture Title', dialog));
    await user.type(field('Lecture Title', dialog), 'Welcome');
    await user.click(button('Save', dialog));
    await waitFor(() => expect(screen.queryByText('Edit Lecture')).not.toBeInTheDocument());

    const advanced = document.querySelectorAll<HTMLElement>('li.ed-chapter')[1] as HTMLElement;
    await user.click(button('+ Add Lecture', advanced));
    dialog = await findDialog('Add Lecture');
    await user.type(field('Lecture Title', dialog), 'Hooks');
    await user.type(field('Duration (minutes)', dialog), '12');
    await user.type(field('Lecture URL', dialog), 'https://www.youtube.com/watch?v=hookshooks1');
    await user.click(button('Add', dialog));
    await waitFor(() => expect(screen.queryByText('Add Lecture')).not.toBeInTheDocument());

    await user.click(button('Save Changes'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
    const [path, options] = apiSend.mock.calls[0] ?? [];
    expect(path).toBe(PATH);
    expect(options?.method).toBe('PATCH');
    expect(options?.body).toEqual({
      courseTitle: 'React, the course',
      courseDescription: '<p>Learn React.</p>',
      coursePrice: 499,
      discount: 10,
      courseContent: [
        {
          chapterId: hex('1'),
          chapterTitle: 'Basics',
          chapterContent: [
            {
              lectureId: hex('2'),
              lectureTitle: 'Welcome',
              lectureDuration: 5,
              lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
              isPreviewFree: true,
            },
          ],
        },
        {
          chapterId: hex('3'),
          chapterTitle: 'Advanced',
          chapterContent: [
            {
              lectureTitle: 'Hooks',
              lectureDuration: 12,
              lectureUrl: 'https://www.youtube.com/watch?v=hookshooks1',
              isPreviewFree: false,
            },
          ],
        },
      ],
    });
    await waitFor(() => expect(toastOf('success')).toEqual(['Course updated']));
    expect(await screen.findByRole('heading', { level: 2, name: 'Changes saved' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View course page' })).toHaveAttribute('href', `/course/${ID}`);
    // The form starts again from the saved course.
    expect(field('Course Title')).toHaveValue('React, the course');
  });

  it('sends a new thumbnail after the edit (PUT …/thumbnail)', async () => {
    apiSend.mockImplementation(async (path) => ({
      success: true,
      message: path.endsWith('/thumbnail') ? 'Thumbnail updated' : 'Course updated',
      course: COURSE,
    }));
    await openEditor();
    const file = new File(['png'], 'new.png', { type: 'image/png' });
    await user.upload(field('Course Thumbnail'), file);
    await user.click(button('Save Changes'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(2));
    const [path, options] = apiSend.mock.calls[1] ?? [];
    expect(path).toBe(`${PATH}/thumbnail`);
    expect(options?.method).toBe('PUT');
    expect((options?.body as FormData | undefined)?.get('image')).toBe(file);
    await waitFor(() => expect(toastOf('success')).toEqual(['Course updated']));
  });

  it("says why a save was refused (the server's message) and keeps the form as it was", async () => {
    apiSend.mockRejectedValue(serverError('The course was changed meanwhile. Please reload it and try again.', 409));
    await openEditor();
    await user.clear(field('Course Title'));
    await user.type(field('Course Title'), 'Mine');
    await user.click(button('Save Changes'));
    await waitFor(() =>
      expect(toastOf('error')).toEqual(['The course was changed meanwhile. Please reload it and try again.']),
    );
    expect(field('Course Title')).toHaveValue('Mine');
    await waitFor(() => expect(button('Save Changes')).toBeEnabled());
    expect(screen.queryByRole('heading', { level: 2, name: 'Changes saved' })).not.toBeInTheDocument();
  });

  it('refuses what the server would refuse before sending (a negative price)', async () => {
    await openEditor();
    await user.clear(field('Course Price'));
    await user.type(field('Course Price'), '-1');
    await user.click(button('Save Changes'));
    expect(await screen.findByText('The price must not be negative')).toBeInTheDocument();
    expect(apiSend).not.toHaveBeenCalled();
  });
});

describe('Edit course: the first screen (#34)', () => {
  const CATEGORIES_PATH = '/api/categories';

  it("comes with the server's data (the course and the categories) and asks for nothing more", async () => {
    mockGet({
      [PATH]: () => ({ success: true, course: { ...COURSE, category: 'web-development' } }),
      [CATEGORIES_PATH]: () => ({
        success: true,
        categories: [{ slug: 'web-development', name: 'Web Development', courseCount: 5 }],
      }),
    });
    const client = await serverData(`courses/${ID}/edit`);
    renderPortal(`/educator/courses/${ID}/edit`, client);
    // At once, without 'Loading the course...'.
    expect(field('Course Title')).toHaveValue('Complete React Bootcamp');
    expect(screen.queryByText('Loading the course...')).toBeNull();
    const category = field('Category') as unknown as HTMLSelectElement;
    expect(category).toHaveValue('web-development');
    expect(Array.from(category.options, (option) => option.text)).toEqual(['No category', 'Web Development']);
    await screen.findByRole('textbox', { name: 'Course Description' });
    expect(getCalls(PATH)).toBe(1);
    expect(getCalls(CATEGORIES_PATH)).toBe(1);
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
  });

  it("reads the course's id from the address, and asks nothing for another page or a non-educator", async () => {
    mockGet({
      [PATH]: () => ({ success: true, course: COURSE }),
      [CATEGORIES_PATH]: () => ({ success: true, categories: [] }),
    });
    await serverData(`courses/${ID}/edit`, undefined, ['student']);
    await serverData(`courses/${ID}/students`);
    await serverData(`courses/%E0%A4%A/edit`);
    expect(getCalls(PATH)).toBe(0);
    expect(getCalls(CATEGORIES_PATH)).toBe(0);
    // (A trailing slash is the same page.)
    const client = await serverData(`courses/${ID}/edit/`);
    expect(client.getQueryData(queryKeys.educator.course(ID))).toMatchObject({ _id: ID });
    expect(getCalls(PATH)).toBe(1);
  });
});
