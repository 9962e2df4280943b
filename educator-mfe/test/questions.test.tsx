import type { Answer, InboxQuestion } from '@courseport/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiSend,
  button,
  COURSES_PATH,
  expectLoadingUntil,
  expectRetryRecovers,
  failingGet,
  getCalls,
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

// The formatting editor's chunk never arrives here: the answer boxes stay plain text boxes (the
// editor's own states are post-editor.test.tsx's, in the learner portal, the same component).
vi.mock('../src/components/post-editor/loadPostTiptap', () => ({ loadPostTiptap: () => new Promise(() => {}) }));

const INBOX = '/api/educator/questions';
const COUNT = '/api/educator/questions/unanswered-count';
const answersOf = (id: string) => `/api/questions/${id}/answers`;

const COURSES = [
  makeCourse({ _id: 'c-react', courseTitle: 'Complete React Bootcamp' }),
  makeCourse({ _id: 'c-py', courseTitle: 'Python for Data Science' }),
];

function makeQuestion(overrides: Partial<InboxQuestion> & Pick<InboxQuestion, '_id' | 'title'>): InboxQuestion {
  return {
    courseId: 'c-react',
    lectureId: 'l1',
    body: '<p>How do <strong>hooks</strong> work?</p><img src=x onerror="window.hacked=1">',
    author: { name: 'Ada Lovelace', imageUrl: '' },
    mine: false,
    byInstructor: false,
    createdAt: '2025-04-02T10:00:00.000Z',
    editedAt: null,
    answerCount: 0,
    upvotes: 2,
    votedByMe: false,
    acceptedAnswerId: null,
    hidden: null,
    course: { _id: 'c-react', courseTitle: 'Complete React Bootcamp' },
    lectureTitle: 'useState',
    ...overrides,
  };
}

function makeAnswer(overrides: Partial<Answer> & Pick<Answer, '_id'>): Answer {
  return {
    questionId: 'q1',
    body: '<p>Read the docs.</p>',
    author: { name: 'Alan Turing', imageUrl: '' },
    mine: false,
    byInstructor: false,
    createdAt: '2025-04-03T10:00:00.000Z',
    editedAt: null,
    upvotes: 0,
    votedByMe: false,
    accepted: false,
    hidden: null,
    ...overrides,
  };
}

const Q1 = makeQuestion({ _id: 'q1', title: 'How do hooks work?' });
const Q2 = makeQuestion({
  _id: 'q2',
  title: 'Pandas or polars?',
  answerCount: 1,
  acceptedAnswerId: 'a9',
  course: { _id: 'c-py', courseTitle: 'Python for Data Science' },
  lectureTitle: 'DataFrames',
});
const A1 = makeAnswer({ _id: 'a1' });

const page = (questions: InboxQuestion[], nextCursor: string | null = null) => ({
  success: true,
  questions,
  nextCursor,
});

beforeEach(() => {
  signInAsEducator();
});

const item = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('li') as HTMLElement;

describe('Educator Q&A', () => {
  it("shows 'Loading questions...', then the inbox with each question's course, lesson and state; Load more pages on", async () => {
    const pending = pendingGet(INBOX);
    renderPortal('/educator/questions');
    expect(screen.getByRole('heading', { level: 1, name: 'Q&A' })).toBeInTheDocument();
    expect(document.title).toBe('Questions and answers · Educator · Courseport');
    mockGet({
      [INBOX]: () => pending.promise,
      [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
      [`${INBOX}?cursor=next%2F1`]: () => page([Q2]),
      [COUNT]: () => ({ success: true, unanswered: 1 }),
    });
    await expectLoadingUntil(pending, 'Loading questions...', page([Q1], 'next/1'), 'How do hooks work?');
    expect(within(item('How do hooks work?')).getByText('Unanswered')).toHaveClass('cp-tag-orange');
    expect(within(item('How do hooks work?')).getByText('Complete React Bootcamp · useState')).toBeInTheDocument();
    // The API's count across every course (not what happens to be loaded), also on the sidebar's link.
    expect(await screen.findByText('1 unanswered')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Q&A (1 unanswered)' })).toHaveAttribute('href', '/educator/questions');

    await user.click(button('Load more'));
    expect(await screen.findByText('Pandas or polars?')).toBeInTheDocument();
    expect(within(item('Pandas or polars?')).getByText('1 answer · accepted')).toHaveClass('cp-tag-green');
    expect(screen.queryByText('Load more')).toBeNull();
    expect(screen.getByText('1 unanswered')).toBeInTheDocument();
  });

  it('says what shows here when there are no questions', async () => {
    mockGet({ [INBOX]: () => page([]), [COURSES_PATH]: () => ({ success: true, courses: COURSES }) });
    renderPortal('/educator/questions');
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
    expect(screen.getByText(/When students ask about your lessons/)).toBeInTheDocument();
  });

  it("shows 'Error Loading Questions' with the server's message, and Try Again loads them", async () => {
    const failing = failingGet(INBOX, serverError('Educator access required', 403), () => page([Q1]));
    renderPortal('/educator/questions');
    await expectRetryRecovers(failing, 'Error Loading Questions', 'Try Again', 'How do hooks work?');
  });

  it("searches every course's questions, or one course's when chosen", async () => {
    const course = '/api/courses/c-py/questions?sort=newest';
    mockGet({
      [INBOX]: () => page([Q1, Q2]),
      [`${INBOX}?q=hooks`]: () => page([Q1]),
      [COUNT]: () => ({ success: true, unanswered: 0 }),
      [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
      [course]: () => page([Q2]),
      [`${course}&q=zebra`]: () => page([]),
    });
    renderPortal('/educator/questions');
    await screen.findByText('How do hooks work?');
    expect(await screen.findByText('Every question has an answer.')).toBeInTheDocument();
    // No badge when nothing waits.
    expect(screen.getByRole('link', { name: 'Q&A' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search questions' });
    expect(search).toBeEnabled();
    expect(search).toHaveAccessibleDescription('Searches all your courses.');

    // Across all the courses.
    await user.type(search, 'hooks{Enter}');
    await waitFor(() => expect(screen.queryByText('Pandas or polars?')).toBeNull());
    expect(screen.getByText('How do hooks work?')).toBeInTheDocument();
    await user.click(button('Clear'));
    expect(await screen.findByText('Pandas or polars?')).toBeInTheDocument();
    expect(search).toHaveValue('');

    await screen.findByRole('option', { name: 'Python for Data Science' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'c-py');
    await waitFor(() => expect(screen.queryByText('How do hooks work?')).toBeNull());
    expect(screen.getByText('Pandas or polars?')).toBeInTheDocument();
    expect(search).toHaveAccessibleDescription('Searches Python for Data Science.');

    await user.type(search, 'zebra{Enter}');
    expect(await screen.findByText('No questions match your search')).toBeInTheDocument();
    expect(
      screen.getByText('Nothing in Python for Data Science mentions “zebra”. Try other words.'),
    ).toBeInTheDocument();
    await user.click(button('Clear search'));
    expect(await screen.findByText('Pandas or polars?')).toBeInTheDocument();
  });

  it('opens a question: its sanitized text, its answers; the educator answers, accepts and upvotes', async () => {
    mockGet({
      [INBOX]: () => page([Q1]),
      [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
      [answersOf('q1')]: () => ({ success: true, answers: [A1], nextCursor: null }),
      [COUNT]: () => ({ success: true, unanswered: 1 }),
    });
    const mine = makeAnswer({
      _id: 'a2',
      body: '<p>Line one<br>line two</p><p>Second &lt;b&gt;</p>',
      author: { name: 'Grace Hopper', imageUrl: '' },
      mine: true,
      byInstructor: true,
    });
    mockPost({
      [answersOf('q1')]: () => ({ success: true, message: 'Answer posted', answer: mine }),
      '/api/questions/q1/accept': () => ({ success: true, question: { ...Q1, acceptedAnswerId: 'a1' } }),
    });
    apiSend.mockResolvedValue({ success: true, upvotes: 3, votedByMe: true } as Awaited<ReturnType<typeof apiSend>>);
    renderPortal('/educator/questions');
    await screen.findByText('How do hooks work?');

    const open = screen.getByRole('button', { name: "Open 'How do hooks work?'" });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(screen.getByRole('button', { name: "Close 'How do hooks work?'" })).toHaveAttribute('aria-expanded', 'true');
    const thread = item('How do hooks work?');
    // Sanitized: the strong text stays, the image and its handler do not.
    await waitFor(() => expect(thread.querySelector('strong')).toHaveTextContent('hooks'));
    expect(thread.querySelector('img')).toBeNull();
    expect(await within(thread).findByText('Read the docs.')).toBeInTheDocument();

    // Answer: plain text becomes paragraphs; the server's "Instructor" mark shows.
    await user.type(within(thread).getByLabelText('Your answer'), 'Line one{Enter}line two{Enter}{Enter}Second <b>');
    await user.click(button('Post answer', thread));
    expect(postBodies(answersOf('q1'))).toEqual([{ body: '<p>Line one<br>line two</p><p>Second &lt;b&gt;</p>' }]);
    expect(await within(thread).findByText('Grace Hopper (you)')).toBeInTheDocument();
    expect(within(thread).getByText('Instructor')).toHaveClass('cp-tag');
    expect(within(thread).getByLabelText('Your answer')).toHaveValue('');
    await waitFor(() => expect(toastOf('success')).toContain('Answer posted'));
    expect(within(thread).getByText('1 answer')).toBeInTheDocument();

    // Accept Alan's answer.
    await user.click(screen.getByRole('button', { name: "Accept Alan Turing's answer" }));
    expect(postBodies('/api/questions/q1/accept')).toEqual([{ answerId: 'a1' }]);
    expect(await within(thread).findByText('Accepted answer')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Unaccept Alan Turing's answer" })).toBeInTheDocument();

    // Upvote the question.
    const upvote = screen.getByRole('button', { name: '2 upvotes: upvote this question' });
    expect(upvote).toHaveAttribute('aria-pressed', 'false');
    await user.click(upvote);
    expect(apiSend).toHaveBeenCalledWith('/api/questions/q1/vote', { method: 'PUT' });
    expect(await screen.findByRole('button', { name: '3 upvotes: upvote this question' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // All in place: the inbox was not asked again; the count was (the answer may have closed one).
    expect(getCalls(INBOX)).toBe(1);
    await waitFor(() => expect(getCalls(COUNT)).toBe(2));
  });

  it('edits and deletes the educator’s own answer (not a student’s)', async () => {
    const mine = makeAnswer({
      _id: 'a2',
      body: '<p>Use <code>useState</code>.</p>',
      author: { name: 'Grace Hopper', imageUrl: '' },
      mine: true,
      byInstructor: true,
    });
    mockGet({
      [INBOX]: () => page([{ ...Q1, answerCount: 2 }]),
      [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
      [answersOf('q1')]: () => ({ success: true, answers: [A1, mine], nextCursor: null }),
      [COUNT]: () => ({ success: true, unanswered: 0 }),
    });
    apiSend.mockImplementation(async (path, options) => {
      if (path === '/api/answers/a2' && options?.method === 'PATCH')
        return {
          success: true,
          answer: { ...mine, body: '<p>Use useState, then useEffect.</p>', editedAt: '2025-04-04T10:00:00.000Z' },
        } as Awaited<ReturnType<typeof apiSend>>;
      if (path === '/api/answers/a2' && options?.method === 'DELETE')
        return { success: true, message: 'Answer deleted' } as Awaited<ReturnType<typeof apiSend>>;
      throw new Error(`Unexpected ${options?.method} ${path}`);
    });
    renderPortal('/educator/questions');
    await user.click(await screen.findByRole('button', { name: "Open 'How do hooks work?'" }));
    const thread = item('How do hooks work?');
    await within(thread).findByText('Grace Hopper (you)');
    // Only their own answer has Edit and Delete.
    expect(within(thread).getAllByRole('button', { name: 'Edit your answer' })).toHaveLength(1);
    expect(within(thread).getAllByRole('button', { name: 'Delete your answer' })).toHaveLength(1);

    await user.click(within(thread).getByRole('button', { name: 'Edit your answer' }));
    const box = within(thread).getByRole('textbox', { name: 'Edit your answer' });
    expect(box).toHaveValue('Use useState.');
    await user.clear(box);
    await user.type(box, 'Use useState, then useEffect.');
    await user.click(button('Save answer', thread));
    expect(apiSend).toHaveBeenCalledWith('/api/answers/a2', {
      method: 'PATCH',
      body: { body: '<p>Use useState, then useEffect.</p>' },
    });
    expect(await within(thread).findByText('Use useState, then useEffect.')).toBeInTheDocument();
    expect(within(thread).queryByRole('textbox', { name: 'Edit your answer' })).toBeNull();
    expect(within(thread).getByText(/· edited/)).toBeInTheDocument();

    await user.click(within(thread).getByRole('button', { name: 'Delete your answer' }));
    const dialog = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[role="dialog"]');
      expect(found).toHaveTextContent('Delete your answer?');
      return found as HTMLElement;
    });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(apiSend).toHaveBeenLastCalledWith('/api/answers/a2', { method: 'DELETE' });
    await waitFor(() => expect(within(thread).queryByText('Grace Hopper (you)')).toBeNull());
    expect(within(thread).getByText('Read the docs.')).toBeInTheDocument();
    expect(within(thread).getByText('1 answer')).toBeInTheDocument();
    await waitFor(() => expect(toastOf('success')).toContain('Answer deleted'));
    await waitFor(() => expect(getCalls(COUNT)).toBe(2));
  });

  it("keeps the answer's text and shows the server's refusal under it", async () => {
    mockGet({
      [INBOX]: () => page([Q1]),
      [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
      [answersOf('q1')]: () => ({ success: true, answers: [], nextCursor: null }),
      [COUNT]: () => ({ success: true, unanswered: 1 }),
    });
    mockPost({
      [answersOf('q1')]: () => {
        throw serverError('Too many posts. Please wait a minute.', 429);
      },
    });
    renderPortal('/educator/questions');
    await user.click(await screen.findByRole('button', { name: "Open 'How do hooks work?'" }));
    expect(await screen.findByText('No answers yet: be the first to help.')).toBeInTheDocument();
    await user.click(button('Post answer'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please write your answer first');
    await user.type(screen.getByLabelText('Your answer'), 'Use state.');
    await user.click(button('Post answer'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many posts. Please wait a minute.');
    expect(screen.getByLabelText('Your answer')).toHaveValue('Use state.');
  });
});
