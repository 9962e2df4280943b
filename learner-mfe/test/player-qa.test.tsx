import type { Answer, Question } from '@courseport/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, deferred, failsUntilRecovered, findToast, renderAt, serverError, signIn, user } from './helpers';
import { apiSend, fakeApi } from './lesson-tabs-api';

// The formatting editor's chunk never arrives here: the boxes stay plain text boxes (its own states
// are post-editor.test.tsx's).
vi.mock('../src/components/post-editor/loadPostTiptap', () => ({ loadPostTiptap: () => new Promise(() => {}) }));

const QUESTIONS = '/api/courses/c1/questions';

beforeEach(() => {
  signIn({}, ['c1']);
  apiSend.mockReset();
});

function makeQuestion(overrides: Partial<Question> & Pick<Question, '_id'>): Question {
  return {
    courseId: 'c1',
    lectureId: 'l1',
    title: `Question ${overrides._id}`,
    body: '<p>Why does it fail?</p>',
    author: { name: 'Ann Asker', imageUrl: '' },
    mine: false,
    byInstructor: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    answerCount: 0,
    upvotes: 0,
    votedByMe: false,
    acceptedAnswerId: null,
    hidden: null,
    ...overrides,
  };
}

function makeAnswer(overrides: Partial<Answer> & Pick<Answer, '_id'>): Answer {
  return {
    questionId: 'q1',
    body: '<p>Restart the server.</p>',
    author: { name: 'Bo Helper', imageUrl: '' },
    mine: false,
    byInstructor: false,
    createdAt: '2026-11-21T10:00:00.000Z',
    editedAt: null,
    upvotes: 0,
    votedByMe: false,
    accepted: false,
    hidden: null,
    ...overrides,
  };
}

/** The player at lesson l1 ('Introduction'), its Q&A tab open. */
async function openQa(path = '/player/c1?lecture=l1') {
  renderAt(path);
  await screen.findByText('Course Structure');
  await user.click(screen.getByRole('tab', { name: 'Q&A' }));
}

const tabs = () => screen.getByRole('tablist', { name: 'Questions, notes and announcements' });

describe('Player: the lesson tabs', () => {
  it('is a tab list under the lesson: Q&A first and selected, one tab stop, the arrows move and show', async () => {
    fakeApi({
      [`GET ${QUESTIONS}`]: () => ({ success: true, questions: [], nextCursor: null }),
      'GET /api/courses/c1/notes': () => ({ success: true, notes: [] }),
      'GET /api/courses/c1/announcements': () => ({ success: true, announcements: [], nextCursor: null }),
    });
    renderAt('/player/c1?lecture=l1');
    await screen.findByText('Course Structure');
    const all = within(tabs()).getAllByRole('tab');
    expect(all.map((tab) => tab.textContent)).toEqual(['Q&A', 'Notes', 'Announcements']);
    expect(all.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(all.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    // Nothing of a panel is fetched before the tabs are used (or seen).
    expect(apiSend).not.toHaveBeenCalled();
    all[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Notes' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No notes yet')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Notes');
    await user.keyboard('{End}');
    expect(await screen.findByText('No announcements yet')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Q&A' })).toHaveFocus();
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
  });
});

describe('Player: Q&A', () => {
  it("lists the lesson's questions, newest first, with Load more; the switch shows the whole course's", async () => {
    const api = fakeApi({
      [`GET ${QUESTIONS}`]: ({ query }) => {
        if (query.get('cursor') === 'next')
          return {
            success: true,
            questions: [makeQuestion({ _id: 'q3', title: 'An older question' })],
            nextCursor: null,
          };
        if (!query.get('lectureId'))
          return {
            success: true,
            questions: [makeQuestion({ _id: 'q9', lectureId: 'l3', title: 'About components' })],
            nextCursor: null,
          };
        return {
          success: true,
          questions: [
            makeQuestion({
              _id: 'q1',
              title: 'Why does npm fail?',
              answerCount: 2,
              upvotes: 3,
              acceptedAnswerId: 'a1',
            }),
            makeQuestion({
              _id: 'q2',
              title: 'Which editor?',
              byInstructor: true,
              author: { name: 'Jane', imageUrl: '' },
            }),
          ],
          nextCursor: 'next',
        };
      },
    });
    await openQa();
    const list = await screen.findByRole('list', { name: 'Questions' });
    expect(api.of('GET', QUESTIONS)[0]?.query.toString()).toBe('lectureId=l1&sort=newest');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Why does npm fail?');
    expect(rows[0]).toHaveTextContent('2 answers');
    expect(rows[0]).toHaveTextContent('3 upvotes');
    expect(rows[0]).toHaveTextContent('Answered');
    expect(rows[1]).toHaveTextContent('Instructor');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('An older question')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'All lessons in this course' }));
    expect(await screen.findByText('About components')).toBeInTheDocument();
    // Each question of the course names its lesson.
    expect(screen.getByText('Lesson: Your first component')).toBeInTheDocument();
  });

  it('searches and sorts: the text and the order are sent, and an empty result says so', async () => {
    const api = fakeApi({
      [`GET ${QUESTIONS}`]: ({ query }) => ({
        success: true,
        questions: query.get('q') ? [] : [makeQuestion({ _id: 'q1' })],
        nextCursor: null,
      }),
    });
    await openQa();
    await screen.findByText('Question q1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most upvoted');
    await waitFor(() => expect(api.of('GET', QUESTIONS).at(-1)?.query.get('sort')).toBe('top'));
    await user.type(screen.getByRole('searchbox', { name: 'Search questions' }), 'hooks{Enter}');
    expect(await screen.findByText(/No question matches your search/)).toBeInTheDocument();
    expect(api.of('GET', QUESTIONS).at(-1)?.query.toString()).toBe('lectureId=l1&q=hooks&sort=top');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Question q1')).toBeInTheDocument();
  });

  it('shows Loading..., then a failure with Try Again, which loads the list', async () => {
    const held = deferred<unknown>();
    const failing = failsUntilRecovered(serverError('Database is down', 500), () => ({
      success: true,
      questions: [makeQuestion({ _id: 'q1' })],
      nextCursor: null,
    }));
    let first = true;
    fakeApi({
      [`GET ${QUESTIONS}`]: () => {
        if (first) {
          first = false;
          return held.promise;
        }
        return failing.handler();
      },
    });
    await openQa();
    expect(await screen.findByText('Loading questions...')).toBeInTheDocument();
    held.reject(serverError('Database is down', 500));
    expect(await screen.findByText('Could not load the questions')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();
    failing.recover();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Question q1')).toBeInTheDocument();
  });

  it('asks a question on the lesson (its text as HTML paragraphs) and opens it', async () => {
    const asked = makeQuestion({
      _id: 'q7',
      title: 'How do I start?',
      mine: true,
      author: { name: 'Sam', imageUrl: '' },
    });
    const api = fakeApi({
      [`GET ${QUESTIONS}`]: () => ({ success: true, questions: [], nextCursor: null }),
      [`POST ${QUESTIONS}`]: () => ({ success: true, message: 'Question posted', question: asked }),
      'GET /api/questions/q7': () => ({ success: true, question: asked }),
      'GET /api/questions/q7/answers': () => ({ success: true, answers: [], nextCursor: null }),
    });
    await openQa();
    expect(await screen.findByText(/Nobody has asked about this lesson yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask a question' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Hm');
    await user.click(screen.getByRole('button', { name: 'Post question' }));
    // A title too short is said, and nothing is sent.
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.of('POST', QUESTIONS)).toHaveLength(0);
    await user.clear(screen.getByRole('textbox', { name: 'Title' }));
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'How do I start?');
    await user.type(screen.getByRole('textbox', { name: 'Details (optional)' }), 'Line <one>{Enter}{Enter}Line two');
    await user.click(screen.getByRole('button', { name: 'Post question' }));
    expect(await findToast('Question posted', 'success')).toBeInTheDocument();
    expect(api.of('POST', QUESTIONS)[0]?.body).toEqual({
      lectureId: 'l1',
      title: 'How do I start?',
      body: '<p>Line &lt;one&gt;</p><p>Line two</p>',
    });
    expect(await screen.findByRole('heading', { name: 'How do I start?' })).toHaveFocus();
    expect(screen.getByText(/No answers yet/)).toBeInTheDocument();
  });

  it('opens a question: its sanitized body, answers with the Instructor mark and the accepted one; answers, upvotes and accepts', async () => {
    let question = makeQuestion({
      _id: 'q1',
      title: 'Why does npm fail?',
      mine: true,
      answerCount: 2,
      body: '<p>It fails <img src=x onerror="alert(1)"><script>alert(2)</script></p>',
    });
    let answers = [
      makeAnswer({ _id: 'a1' }),
      makeAnswer({ _id: 'a2', byInstructor: true, author: { name: 'Jane Educator', imageUrl: '' }, upvotes: 1 }),
    ];
    const api = fakeApi({
      [`GET ${QUESTIONS}`]: () => ({ success: true, questions: [question], nextCursor: null }),
      'GET /api/questions/q1': () => ({ success: true, question }),
      'GET /api/questions/q1/answers': () => ({ success: true, answers, nextCursor: null }),
      'POST /api/questions/q1/answers': () => {
        answers = [...answers, makeAnswer({ _id: 'a3', mine: true, body: '<p>Me too</p>' })];
        question = { ...question, answerCount: 3 };
        return { success: true, message: 'Answer posted', answer: answers[2] };
      },
      'PUT /api/answers/a2/vote': () => ({ success: true, upvotes: 2, votedByMe: true }),
      'DELETE /api/answers/a2/vote': () => ({ success: true, upvotes: 1, votedByMe: false }),
      'POST /api/questions/q1/accept': ({ body }) => {
        question = { ...question, acceptedAnswerId: (body as { answerId: string }).answerId };
        return { success: true, message: 'Answer accepted', question };
      },
    });
    await openQa();
    await user.click(await screen.findByRole('button', { name: 'Why does npm fail?' }));
    const article = await screen.findByRole('article', { name: 'Why does npm fail?' });
    expect(article.querySelector('img')).toBeNull();
    expect(article.querySelector('script')).toBeNull();
    expect(within(article).getByText('It fails')).toBeInTheDocument();
    const answerList = within(article).getByRole('region', { name: 'Answers' });
    expect(within(answerList).getByText('2 answers')).toBeInTheDocument();
    const items = within(answerList).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('Instructor');

    // Upvote: pressed with the new count; pressing again takes it back.
    const upvote = within(items[1] as HTMLElement).getByRole('button', { name: /on the answer by Jane Educator/ });
    expect(upvote).toHaveAttribute('aria-pressed', 'false');
    await user.click(upvote);
    await waitFor(() => expect(upvote).toHaveAttribute('aria-pressed', 'true'));
    expect(upvote).toHaveAccessibleName('Upvote 2 (upvotes on the answer by Jane Educator)');
    await user.click(upvote);
    await waitFor(() => expect(upvote).toHaveAttribute('aria-pressed', 'false'));
    expect(api.of('DELETE', '/api/answers/a2/vote')).toHaveLength(1);

    // The asker accepts the educator's answer.
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Accept answer' }));
    expect(await findToast('Answer accepted', 'success')).toBeInTheDocument();
    expect(api.of('POST', '/api/questions/q1/accept')[0]?.body).toEqual({ answerId: 'a2' });
    await waitFor(() => expect(items[1]).toHaveTextContent('Accepted answer'));
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Accept answer' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.type(screen.getByRole('textbox', { name: 'Your answer' }), 'Me too');
    await user.click(screen.getByRole('button', { name: 'Post answer' }));
    expect(await findToast('Answer posted', 'success')).toBeInTheDocument();
    expect(api.of('POST', '/api/questions/q1/answers')[0]?.body).toEqual({ body: '<p>Me too</p>' });
    expect(await within(answerList).findByText('3 answers')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('');

    await user.click(screen.getByRole('button', { name: '← All questions' }));
    expect(await screen.findByRole('list', { name: 'Questions' })).toBeInTheDocument();
    // The question just read has the focus again.
    expect(screen.getByRole('button', { name: 'Why does npm fail?' })).toHaveFocus();
  });

  it('no Accept for a student who did not ask; edits and deletes their own answer, the deletion asked first', async () => {
    const question = makeQuestion({ _id: 'q1', answerCount: 1 });
    let answers = [makeAnswer({ _id: 'a1', mine: true, body: '<p>First try</p>' })];
    const api = fakeApi({
      'GET /api/questions/q1': () => ({ success: true, question }),
      'GET /api/questions/q1/answers': () => ({ success: true, answers, nextCursor: null }),
      'PATCH /api/answers/a1': ({ body }) => {
        answers = [
          { ...answers[0], body: (body as { body: string }).body, editedAt: '2026-11-22T10:00:00.000Z' } as Answer,
        ];
        return { success: true, message: 'Answer updated', answer: answers[0] };
      },
      'DELETE /api/answers/a1': () => {
        answers = [];
        return { success: true, message: 'Answer deleted' };
      },
      [`GET ${QUESTIONS}`]: () => ({ success: true, questions: [question], nextCursor: null }),
    });
    // A notification's link opens its question at once.
    renderAt('/player/c1?lecture=l1&question=q1');
    const article = await screen.findByRole('article', { name: 'Question q1' });
    expect(within(article).queryByRole('button', { name: 'Accept answer' })).not.toBeInTheDocument();
    await user.click(within(article).getByRole('button', { name: 'Edit' }));
    const box = screen.getByRole('textbox', { name: 'Edit your answer' });
    expect(box).toHaveValue('First try');
    await user.clear(box);
    await user.type(box, 'Second try');
    await user.click(screen.getByRole('button', { name: 'Save answer' }));
    expect(await findToast('Answer updated', 'success')).toBeInTheDocument();
    expect(api.of('PATCH', '/api/answers/a1')[0]?.body).toEqual({ body: '<p>Second try</p>' });
    expect(await within(article).findByText('Second try')).toBeInTheDocument();
    expect(within(article).getByText(/\(edited\)/)).toBeInTheDocument();

    await user.click(within(article).getByRole('button', { name: 'Delete this answer' }));
    expect(api.of('DELETE', '/api/answers/a1')).toHaveLength(0);
    await user.click(within(article).getByRole('button', { name: 'Yes, delete' }));
    expect(await findToast('Answer deleted', 'success')).toBeInTheDocument();
    await waitFor(() => expect(within(article).queryByText('Second try')).not.toBeInTheDocument());
    // Back to the list: the question's link is gone from the address.
    await user.click(screen.getByRole('button', { name: '← All questions' }));
    expect(currentPath()).toBe('/player/c1?lecture=l1');
  });

  it("shows the server's message when an answer is refused, and keeps the text", async () => {
    const question = makeQuestion({ _id: 'q1' });
    fakeApi({
      'GET /api/questions/q1': () => ({ success: true, question }),
      'GET /api/questions/q1/answers': () => ({ success: true, answers: [], nextCursor: null }),
      'POST /api/questions/q1/answers': () => {
        throw serverError('Please keep to at most 3 links in one post');
      },
    });
    renderAt('/player/c1?lecture=l1&question=q1');
    await user.type(await screen.findByRole('textbox', { name: 'Your answer' }), 'Links everywhere');
    await user.click(screen.getByRole('button', { name: 'Post answer' }));
    expect(await findToast('Please keep to at most 3 links in one post', 'error')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your answer' })).toHaveValue('Links everywhere');
  });

  it('says when a linked question cannot be found, and goes back to the list', async () => {
    fakeApi({
      'GET /api/questions/q404': () => {
        throw serverError('Question not found', 404);
      },
      'GET /api/questions/q404/answers': () => {
        throw serverError('Question not found', 404);
      },
      [`GET ${QUESTIONS}`]: () => ({ success: true, questions: [], nextCursor: null }),
    });
    renderAt('/player/c1?lecture=l1&question=q404');
    expect(await screen.findByText('Could not load this question')).toBeInTheDocument();
    expect(screen.getByText('Question not found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '← All questions' }));
    expect(await screen.findByText('No questions yet')).toBeInTheDocument();
  });
});

describe('Player: Q&A, the asker', () => {
  it('edits and deletes their own question; a question on another lesson opens that lesson', async () => {
    let question = makeQuestion({ _id: 'q1', lectureId: 'l3', title: 'My first title', mine: true });
    const api = fakeApi({
      [`GET ${QUESTIONS}`]: () => ({ success: true, questions: question ? [question] : [], nextCursor: null }),
      'GET /api/questions/q1': () => ({ success: true, question }),
      'GET /api/questions/q1/answers': () => ({ success: true, answers: [], nextCursor: null }),
      'PATCH /api/questions/q1': ({ body }) => {
        question = { ...question, ...(body as object), editedAt: '2026-11-22T10:00:00.000Z' };
        return { success: true, message: 'Question updated', question };
      },
      'DELETE /api/questions/q1': () => ({ success: true, message: 'Question deleted' }),
    });
    renderAt('/player/c1?lecture=l1&question=q1');
    await screen.findByRole('heading', { name: 'My first title' });
    expect(screen.getByText('Lesson: Your first component')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to this lesson' }));
    expect(screen.getByRole('region', { name: 'Lecture player' })).toHaveTextContent('Your first component');
    expect(screen.queryByRole('button', { name: 'Go to this lesson' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'A better title');
    const details = screen.getByRole('textbox', { name: 'Details' });
    expect(details).toHaveValue('Why does it fail?');
    await user.click(screen.getByRole('button', { name: 'Save question' }));
    expect(await findToast('Question updated', 'success')).toBeInTheDocument();
    expect(api.of('PATCH', '/api/questions/q1')[0]?.body).toEqual({
      title: 'A better title',
      body: '<p>Why does it fail?</p>',
    });
    expect(await screen.findByRole('heading', { name: 'A better title' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete this question' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await findToast('Question deleted', 'success')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Questions' })).toBeInTheDocument();
  });
});

describe('Player: Q&A an admin hid (#35)', () => {
  it('its author still sees their hidden question and answer, marked, with the reason; no answering it', async () => {
    const hidden = { reason: 'Shares the exam answers', hiddenAt: '2026-11-22T10:00:00.000Z' };
    const question = makeQuestion({ _id: 'q1', title: 'The exam answers', mine: true, hidden });
    const answers = [makeAnswer({ _id: 'a1', mine: true, hidden: { ...hidden, reason: 'Off topic' } })];
    fakeApi({
      [`GET ${QUESTIONS}`]: () => ({ success: true, questions: [question], nextCursor: null }),
      'GET /api/questions/q1': () => ({ success: true, question }),
      'GET /api/questions/q1/answers': () => ({ success: true, answers, nextCursor: null }),
    });
    await openQa();
    const list = await screen.findByRole('list', { name: 'Questions' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Hidden');
    await user.click(screen.getByRole('button', { name: 'The exam answers' }));
    const article = await screen.findByRole('article', { name: 'The exam answers' });
    expect(within(article).getByText('Hidden by a moderator: Shares the exam answers')).toBeInTheDocument();
    expect(await screen.findByText('Hidden by a moderator: Off topic')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Post answer' })).not.toBeInTheDocument();
  });
});
