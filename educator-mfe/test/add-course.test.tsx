import { NETWORK_ERROR_MESSAGE, queryKeys } from '@courseport/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ADD_COURSE_PATH,
  apiSend,
  button,
  deferred,
  findDialog,
  openDescription,
  renderPortal,
  serverError,
  signInAsEducator,
  testQueryClient,
  toastOf,
  user,
} from './helpers';

// ProseMirror needs layout jsdom lacks for typing: the page tests use a textarea with the same props
// (the real editor has its own test in editor.test.tsx).
vi.mock('../src/features/add-course/components/TiptapEditor', () => import('./mocks/TextareaEditor'));

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-preview');
  URL.revokeObjectURL = vi.fn();
  signInAsEducator();
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const thumbnailInput = () => field('Course Thumbnail');
const chapterItems = () => Array.from(document.querySelectorAll<HTMLElement>('li.ed-chapter'));
const chapter = (number: number) => {
  const item = chapterItems()[number - 1];
  if (!item) throw new Error(`No chapter ${number}`);
  return item;
};
const lectureLines = (scope: HTMLElement) => Array.from(scope.querySelectorAll<HTMLElement>('li.ed-lecture'));
const closeIcon = (dialog: HTMLElement) => dialog.querySelector('.ant-modal-close') as HTMLButtonElement;
const dialogGone = (title: string) => waitFor(() => expect(screen.queryByText(title)).not.toBeInTheDocument());

async function openPage() {
  renderPortal('/educator/add-course');
  await screen.findByRole('heading', { level: 1, name: 'Add Course' });
  // The (lazily loaded) description editor is in place.
  await screen.findByLabelText('Course Description');
}

async function addChapter(name: string) {
  await user.click(button('+ Add Chapter'));
  const dialog = await findDialog('Enter Chapter Name:');
  await user.type(within(dialog).getByLabelText('Enter Chapter Name:'), name);
  await user.click(button('OK', dialog));
  await dialogGone('Enter Chapter Name:');
}

async function addLecture(
  chapterNumber: number,
  { title, duration, url, free }: { title: string; duration: string; url: string; free: boolean },
) {
  await user.click(button('+ Add Lecture', chapter(chapterNumber)));
  const dialog = await findDialog('Add Lecture');
  await user.type(within(dialog).getByLabelText('Lecture Title'), title);
  await user.type(within(dialog).getByLabelText('Duration (minutes)'), duration);
  await user.type(within(dialog).getByLabelText('Lecture URL'), url);
  if (free) await user.click(within(dialog).getByLabelText('Is Preview Free?'));
  await user.click(button('Add', dialog));
  await dialogGone('Add Lecture');
}

async function fillCourse() {
  await user.type(field('Course Title'), 'Complete React Bootcamp');
  await openDescription();
  await user.paste('<h2>Build apps</h2><p>Learn <strong>React</strong>.</p>');
  await user.clear(field('Course Price'));
  await user.type(field('Course Price'), '499');
  await user.clear(field('Discount %'));
  await user.type(field('Discount %'), '10');
}

const THUMBNAIL = new File(['png-bytes'], 'thumb.png', { type: 'image/png' });

describe('Add course: the form', () => {
  it('has every field, with the thumbnail picker offering the image types the server takes, Save Draft and ADD', async () => {
    await openPage();
    expect(field('Course Title')).toHaveValue('');
    expect(field('Course Price')).toHaveValue('0');
    expect(field('Discount %')).toHaveValue('0');
    expect(thumbnailInput()).toHaveAttribute('type', 'file');
    expect(thumbnailInput()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,image/gif,image/avif');
    expect(screen.getByText('No image chosen')).toBeInTheDocument();
    expect(button('ADD')).toBeEnabled();
    expect(button('Save Draft')).toBeEnabled();
    expect(button('+ Add Chapter')).toBeInTheDocument();
  });

  it('previews the chosen thumbnail', async () => {
    await openPage();
    await user.upload(thumbnailInput(), THUMBNAIL);
    const preview = screen.getByRole('img', { name: 'Course thumbnail preview' });
    expect(preview).toHaveAttribute('src', 'blob:thumbnail-preview');
    expect(URL.createObjectURL).toHaveBeenCalledWith(THUMBNAIL);
    expect(screen.getByText('thumb.png')).toBeInTheDocument();
  });

  it('requires the title, price and discount (form messages) before sending', async () => {
    await openPage();
    await user.upload(thumbnailInput(), THUMBNAIL);
    await user.clear(field('Course Price'));
    await user.clear(field('Discount %'));
    await user.click(button('ADD'));
    expect(await screen.findByText('Please enter the course title')).toBeInTheDocument();
    expect(screen.getByText('Please enter the course price')).toBeInTheDocument();
    expect(screen.getByText('Please enter a discount between 0 and 100')).toBeInTheDocument();
    expect(apiSend).not.toHaveBeenCalled();
  });

  it("refuses to send without a thumbnail: 'Please upload course thumbnail'", async () => {
    await openPage();
    await fillCourse();
    await user.click(button('ADD'));
    await waitFor(() => expect(toastOf('error')).toEqual(['Please upload course thumbnail']));
    // Also under the picker, until an image is chosen.
    expect(document.querySelector('.ed-thumb [role="alert"]')?.textContent).toBe('Please upload course thumbnail');
    expect(thumbnailInput()).toHaveAttribute('aria-invalid', 'true');
    await user.upload(thumbnailInput(), THUMBNAIL);
    expect(document.querySelector('.ed-thumb [role="alert"]')).toBeNull();
    expect(apiSend).not.toHaveBeenCalled();
  });
});

describe('Add course: chapters and lectures', () => {
  it("asks 'Enter Chapter Name:' in a modal; Cancel and blank names add nothing", async () => {
    await openPage();
    await user.click(button('+ Add Chapter'));
    let dialog = await findDialog('Enter Chapter Name:');
    await user.type(within(dialog).getByLabelText('Enter Chapter Name:'), 'Never added');
    await user.click(button('Cancel', dialog));
    await dialogGone('Enter Chapter Name:');
    expect(chapterItems()).toHaveLength(0);

    await user.click(button('+ Add Chapter'));
    dialog = await findDialog('Enter Chapter Name:');
    // The prompt starts empty again.
    expect(within(dialog).getByLabelText('Enter Chapter Name:')).toHaveValue('');
    await user.type(within(dialog).getByLabelText('Enter Chapter Name:'), '   ');
    await user.click(button('OK', dialog));
    await dialogGone('Enter Chapter Name:');
    expect(chapterItems()).toHaveLength(0);

    await addChapter('Getting started');
    // Enter in the prompt works like OK.
    await user.click(button('+ Add Chapter'));
    dialog = await findDialog('Enter Chapter Name:');
    await user.type(within(dialog).getByLabelText('Enter Chapter Name:'), '  Components  {Enter}');
    await dialogGone('Enter Chapter Name:');

    expect(chapterItems().map((c) => c.querySelector('.ed-chapter-title')?.textContent)).toEqual([
      '1. Getting started',
      '2. Components',
    ]);
    expect(within(chapter(1)).getByText('0 lectures')).toBeInTheDocument();
  });

  it("adds lectures through the 'Add Lecture' modal, which empties itself after each use", async () => {
    await openPage();
    await addChapter('Getting started');
    await addLecture(1, { title: 'Welcome', duration: '30', url: 'https://youtu.be/abcdefghijk', free: true });

    const first = lectureLines(chapter(1))[0] as HTMLElement;
    expect(within(first).getByText('1.')).toBeInTheDocument();
    expect(within(first).getByText('Welcome')).toBeInTheDocument();
    expect(within(first).getByText('30 mins')).toBeInTheDocument();
    expect(within(first).getByText('Free Preview')).toBeInTheDocument();
    const anchor = within(first).getByText('Link').closest('a');
    expect(anchor).toHaveAttribute('href', 'https://youtu.be/abcdefghijk');
    expect(anchor).toHaveAttribute('target', '_blank');
    expect(anchor?.getAttribute('rel')).toContain('noopener');
    expect(within(chapter(1)).getByText('1 lecture')).toBeInTheDocument();

    // Reopened: empty fields, not a free preview.
    await user.click(button('+ Add Lecture', chapter(1)));
    let dialog = await findDialog('Add Lecture');
    expect(within(dialog).getByLabelText('Lecture Title')).toHaveValue('');
    expect(within(dialog).getByLabelText('Duration (minutes)')).toHaveValue(null);
    expect(within(dialog).getByLabelText('Lecture URL')).toHaveValue('');
    expect(within(dialog).getByLabelText('Is Preview Free?')).not.toBeChecked();

    // Closed by its close icon after typing: nothing is added and the fields are emptied.
    await user.type(within(dialog).getByLabelText('Lecture Title'), 'Discarded');
    await user.click(closeIcon(dialog));
    await dialogGone('Add Lecture');
    expect(lectureLines(chapter(1))).toHaveLength(1);
    await user.click(button('+ Add Lecture', chapter(1)));
    dialog = await findDialog('Add Lecture');
    expect(within(dialog).getByLabelText('Lecture Title')).toHaveValue('');
    await user.click(closeIcon(dialog));
    await dialogGone('Add Lecture');

    await addLecture(1, { title: 'Setup', duration: '45', url: 'https://youtu.be/defghijklmn', free: false });
    const second = lectureLines(chapter(1))[1] as HTMLElement;
    expect(within(second).getByText('2.')).toBeInTheDocument();
    expect(within(second).getByText('45 mins')).toBeInTheDocument();
    expect(within(second).getByText('Paid')).toBeInTheDocument();
    expect(within(chapter(1)).getByText('2 lectures')).toBeInTheDocument();
  });

  it('adds a lecture to the chosen chapter only', async () => {
    await openPage();
    await addChapter('One');
    await addChapter('Two');
    await addLecture(2, {
      title: 'In two',
      duration: '5',
      url: 'https://www.youtube.com/watch?v=twotwotwo22',
      free: false,
    });
    expect(within(chapter(1)).getByText('0 lectures')).toBeInTheDocument();
    expect(within(chapter(2)).getByText('1 lecture')).toBeInTheDocument();
    expect(within(chapter(2)).getByText('In two')).toBeInTheDocument();
  });

  it('collapses, expands and removes chapters and lectures', async () => {
    await openPage();
    await addChapter('Getting started');
    await addChapter('Components');
    await addLecture(1, { title: 'Welcome', duration: '30', url: 'https://youtu.be/aaaaaaaaaaa', free: true });
    await addLecture(1, { title: 'Setup', duration: '45', url: 'https://youtu.be/bbbbbbbbbbb', free: false });

    await user.click(within(chapter(1)).getByLabelText("Collapse chapter 'Getting started'"));
    expect(within(chapter(1)).queryByText('Welcome')).not.toBeInTheDocument();
    expect(within(chapter(1)).queryByText('+ Add Lecture')).not.toBeInTheDocument();
    expect(within(chapter(1)).getByText('2 lectures')).toBeInTheDocument();
    await user.click(within(chapter(1)).getByLabelText("Expand chapter 'Getting started'"));
    expect(within(chapter(1)).getByText('Welcome')).toBeInTheDocument();

    // Every remove button names what it removes.
    expect(
      lectureLines(chapter(1)).map((line) =>
        Array.from(line.querySelectorAll('button.ed-icon-button')).map((b) => b.getAttribute('aria-label')),
      ),
    ).toEqual([
      ["Move lecture 'Welcome'", "Edit lecture 'Welcome'", "Remove lecture 'Welcome'"],
      ["Move lecture 'Setup'", "Edit lecture 'Setup'", "Remove lecture 'Setup'"],
    ]);
    expect(within(chapter(2)).getByLabelText("Remove chapter 'Components'")).toBeInTheDocument();
    await user.click(within(chapter(1)).getByLabelText("Remove lecture 'Welcome'"));
    expect(lectureLines(chapter(1)).map((l) => l.querySelector('.ed-lecture-title')?.textContent)).toEqual(['Setup']);
    expect(within(chapter(1)).getByText('1.')).toBeInTheDocument();
    expect(within(chapter(1)).getByText('1 lecture')).toBeInTheDocument();

    await user.click(within(chapter(1)).getByLabelText("Remove chapter 'Getting started'"));
    expect(chapterItems().map((c) => c.querySelector('.ed-chapter-title')?.textContent)).toEqual(['1. Components']);
  });
});

describe('Add course: sending', () => {
  it('sends a multipart body: courseData JSON with numbers, and the image; then links to the course and offers Add another', async () => {
    apiSend.mockResolvedValue({
      success: true,
      message: 'Course added successfully!',
      course: { _id: 'c1', courseTitle: 'Complete React Bootcamp' },
    } as Awaited<ReturnType<typeof apiSend>>);
    await openPage();
    await fillCourse();
    await user.upload(thumbnailInput(), THUMBNAIL);
    await addChapter('Getting started');
    await addLecture(1, { title: 'Welcome', duration: '30', url: 'https://youtu.be/abcdefghijk', free: true });
    await addLecture(1, { title: 'Setup', duration: '45', url: 'https://youtu.be/defghijklmn', free: false });
    await addChapter('Components');
    await addLecture(2, { title: 'Props', duration: '12', url: 'https://youtu.be/ghijklmnopq', free: false });

    await user.click(button('ADD'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
    const [path, options] = apiSend.mock.calls[0] ?? [];
    expect(path).toBe(ADD_COURSE_PATH);
    expect(options?.method).toBe('POST');
    const body = options?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()].sort()).toEqual(['courseData', 'image']);
    expect(body.get('image')).toBe(THUMBNAIL);
    expect(JSON.parse(body.get('courseData') as string)).toEqual({
      courseTitle: 'Complete React Bootcamp',
      courseDescription: '<h2>Build apps</h2><p>Learn <strong>React</strong>.</p>',
      coursePrice: 499,
      discount: 10,
      courseContent: [
        {
          chapterTitle: 'Getting started',
          chapterContent: [
            {
              lectureTitle: 'Welcome',
              lectureDuration: 30,
              lectureUrl: 'https://youtu.be/abcdefghijk',
              isPreviewFree: true,
            },
            {
              lectureTitle: 'Setup',
              lectureDuration: 45,
              lectureUrl: 'https://youtu.be/defghijklmn',
              isPreviewFree: false,
            },
          ],
        },
        {
          chapterTitle: 'Components',
          chapterContent: [
            {
              lectureTitle: 'Props',
              lectureDuration: 12,
              lectureUrl: 'https://youtu.be/ghijklmnopq',
              isPreviewFree: false,
            },
          ],
        },
      ],
    });

    await waitFor(() => expect(toastOf('success')).toEqual(['Course added successfully!']));
    // What became of it, with the way to its page, and the focus there.
    const done = await screen.findByRole('heading', { level: 2, name: 'Course added' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByText('“Complete React Bootcamp” is in the catalog.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View course page' })).toHaveAttribute('href', '/course/c1');
    expect(screen.getByRole('link', { name: 'Edit course' })).toHaveAttribute('href', '/educator/courses/c1/edit');
    await user.click(button('Add another'));
    expect(screen.queryByRole('heading', { level: 2, name: 'Course added' })).not.toBeInTheDocument();
    // Everything is back to a blank form.
    await waitFor(() => expect(field('Course Title')).toHaveValue(''));
    expect(field('Course Price')).toHaveValue('0');
    expect(field('Discount %')).toHaveValue('0');
    expect(field('Course Description')).toHaveValue('');
    expect(screen.queryByRole('img', { name: 'Course thumbnail preview' })).not.toBeInTheDocument();
    expect(thumbnailInput().files).toHaveLength(0);
    expect(chapterItems()).toHaveLength(0);
    expect(button('ADD')).toBeEnabled();
  });

  it("shows 'Adding Course...' with a spinner while sending, and refuses a second submit", async () => {
    const pending = deferred<never>();
    apiSend.mockReturnValue(pending.promise);
    await openPage();
    await fillCourse();
    await user.upload(thumbnailInput(), THUMBNAIL);
    await user.click(button('ADD'));

    const submit = await waitFor(() => button('Adding Course...'));
    expect(submit).toBeDisabled();
    expect(submit.querySelector('.cp-spinner')).not.toBeNull();
    expect(screen.queryByText('ADD')).not.toBeInTheDocument();

    // A second submit (Enter in a field) while the first is on its way.
    fireEvent.submit(submit.closest('form') as HTMLFormElement);
    await waitFor(() => expect(toastOf('warning')).toEqual(['Please wait, course is being added...']));
    expect(apiSend).toHaveBeenCalledTimes(1);

    // A failure: the server's message as an error toast, the form kept and idle again.
    pending.reject(serverError('Course title is required'));
    await waitFor(() => expect(toastOf('error')).toEqual(['Course title is required']));
    await waitFor(() => expect(button('ADD')).toBeEnabled());
    expect(field('Course Title')).toHaveValue('Complete React Bootcamp');
    expect(screen.getByRole('img', { name: 'Course thumbnail preview' })).toBeInTheDocument();
    expect(toastOf('success')).toEqual([]);
  });

  it("marks the educator's data and the catalog stale after a course is added (not after a failure)", async () => {
    const client = testQueryClient();
    const cached = [queryKeys.educator.dashboard(), queryKeys.educator.courses(), queryKeys.catalog.pages('')];
    for (const key of cached) client.setQueryData(key, { cached: true });
    const stale = () => cached.map((key) => client.getQueryState(key)?.isInvalidated);

    apiSend.mockRejectedValueOnce(serverError('Course title is required'));
    renderPortal('/educator/add-course', client);
    await screen.findByLabelText('Course Description');
    await fillCourse();
    await user.upload(thumbnailInput(), THUMBNAIL);
    await user.click(button('ADD'));
    await waitFor(() => expect(toastOf('error')).toEqual(['Course title is required']));
    expect(stale()).toEqual([false, false, false]);

    apiSend.mockResolvedValueOnce({
      success: true,
      message: 'Course added successfully!',
      course: { _id: 'c1' },
    } as Awaited<ReturnType<typeof apiSend>>);
    await waitFor(() => expect(button('ADD')).toBeEnabled());
    await user.click(button('ADD'));
    await waitFor(() => expect(toastOf('success')).toEqual(['Course added successfully!']));
    expect(stale()).toEqual([true, true, true]);
  });

  it('shows the message of a network error', async () => {
    apiSend.mockRejectedValue(new (await import('@courseport/shared-ui')).ApiError(NETWORK_ERROR_MESSAGE, 0));
    await openPage();
    await fillCourse();
    await user.upload(thumbnailInput(), THUMBNAIL);
    await user.click(button('ADD'));
    await waitFor(() => expect(toastOf('error')).toEqual([NETWORK_ERROR_MESSAGE]));
    await waitFor(() => expect(button('ADD')).toBeEnabled());
  });
});
