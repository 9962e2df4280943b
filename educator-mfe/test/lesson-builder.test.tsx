import {
  type Chapter,
  type EditableCourse,
  type Lecture,
  type LessonInput,
  setRuntimeConfig,
} from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADD_COURSE_PATH, apiSend, button, findDialog, mockGet, renderPortal, signInAsEducator, user } from './helpers';

// ProseMirror needs layout jsdom lacks for typing: a textarea with the same props stands in.
vi.mock('../src/features/add-course/components/TiptapEditor', () => import('./mocks/TextareaEditor'));

/**
 * A stand-in for XMLHttpRequest (the resource upload's progress needs it, `fetch` has none): the
 * test moves each request's upload progress and answers it as the server would.
 */
class FakeXhr {
  static requests: FakeXhr[] = [];
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  method = '';
  url = '';
  body: unknown;
  aborted = false;
  headers: Record<string, string> = {};
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }
}

/** The upload request sent last (it starts once the session's token is read). */
const lastUpload = async (count: number) => {
  await waitFor(() => expect(FakeXhr.requests).toHaveLength(count));
  return FakeXhr.requests[count - 1] as FakeXhr;
};

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:thumbnail-preview');
  URL.revokeObjectURL = vi.fn();
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // The upload reads the API's base URL, as the shell's runtime config gives it.
  setRuntimeConfig({ apiBaseUrl: '', remotes: {} });
  signInAsEducator();
});
afterEach(() => vi.unstubAllGlobals());

const THUMBNAIL = new File(['png-bytes'], 'thumb.png', { type: 'image/png' });
const field = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByLabelText(label) as HTMLInputElement;
const chapter = (number: number) => document.querySelectorAll<HTMLElement>('li.ed-chapter')[number - 1] as HTMLElement;
const lectureLines = () => Array.from(document.querySelectorAll<HTMLElement>('li.ed-lecture'));
const questions = (dialog: HTMLElement) => Array.from(dialog.querySelectorAll<HTMLElement>('li.ed-question'));
const question = (dialog: HTMLElement, number: number) => questions(dialog)[number - 1] as HTMLElement;
/** Types `text` into an empty field in one go (a paste: typing key by key is slow in jsdom with antd). */
async function fill(element: HTMLElement, text: string) {
  await user.click(element);
  await user.paste(text);
}
const dialogGone = (title: string) => waitFor(() => expect(screen.queryByText(title)).not.toBeInTheDocument());

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
  await dialogGone('Enter Chapter Name:');
}

/** Opens 'Add Lecture' in chapter 1, picks `kind` and types the title (and minutes, but for an article). */
async function startLesson(kind: 'Video' | 'Article' | 'Quiz' | 'Project', title: string) {
  await user.click(button('+ Add Lecture', chapter(1)));
  const dialog = await findDialog('Add Lecture');
  await user.click(field(kind, dialog));
  await fill(field('Lecture Title', dialog), title);
  if (kind !== 'Article') await fill(field('Duration (minutes)', dialog), '5');
  return dialog;
}

/** The `courseData` of the add-course call. */
async function sentCourse() {
  await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
  const [path, options] = apiSend.mock.calls[0] ?? [];
  expect(path).toBe(ADD_COURSE_PATH);
  return JSON.parse((options?.body as FormData | undefined)?.get('courseData') as string) as {
    courseContent: Array<{ chapterContent: LessonInput[] }>;
  };
}

async function sendCourse() {
  apiSend.mockResolvedValue({
    success: true,
    message: 'Course added successfully!',
    course: { _id: 'c1', courseTitle: 'Lessons of every kind' },
  } as Awaited<ReturnType<typeof apiSend>>);
  await fill(field('Course Title'), 'Lessons of every kind');
  await user.upload(field('Course Thumbnail'), THUMBNAIL);
  await user.click(button('ADD'));
  return sentCourse();
}

describe('Course builder: lesson kinds', () => {
  it('writes a quiz (three question kinds, moved, settings) and sends it as the lesson’s quizDefinition', async () => {
    await openAddCourse();
    await addChapter('Check yourself');
    const dialog = await startLesson('Quiz', 'React basics quiz');

    let q = question(dialog, 1);
    await fill(field('Question text', q), 'What does JSX compile to?');
    await fill(field('Option 1', q), 'Function calls');
    await fill(field('Option 2', q), 'HTML strings');
    await user.click(field('Option 1 is the correct answer', q));
    await fill(field('Explanation (shown after submitting)', q), 'JSX becomes createElement calls.');

    await user.click(button('+ Add question', dialog));
    q = question(dialog, 2);
    await user.click(field('Short text', q));
    await fill(field('Question text', q), 'Which hook keeps state?');
    await fill(field('Accepted answers (case and spacing are ignored)', q), 'useState');
    await user.keyboard('{Enter}');
    await fill(field('Accepted answers (case and spacing are ignored)', q), 'use state');
    await user.click(button('Add answer', q));
    expect(within(q).getByRole('list', { name: 'Accepted answers' })).toHaveTextContent('useStateuse state');

    await user.click(button('+ Add question', dialog));
    q = question(dialog, 3);
    await user.click(field('Several answers', q));
    await fill(field('Question text', q), 'Which are hooks?');
    await fill(field('Option 1', q), 'useEffect');
    await fill(field('Option 2', q), 'render');
    await user.click(button('+ Add option', q));
    await fill(field('Option 3', q), 'useMemo');
    await user.click(field('Option 1 is correct', q));
    await user.click(field('Option 3 is correct', q));
    // Moved up with its button: it becomes the second question.
    await user.click(within(q).getByLabelText('Move question 3 up'));
    expect(within(question(dialog, 2)).getByLabelText('Question text')).toHaveValue('Which are hooks?');

    await user.clear(field('Pass mark (%)', dialog));
    await fill(field('Pass mark (%)', dialog), '80');
    await user.click(field('Limit attempts', dialog));
    await user.clear(field('Attempts allowed', dialog));
    await fill(field('Attempts allowed', dialog), '2');
    await user.click(field('Shuffle options', dialog));
    expect(within(dialog).getByRole('switch', { name: 'Shuffle options' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Shuffle questions' })).not.toBeChecked();
    await user.click(button('Add', dialog));
    await dialogGone('Add Lecture');

    const line = lectureLines()[0] as HTMLElement;
    expect(within(line).getByText('Quiz')).toBeInTheDocument();
    expect(within(line).getByText('3 questions')).toBeInTheDocument();
    // A quiz has no video link.
    expect(within(line).queryByText('Link')).not.toBeInTheDocument();

    const course = await sendCourse();
    expect(course.courseContent[0]?.chapterContent).toEqual([
      {
        lectureTitle: 'React basics quiz',
        lectureDuration: 5,
        lessonKind: 'quiz',
        isPreviewFree: false,
        quizDefinition: {
          passPercent: 80,
          maxAttempts: 2,
          shuffleQuestions: false,
          shuffleOptions: true,
          questions: [
            {
              kind: 'single',
              prompt: 'What does JSX compile to?',
              options: [
                { text: 'Function calls', correct: true },
                { text: 'HTML strings', correct: false },
              ],
              acceptedAnswers: [],
              explanation: 'JSX becomes createElement calls.',
            },
            {
              kind: 'multiple',
              prompt: 'Which are hooks?',
              options: [
                { text: 'useEffect', correct: true },
                { text: 'render', correct: false },
                { text: 'useMemo', correct: true },
              ],
              acceptedAnswers: [],
              explanation: '',
            },
            {
              kind: 'text',
              prompt: 'Which hook keeps state?',
              options: [],
              acceptedAnswers: ['useState', 'use state'],
              explanation: '',
            },
          ],
        },
      },
    ]);
  }, 90_000);

  it('says under each quiz field what is wrong, focuses the first, and adds nothing until it is right', async () => {
    await openAddCourse();
    await addChapter('Check yourself');
    const dialog = await startLesson('Quiz', 'Empty quiz');
    await user.clear(field('Pass mark (%)', dialog));
    await fill(field('Pass mark (%)', dialog), '150');
    await user.click(button('Add', dialog));

    const passMark = field('Pass mark (%)', dialog);
    const passError = await within(dialog).findByText('The pass mark must be at most 100');
    expect(passMark).toHaveAttribute('aria-invalid', 'true');
    expect(passMark.getAttribute('aria-describedby')).toBe(passError.id);
    expect(passMark).toHaveFocus();
    const q = question(dialog, 1);
    const prompt = field('Question text', q);
    expect(document.getElementById(prompt.getAttribute('aria-describedby') ?? '')).toHaveTextContent(
      'Question 1: the question is required',
    );
    expect(within(q).getByText('Question 1: option 1 is required')).toBeInTheDocument();

    // The messages follow the typing.
    await user.clear(passMark);
    await fill(passMark, '70');
    await fill(prompt, 'Pick one');
    await fill(field('Option 1', q), 'A');
    await fill(field('Option 2', q), 'B');
    expect(within(dialog).queryByText('The pass mark must be at most 100')).not.toBeInTheDocument();
    expect(within(q).getByText('Question 1 needs exactly one correct option')).toBeInTheDocument();
    await user.click(button('Add', dialog));
    expect(lectureLines()).toHaveLength(0);

    await user.click(field('Option 2 is the correct answer', q));
    expect(within(q).queryByText('Question 1 needs exactly one correct option')).not.toBeInTheDocument();
    await user.click(button('Add', dialog));
    await dialogGone('Add Lecture');
    expect(lectureLines()).toHaveLength(1);
  }, 60_000);

  it('an article shows its reading time and is sent with its HTML; a project with its brief', async () => {
    await openAddCourse();
    await addChapter('Read and build');
    let dialog = await startLesson('Article', 'Why hooks');
    await user.click(button('Add', dialog));
    const articleBox = within(dialog).getByLabelText('Article text');
    expect(await within(dialog).findByText('The article is required for an article')).toBeInTheDocument();
    expect(articleBox).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Reading time: 1 min')).toBeInTheDocument();
    const words = `<p>${'word '.repeat(450).trim()}</p>`;
    await user.click(articleBox);
    await user.paste(words);
    expect(screen.getByText('Reading time: 3 min')).toBeInTheDocument();
    await user.click(button('Add', dialog));
    await dialogGone('Add Lecture');
    expect(within(lectureLines()[0] as HTMLElement).getByText('Article')).toBeInTheDocument();
    expect(within(lectureLines()[0] as HTMLElement).getByText('3 mins')).toBeInTheDocument();

    dialog = await startLesson('Project', 'Build a todo app');
    await user.click(button('Add', dialog));
    expect(await within(dialog).findByText('The project brief is required for a project')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Project brief'));
    await user.paste('<p>Build it with hooks.</p>');
    await user.click(button('Add', dialog));
    await dialogGone('Add Lecture');
    expect(within(lectureLines()[1] as HTMLElement).getByText('Project')).toBeInTheDocument();

    const course = await sendCourse();
    expect(course.courseContent[0]?.chapterContent).toEqual([
      {
        lectureTitle: 'Why hooks',
        lectureDuration: 3,
        lessonKind: 'article',
        isPreviewFree: false,
        articleHtml: words,
      },
      {
        lectureTitle: 'Build a todo app',
        lectureDuration: 5,
        lessonKind: 'project',
        isPreviewFree: false,
        projectBrief: '<p>Build it with hooks.</p>',
      },
    ]);
  }, 60_000);
});

describe('Course builder: resources', () => {
  it('uploads a file with a progress bar, shows the server’s refusal, cancels, adds links, and sends them', async () => {
    await openAddCourse();
    await addChapter('Getting started');
    const dialog = await startLesson('Video', 'Welcome');
    await fill(field('Lecture URL', dialog), 'https://youtu.be/abcdefghijk');

    // Refused by the server (checked by content): its message shows, nothing is added.
    await user.upload(field('Upload a file', dialog), new File(['MZ'], 'tool.exe'));
    let upload = await lastUpload(1);
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/educator/resources');
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    upload.progress(40, 100);
    expect(within(dialog).getByText('Uploading tool.exe')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    upload.respond(415, { success: false, message: 'This kind of file is not accepted' });
    expect(await within(dialog).findByText('tool.exe: This kind of file is not accepted')).toBeInTheDocument();
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();

    // Too large.
    await user.upload(field('Upload a file', dialog), new File(['x'], 'huge.zip'));
    (await lastUpload(2)).respond(413, { success: false, message: 'The file is larger than 50 MB' });
    expect(await within(dialog).findByText('huge.zip: The file is larger than 50 MB')).toBeInTheDocument();

    // Cancelled: the request is aborted, no message.
    await user.upload(field('Upload a file', dialog), new File(['%PDF'], 'draft.pdf'));
    upload = await lastUpload(3);
    upload.progress(10, 100);
    await user.click(button('Cancel upload', dialog));
    expect(upload.aborted).toBe(true);
    expect(within(dialog).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/draft\.pdf:/)).not.toBeInTheDocument();

    // Accepted: listed with its size.
    await user.upload(field('Upload a file', dialog), new File(['%PDF-1.7'], 'slides.pdf'));
    upload = await lastUpload(4);
    upload.progress(100, 100);
    upload.respond(201, {
      success: true,
      resource: { resourceId: 'f'.repeat(24), fileName: 'slides.pdf', size: 2048, contentType: 'application/pdf' },
    });
    const list = await within(dialog).findByRole('list', { name: 'Resources of this lesson' });
    expect(list).toHaveTextContent('slides.pdf');
    expect(list).toHaveTextContent('2 KB');

    // A link: http(s) only.
    await fill(field('Link title', dialog), 'Repository');
    await fill(field('Link URL', dialog), 'ftp://example.com/repo');
    await user.click(button('Add link', dialog));
    expect(within(dialog).getByText('The link must be an http or https link')).toBeInTheDocument();
    expect(field('Link URL', dialog)).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field('Link URL', dialog));
    await fill(field('Link URL', dialog), 'https://github.com/example/repo');
    await user.click(button('Add link', dialog));
    expect(list).toHaveTextContent('Repository');
    // Removed and added again.
    await user.click(within(list).getByLabelText("Remove resource 'Repository'"));
    expect(list).not.toHaveTextContent('Repository');
    await fill(field('Link title', dialog), 'Repository');
    await fill(field('Link URL', dialog), 'https://github.com/example/repo');
    await user.click(button('Add link', dialog));

    await user.click(button('Add', dialog));
    await dialogGone('Add Lecture');
    expect(within(lectureLines()[0] as HTMLElement).getByText('2 resources')).toBeInTheDocument();
    const course = await sendCourse();
    expect(course.courseContent[0]?.chapterContent[0]?.resources).toEqual([
      { resourceId: 'f'.repeat(24), title: 'slides.pdf' },
      { title: 'Repository', url: 'https://github.com/example/repo' },
    ]);
  }, 60_000);
});

const ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const hex = (c: string) => c.repeat(24);
const QUIZ_COURSE: EditableCourse = {
  _id: ID,
  courseTitle: 'Quizzed course',
  courseDescription: '<p>Learn.</p>',
  courseThumbnail: 'https://img.example.com/q.jpg',
  coursePrice: 10,
  discount: 0,
  status: 'published',
  studentsCount: 2,
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
          lectureTitle: 'Check',
          lectureDuration: 5,
          isPreviewFree: false,
          lectureOrder: 1,
          lessonKind: 'quiz',
          quiz: { questionCount: 1, passPercent: 60, maxAttempts: null },
          quizDefinition: {
            passPercent: 60,
            maxAttempts: null,
            shuffleQuestions: true,
            shuffleOptions: false,
            questions: [
              {
                questionId: hex('4'),
                kind: 'single',
                prompt: 'Two plus two?',
                options: [
                  { optionId: hex('5'), text: 'Four', correct: true },
                  { optionId: hex('6'), text: 'Five', correct: false },
                ],
                acceptedAnswers: [],
                explanation: 'Count them.',
              },
            ],
          },
          resources: [
            { resourceId: hex('7'), kind: 'file', title: 'Sheet', fileName: 'sheet.pdf', size: 100 },
            { resourceId: hex('8'), kind: 'link', title: 'Docs', url: 'https://react.dev' },
          ],
        },
      ],
    },
  ],
};

describe('Edit course: lesson kinds', () => {
  it('sends the quiz back with its ids, keeps the lecture id and the resources, and offers Preview as student', async () => {
    apiSend.mockResolvedValue({ success: true, message: 'Course updated', course: QUIZ_COURSE } as Awaited<
      ReturnType<typeof apiSend>
    >);
    mockGet({ [`/api/educator/courses/${ID}`]: () => ({ success: true, course: QUIZ_COURSE }) });
    renderPortal(`/educator/courses/${ID}/edit`);
    await screen.findByDisplayValue('Quizzed course');
    expect(screen.getByRole('link', { name: /Preview as student/ })).toHaveAttribute('href', `/player/${ID}?preview=1`);
    const line = lectureLines()[0] as HTMLElement;
    expect(within(line).getByText('Quiz')).toBeInTheDocument();
    expect(within(line).getByText('2 resources')).toBeInTheDocument();

    await user.click(within(line).getByLabelText("Edit lecture 'Check'"));
    const dialog = await findDialog('Edit Lecture');
    expect(field('Question text', question(dialog, 1))).toHaveValue('Two plus two?');
    expect(field('Option 1 is the correct answer', question(dialog, 1))).toBeChecked();
    expect(field('Shuffle questions', dialog)).toBeChecked();
    await user.click(button('Save', dialog));
    await dialogGone('Edit Lecture');

    await user.click(button('Save Changes'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
    const [, options] = apiSend.mock.calls[0] ?? [];
    const body = options?.body as { courseContent: Array<{ chapterContent: unknown[] }> };
    expect(body.courseContent[0]?.chapterContent).toEqual([
      {
        lectureId: hex('2'),
        lectureTitle: 'Check',
        lectureDuration: 5,
        lessonKind: 'quiz',
        isPreviewFree: false,
        quizDefinition: QUIZ_COURSE.courseContent[0]?.chapterContent[0]?.quizDefinition,
        resources: [
          { resourceId: hex('7'), title: 'Sheet' },
          { title: 'Docs', url: 'https://react.dev' },
        ],
      },
    ]);
  }, 60_000);
});

describe('Drafts on this device: lesson kinds', () => {
  it('keeps a quiz lesson in the draft and brings it back', async () => {
    const first = await openAddCourse();
    await addChapter('Check yourself');
    const dialog = await startLesson('Quiz', 'Kept quiz');
    const q = question(dialog, 1);
    await fill(field('Question text', q), 'Kept question?');
    await fill(field('Option 1', q), 'Yes');
    await fill(field('Option 2', q), 'No');
    await user.click(field('Option 1 is the correct answer', q));
    await user.click(button('Add', dialog));
    await dialogGone('Add Lecture');
    first.unmount();

    await openAddCourse();
    await waitFor(() => expect(lectureLines()).toHaveLength(1));
    const line = lectureLines()[0] as HTMLElement;
    expect(within(line).getByText('Quiz')).toBeInTheDocument();
    await user.click(within(line).getByLabelText("Edit lecture 'Kept quiz'"));
    const reopened = await findDialog('Edit Lecture');
    expect(field('Question text', question(reopened, 1))).toHaveValue('Kept question?');
    expect(field('Option 1 is the correct answer', question(reopened, 1))).toBeChecked();
  }, 60_000);
});

describe('Edit course: a quiz whose definition did not come with the course', () => {
  it('keeps it as saved: the lesson is sent without quizDefinition', async () => {
    const saved = QUIZ_COURSE.courseContent[0] as Chapter;
    const { quizDefinition: _left, ...lesson } = saved.chapterContent[0] as Lecture;
    const course: EditableCourse = {
      ...QUIZ_COURSE,
      courseContent: [{ ...saved, chapterContent: [{ ...lesson, resources: [] }] }],
    };
    apiSend.mockResolvedValue({ success: true, message: 'Course updated', course } as Awaited<
      ReturnType<typeof apiSend>
    >);
    mockGet({ [`/api/educator/courses/${ID}`]: () => ({ success: true, course }) });
    renderPortal(`/educator/courses/${ID}/edit`);
    await screen.findByDisplayValue('Quizzed course');
    await user.click(screen.getByLabelText("Edit lecture 'Check'"));
    const dialog = await findDialog('Edit Lecture');
    expect(within(dialog).getByText(/saving keeps them as they are/)).toBeInTheDocument();
    await user.click(button('Save', dialog));
    await dialogGone('Edit Lecture');
    await user.click(button('Save Changes'));
    await waitFor(() => expect(apiSend).toHaveBeenCalledTimes(1));
    const body = apiSend.mock.calls[0]?.[1]?.body as { courseContent: Array<{ chapterContent: unknown[] }> };
    expect(body.courseContent[0]?.chapterContent).toEqual([
      { lectureId: hex('2'), lectureTitle: 'Check', lectureDuration: 5, lessonKind: 'quiz', isPreviewFree: false },
    ]);
  }, 60_000);
});
