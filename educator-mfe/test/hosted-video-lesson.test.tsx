import type { EditableCourse, EducatorVideo, LessonInput } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADD_COURSE_PATH,
  apiSend,
  button,
  failingGet,
  findDialog,
  mockGet,
  renderPortal,
  serverError,
  signInAsEducator,
  user,
} from './helpers';

// ProseMirror needs layout jsdom lacks for typing: a textarea with the same props stands in.
vi.mock('../src/features/add-course/components/TiptapEditor', () => import('./mocks/TextareaEditor'));

// The lesson editor's "Hosted video" (#33): one of the educator's ready videos instead of a YouTube link.

const CATEGORIES = '/api/categories';
const READY_LIST = '/api/educator/videos?offset=0&limit=100';
const ID = 'a'.repeat(24);
const INTRO_ID = 'b'.repeat(24);
const OUTRO_ID = 'c'.repeat(24);

const video = (overrides: Partial<EducatorVideo> & Pick<EducatorVideo, 'videoId' | 'fileName'>): EducatorVideo => ({
  status: 'ready',
  size: 1024,
  uploadOffset: 1024,
  progress: 100,
  attempts: 1,
  durationS: 245,
  renditions: [{ name: '360p', width: 640, height: 360 }],
  probe: null,
  failureReason: null,
  posterUrl: null,
  captions: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const VIDEOS = [
  video({ videoId: INTRO_ID, fileName: 'intro.mp4' }),
  video({ videoId: OUTRO_ID, fileName: 'outro.mov', durationS: 3725 }),
  video({ videoId: 'd'.repeat(24), fileName: 'still-processing.mp4', status: 'processing', durationS: null }),
];
const list = (videos: EducatorVideo[]) => () => ({
  success: true,
  videos,
  total: videos.length,
  offset: 0,
  limit: 100,
});

const THUMBNAIL = new File(['png-bytes'], 'thumb.png', { type: 'image/png' });
const field = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(label) as HTMLInputElement;
const chapter = (n: number) => document.querySelectorAll<HTMLElement>('li.ed-chapter')[n - 1] as HTMLElement;
const lectureLines = () => Array.from(document.querySelectorAll<HTMLElement>('li.ed-lecture'));
const dialogGone = (title: string) => waitFor(() => expect(screen.queryByText(title)).not.toBeInTheDocument());
async function fill(element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}
const optionTexts = (select: HTMLElement) => Array.from(select.querySelectorAll('option')).map((o) => o.textContent);

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-preview');
  URL.revokeObjectURL = vi.fn();
  signInAsEducator();
});

async function openAddLecture() {
  renderPortal('/educator/add-course');
  await screen.findByRole('heading', { level: 1, name: 'Add Course' });
  await screen.findByLabelText('Course Description', {}, { timeout: 10_000 });
  await user.click(button('+ Add Chapter'));
  const named = await findDialog('Enter Chapter Name:');
  await user.type(within(named).getByLabelText('Enter Chapter Name:'), 'Welcome');
  await user.click(button('OK', named));
  await dialogGone('Enter Chapter Name:');
  await user.click(button('+ Add Lecture', chapter(1)));
  const dialog = await findDialog('Add Lecture');
  await fill(field('Lecture Title', dialog), 'Meet the course');
  return dialog;
}

describe('Lesson editor: a hosted video', () => {
  it('chooses one of the ready videos (the length from it), says when none is chosen, and sends hostedVideoId alone', async () => {
    mockGet({ [READY_LIST]: list(VIDEOS), [CATEGORIES]: () => ({ success: true, categories: [] }) });
    const dialog = await openAddLecture();
    // A YouTube link by default.
    expect(field('YouTube link', dialog)).toBeChecked();
    await fill(field('Lecture URL', dialog), 'https://youtu.be/abcdefghijk');

    await user.click(field('Hosted video', dialog));
    expect(within(dialog).queryByLabelText('Lecture URL')).not.toBeInTheDocument();
    const select = (await within(dialog).findByLabelText('Your video')) as HTMLSelectElement;
    // Ready videos only, with their length.
    expect(optionTexts(select)).toEqual(['Choose a video', 'intro.mp4 (4:05)', 'outro.mov (1:02:05)']);
    const manage = within(dialog).getByRole('link', { name: /Upload or manage your videos/ });
    expect(manage).toHaveAttribute('href', '/educator/videos');
    expect(manage).toHaveAttribute('target', '_blank');

    await user.click(button('Add', dialog));
    const problem = within(dialog).getByText('Please choose one of your videos');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select.getAttribute('aria-describedby')).toBe(problem.id);
    await waitFor(() => expect(select).toHaveFocus());
    // No link is asked for.
    expect(within(dialog).queryByText(/The lecture URL/)).not.toBeInTheDocument();

    await user.selectOptions(select, INTRO_ID);
    expect(within(dialog).queryByText('Please choose one of your videos')).not.toBeInTheDocument();
    const minutes = field('Duration (minutes)', dialog);
    expect(minutes).toHaveValue(5);
    expect(minutes).toHaveAttribute('readonly');
    expect(within(dialog).getByText('Set from the video.')).toBeInTheDocument();
    await user.click(button('Add', dialog));
    await dialogGone('Add Lecture');
    expect(within(lectureLines()[0] as HTMLElement).getByText('Hosted video')).toBeInTheDocument();
    expect(within(lectureLines()[0] as HTMLElement).queryByText('Link')).not.toBeInTheDocument();

    apiSend.mockResolvedValue({
      success: true,
      message: 'Course added successfully!',
      course: { _id: 'c1', courseTitle: 'Hosted' },
    } as Awaited<ReturnType<typeof apiSend>>);
    await fill(field('Course Title'), 'Hosted');
    await user.upload(field('Course Thumbnail'), THUMBNAIL);
    await user.click(button('ADD'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
    const [path, options] = apiSend.mock.calls[0] ?? [];
    expect(path).toBe(ADD_COURSE_PATH);
    const course = JSON.parse((options?.body as FormData | undefined)?.get('courseData') as string) as {
      courseContent: Array<{ chapterContent: LessonInput[] }>;
    };
    // The typed link is dropped: a lesson plays one source.
    expect(course.courseContent[0]?.chapterContent).toEqual([
      { lectureTitle: 'Meet the course', lectureDuration: 5, hostedVideoId: INTRO_ID, isPreviewFree: false },
    ]);
  }, 60_000);

  it('says when there is no ready video yet, and when the videos cannot be fetched (Try Again)', async () => {
    const failing = failingGet(READY_LIST, serverError('The store is not answering', 503), list([]));
    const dialog = await openAddLecture();
    await user.click(field('Hosted video', dialog));
    expect(await within(dialog).findByText(/The store is not answering/)).toBeInTheDocument();
    failing.recover();
    await user.click(button('Try Again', dialog));
    const select = (await within(dialog).findByLabelText('Your video')) as HTMLSelectElement;
    expect(optionTexts(select)).toEqual(['You have no ready videos yet.']);
  }, 60_000);
});

const COURSE: EditableCourse = {
  _id: ID,
  courseTitle: 'Hosted course',
  courseDescription: '<p>Learn.</p>',
  courseThumbnail: 'https://img.example.com/h.jpg',
  coursePrice: 10,
  discount: 0,
  status: 'published',
  studentsCount: 0,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  courseContent: [
    {
      chapterId: 'e'.repeat(24),
      chapterTitle: 'Basics',
      chapterOrder: 1,
      chapterContent: [
        {
          lectureId: 'f'.repeat(24),
          lectureTitle: 'Welcome',
          lectureDuration: 62,
          isPreviewFree: true,
          lectureOrder: 1,
          hostedVideoId: OUTRO_ID,
          captionLanguages: ['en'],
          posterUrl: 'https://api.example/api/videos/c/poster.webp',
        },
      ],
    },
  ],
};

describe('Edit course: a hosted video lesson', () => {
  it('opens with "Hosted video" and its video chosen; switching to a YouTube link sends the link alone', async () => {
    mockGet({ [`/api/educator/courses/${ID}`]: () => ({ success: true, course: COURSE }), [READY_LIST]: list(VIDEOS) });
    apiSend.mockResolvedValue({ success: true, message: 'Course updated', course: COURSE } as Awaited<
      ReturnType<typeof apiSend>
    >);
    renderPortal(`/educator/courses/${ID}/edit`);
    await screen.findByDisplayValue('Hosted course');
    const line = lectureLines()[0] as HTMLElement;
    expect(within(line).getByText('Hosted video')).toBeInTheDocument();

    await user.click(within(line).getByLabelText("Edit lecture 'Welcome'"));
    const dialog = await findDialog('Edit Lecture');
    expect(field('Hosted video', dialog)).toBeChecked();
    await waitFor(() => expect(field('Your video', dialog)).toHaveValue(OUTRO_ID));
    expect(field('Duration (minutes)', dialog)).toHaveValue(62);

    await user.click(field('YouTube link', dialog));
    expect(field('Duration (minutes)', dialog)).not.toHaveAttribute('readonly');
    await fill(field('Lecture URL', dialog), 'https://youtu.be/abcdefghijk');
    await user.click(button('Save', dialog));
    await dialogGone('Edit Lecture');

    await user.click(button('Save Changes'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
    const [, options] = apiSend.mock.calls[0] ?? [];
    const body = options?.body as { courseContent: Array<{ chapterContent: unknown[] }> };
    expect(body.courseContent[0]?.chapterContent).toEqual([
      {
        lectureId: 'f'.repeat(24),
        lectureTitle: 'Welcome',
        lectureDuration: 62,
        lectureUrl: 'https://youtu.be/abcdefghijk',
        isPreviewFree: true,
      },
    ]);
  }, 60_000);
});
