import type { Answer, InboxQuestion } from '@courseport/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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

const INBOX = '/api/educator/questions';
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
    });
    await expectLoadingUntil(pending, 'Loading questions...', page([Q1], 'next/1'), 'How do hooks work?');
    expect(within(item('How do hooks work?')).getByText('Unanswered')).toHaveClass('cp-tag-orange');
    expect(within(item('How do hooks work?')).getByText('Complete React Bootcamp · useState')).toBeInTheDocument();
    // Only unanswered ones so far, and more to load: at least that many.
    expect(screen.getByText('1+ unanswered')).toBeInTheDocument();

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

  it("filters by course and searches that course's questions", async () => {
    const course = '/api/courses/c-py/questions?sort=newest';
    mockGet({
      [INBOX]: () => page([Q1, Q2]),
      [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
      [course]: () => page([Q2]),
      [`${course}&q=zebra`]: () => page([]),
    });
    renderPortal('/educator/questions');
    await screen.findByText('How do hooks work?');
    const search = screen.getByRole('searchbox', { name: 'Search questions' });
    expect(search).toBeDisabled();
    expect(screen.getByText('Choose a course to search its questions.')).toBeInTheDocument();

    await screen.findByRole('option', { name: 'Python for Data Science' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Course' }), 'c-py');
    await waitFor(() => expect(screen.queryByText('How do hooks work?')).toBeNull());
    expect(screen.getByText('Pandas or polars?')).toBeInTheDocument();

    await user.type(search, 'zebra{Enter}');
    expect(await screen.findByText('No questions match your search')).toBeInTheDocument();
    await user.click(button('Clear search'));
    expect(await screen.findByText('Pandas or polars?')).toBeInTheDocument();
  });

  it('opens a question: its sanitized text, its answers; the educator answers, accepts and upvotes', async () => {
    mockGet({
      [INBOX]: () => page([Q1]),
      [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
      [answersOf('q1')]: () => ({ success: true, answers: [A1], nextCursor: null }),
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
    // All in place: the inbox was not asked again.
    expect(getCalls(INBOX)).toBe(1);
  });

  it("keeps the answer's text and shows the server's refusal under it", async () => {
    mockGet({
      [INBOX]: () => page([Q1]),
      [COURSES_PATH]: () => ({ success: true, courses: COURSES }),
      [answersOf('q1')]: () => ({ success: true, answers: [], nextCursor: null }),
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
