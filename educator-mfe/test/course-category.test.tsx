import type { Category, EditableCourse } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADD_COURSE_PATH,
  apiSend,
  button,
  findDialog,
  mockGet,
  openDescription,
  pendingGet,
  renderPortal,
  serverError,
  signInAsEducator,
  user,
} from './helpers';

vi.mock('../src/features/add-course/components/TiptapEditor', () => import('./mocks/TextareaEditor'));

const CATEGORIES_PATH = '/api/categories';
const CATEGORIES: Category[] = [
  { slug: 'data-science', name: 'Data Science', courseCount: 3 },
  { slug: 'web-development', name: 'Web Development', courseCount: 5 },
];
const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const COURSE_PATH = `/api/educator/courses/${ID}`;
const COURSE: EditableCourse = {
  _id: ID,
  courseTitle: 'Complete React Bootcamp',
  courseDescription: '<p>Learn React.</p>',
  courseThumbnail: 'https://img.example.com/react.jpg',
  coursePrice: 499,
  discount: 10,
  status: 'published',
  category: 'web-development',
  level: 'intermediate',
  studentsCount: 0,
  createdAt: '2025-03-01T10:00:00.000Z',
  courseContent: [
    {
      chapterId: 'c'.repeat(24),
      chapterTitle: 'Basics',
      chapterOrder: 1,
      chapterContent: [
        {
          lectureId: 'd'.repeat(24),
          lectureTitle: 'Intro',
          lectureDuration: 5,
          lectureUrl: 'https://youtu.be/dQw4w9WgXcQ',
          isPreviewFree: true,
          lectureOrder: 1,
        },
      ],
    },
  ],
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-preview');
  URL.revokeObjectURL = vi.fn();
  signInAsEducator();
});

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionTexts = (label: string) => [...select(label).options].map((option) => option.textContent);

async function openAddCourse() {
  renderPortal('/educator/add-course');
  await screen.findByRole('heading', { level: 1, name: 'Add Course' });
  await screen.findByLabelText('Course Description');
}

async function fillAndAdd() {
  await user.type(screen.getByLabelText('Course Title'), 'Complete React Bootcamp');
  await openDescription();
  await user.paste('<p>Learn React.</p>');
  await user.clear(screen.getByLabelText('Course Price'));
  await user.type(screen.getByLabelText('Course Price'), '499');
  await user.upload(screen.getByLabelText('Course Thumbnail'), new File(['png'], 'thumb.png', { type: 'image/png' }));
  await user.click(button('+ Add Chapter'));
  const chapter = await findDialog('Enter Chapter Name:');
  await user.type(within(chapter).getByLabelText('Enter Chapter Name:'), 'Basics');
  await user.click(button('OK', chapter));
  await waitFor(() => expect(screen.queryByText('Enter Chapter Name:')).not.toBeInTheDocument());
  await user.click(button('+ Add Lecture'));
  const lecture = await findDialog('Add Lecture');
  await user.type(within(lecture).getByLabelText('Lecture Title'), 'Intro');
  await user.type(within(lecture).getByLabelText('Duration (minutes)'), '5');
  await user.type(within(lecture).getByLabelText('Lecture URL'), 'https://youtu.be/dQw4w9WgXcQ');
  await user.click(button('Add', lecture));
  await waitFor(() => expect(screen.queryByText('Add Lecture')).not.toBeInTheDocument());
  await user.click(button('ADD'));
  await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
  const [path, options] = apiSend.mock.calls[0] ?? [];
  expect(path).toBe(ADD_COURSE_PATH);
  return JSON.parse((options?.body as FormData | undefined)?.get('courseData') as string);
}

describe('Course form: category and level', () => {
  it('offers the categories from the API (with No category) and the levels (with Not set)', async () => {
    mockGet({ [CATEGORIES_PATH]: () => ({ success: true, categories: CATEGORIES }) });
    await openAddCourse();
    await waitFor(() => expect(optionTexts('Category')).toEqual(['No category', 'Data Science', 'Web Development']));
    expect(select('Category')).toHaveValue('');
    expect(optionTexts('Level')).toEqual(['Not set', 'Beginner', 'Intermediate', 'Advanced']);
    expect(select('Level')).toHaveValue('');
  });

  it('says when the categories could not be loaded, and still offers No category', async () => {
    mockGet({
      [CATEGORIES_PATH]: () => {
        throw serverError('Internal server error', 500);
      },
    });
    await openAddCourse();
    expect(await screen.findByText('Could not load the categories')).toBeInTheDocument();
    expect(optionTexts('Category')).toEqual(['No category']);
  });

  it('sends the chosen category and level with a new course', async () => {
    mockGet({ [CATEGORIES_PATH]: () => ({ success: true, categories: CATEGORIES }) });
    apiSend.mockResolvedValue({
      success: true,
      message: 'Course added',
      course: { _id: 'c1', courseTitle: 'x' },
    } as never);
    await openAddCourse();
    await waitFor(() => expect(optionTexts('Category')).toHaveLength(3));
    await user.selectOptions(select('Category'), 'Data Science');
    await user.selectOptions(select('Level'), 'Beginner');
    const sent = await fillAndAdd();
    expect(sent).toMatchObject({ courseTitle: 'Complete React Bootcamp', category: 'data-science', level: 'beginner' });
  });

  it('leaves them out of a new course when none is chosen', async () => {
    mockGet({ [CATEGORIES_PATH]: () => ({ success: true, categories: CATEGORIES }) });
    apiSend.mockResolvedValue({
      success: true,
      message: 'Course added',
      course: { _id: 'c1', courseTitle: 'x' },
    } as never);
    await openAddCourse();
    const sent = await fillAndAdd();
    expect(sent).not.toHaveProperty('category');
    expect(sent).not.toHaveProperty('level');
  });

  it("prefills the saved course's category and level when editing (kept while the list loads), and sends changes", async () => {
    const categories = pendingGet(CATEGORIES_PATH);
    mockGet({
      [COURSE_PATH]: () => ({ success: true, course: COURSE }),
      [CATEGORIES_PATH]: () => categories.promise,
    });
    apiSend.mockResolvedValue({ success: true, message: 'Course updated', course: COURSE } as never);
    renderPortal(`/educator/courses/${ID}/edit`);
    await screen.findByDisplayValue('Complete React Bootcamp');
    expect(select('Category')).toHaveValue('web-development');
    expect(select('Level')).toHaveValue('intermediate');
    categories.resolve({ success: true, categories: CATEGORIES });
    await waitFor(() => expect(optionTexts('Category')).toEqual(['No category', 'Data Science', 'Web Development']));
    expect(select('Category')).toHaveValue('web-development');

    await user.selectOptions(select('Category'), 'No category');
    await user.selectOptions(select('Level'), 'Advanced');
    await user.click(button('Save Changes'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
    const [path, options] = apiSend.mock.calls[0] ?? [];
    expect(path).toBe(COURSE_PATH);
    expect(options?.method).toBe('PATCH');
    expect(options?.body).toMatchObject({ category: null, level: 'advanced' });
  });

  it('sends the unchanged category and level back with an edit', async () => {
    mockGet({
      [COURSE_PATH]: () => ({ success: true, course: COURSE }),
      [CATEGORIES_PATH]: () => ({ success: true, categories: CATEGORIES }),
    });
    apiSend.mockResolvedValue({ success: true, message: 'Course updated', course: COURSE } as never);
    renderPortal(`/educator/courses/${ID}/edit`);
    await screen.findByDisplayValue('Complete React Bootcamp');
    await user.click(button('Save Changes'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
    expect(apiSend.mock.calls[0]?.[1]?.body).toMatchObject({ category: 'web-development', level: 'intermediate' });
  });
});
