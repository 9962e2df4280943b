import type { AdminDiscussionPost, AdminDiscussionsPage } from '@courseport/contracts';
import { formatDate, tagTone } from '@courseport/shared-ui';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPost,
  button,
  currentPath,
  deferred,
  expectRetryRecovers,
  failsUntilRecovered,
  findDialog,
  getCalls,
  mockGet,
  mockPost,
  REQUESTS_PATH,
  renderPage,
  serverError,
  signInAsAdmin,
  toastOf,
  user,
} from './helpers';

// Cards, a dialog and a segmented filter: antd in jsdom, on a shared machine.
vi.setConfig({ testTimeout: 30_000 });

type State = 'all' | 'visible' | 'hidden';
const listPath = (state: State = 'all', q = '', cursor = '') =>
  `/api/admin/discussions?state=${state}${q ? `&q=${encodeURIComponent(q)}` : ''}${cursor ? `&cursor=${cursor}` : ''}`;
const hidePath = (kind: 'questions' | 'answers', id: string) => `/api/admin/${kind}/${id}/hide`;
const restorePath = (kind: 'questions' | 'answers', id: string) => `/api/admin/${kind}/${id}/restore`;

const makePost = (overrides: Partial<AdminDiscussionPost> & Pick<AdminDiscussionPost, '_id'>): AdminDiscussionPost => ({
  kind: 'question',
  questionId: overrides._id,
  questionTitle: 'How do closures capture variables?',
  course: { _id: 'c-js', courseTitle: 'JavaScript Foundations' },
  lectureId: 'c-js-c1-l2',
  lectureTitle: 'Closures',
  author: { name: 'Sam Student', imageUrl: '' },
  byInstructor: false,
  body: '<p>Inside a <b>loop</b> they all print 3.</p>',
  createdAt: '2025-05-02T10:00:00.000Z',
  editedAt: null,
  hidden: null,
  ...overrides,
});

const QUESTION = makePost({
  _id: 'q1',
  body: '<p>Inside a <b>loop</b><img src=x onerror="alert(1)"> they all print 3.</p>',
});
const ANSWER = makePost({
  _id: 'a1',
  kind: 'answer',
  questionId: 'q1',
  author: { name: 'Eve Educator', imageUrl: '' },
  byInstructor: true,
  body: '<p>Use <code>let</code>: one binding per iteration.</p>',
  createdAt: '2025-05-03T10:00:00.000Z',
});
const SPAM = makePost({
  _id: 'q2',
  questionTitle: 'Cheap watches here',
  author: { name: 'Spam Bot', imageUrl: '' },
  body: '<p>Visit <a href="https://spam.example">spam</a></p>',
  createdAt: '2025-05-01T10:00:00.000Z',
  hidden: { reason: 'Advertising', hiddenAt: '2025-05-04T10:00:00.000Z', hiddenBy: { name: 'Root Admin' } },
});

const page =
  (posts: AdminDiscussionPost[], nextCursor: string | null = null) =>
  (): { success: true } & AdminDiscussionsPage => ({ success: true, posts, nextCursor });

// The hide dialog's chunk (antd's Modal, themed) is there before the tests, as a returning admin's
// cached chunk is: the tab loads it when a Hide button is pointed at, focused or pressed (#34).
beforeAll(
  () =>
    Promise.all([
      import('../src/features/discussions/components/HidePostModal'),
      import('@courseport/shared-ui/antd/themed'),
    ]),
  60_000,
);

beforeEach(() => {
  signInAsAdmin();
});

/** The hide dialog: drawn once its chunk is there and antd has drawn it (slow in jsdom on a busy machine). */
async function findHideDialog() {
  await screen.findByText('Reason for hiding', {}, { timeout: 10_000 });
  return findDialog('Reason for hiding');
}

function serve(lists: Record<string, () => unknown>) {
  mockGet({ [REQUESTS_PATH]: () => ({ success: true, requests: [] }), ...lists });
}

async function openTab() {
  renderPage();
  await screen.findByText('No educator requests found');
  // Nothing is asked for before the tab is opened.
  expect(getCalls(listPath())).toBe(0);
  await user.click(screen.getByRole('tab', { name: 'Q&A' }));
  expect(currentPath()).toBe('/admin/discussions');
}

/** The list item of the post whose heading is `title`. */
const row = (title: string) => screen.getByRole('heading', { name: title }).closest('li') as HTMLElement;
const filter = (label: 'All' | 'Visible' | 'Hidden') => screen.getByRole('radio', { name: label });

describe('Admin dashboard: Q&A tab (#35)', () => {
  it('shows a loading state, then questions and answers with where, who, the text and why hidden', async () => {
    const pending = deferred<unknown>();
    serve({ [listPath()]: () => pending.promise });
    await openTab();
    expect(document.title).toBe('Q&A · Admin · Courseport');
    expect(await screen.findByText('Loading questions and answers...')).toBeInTheDocument();
    pending.resolve(page([ANSWER, QUESTION, SPAM])());
    await screen.findByRole('heading', { name: 'How do closures capture variables?' });
    expect(screen.queryByText('Loading questions and answers...')).not.toBeInTheDocument();

    const question = within(row('How do closures capture variables?'));
    expect(question.getByText('Question')).toBeInTheDocument();
    expect(question.getByText('Visible')).toHaveStyle({ color: tagTone('green').color });
    expect(question.getByText('JavaScript Foundations · Closures')).toBeInTheDocument();
    expect(question.getByText(`By Sam Student on ${formatDate(QUESTION.createdAt)}`)).toBeInTheDocument();
    // Rich text drawn as HTML, sanitized again: the markup stays, the handler goes.
    expect(question.getByText('loop').tagName).toBe('B');
    expect(row('How do closures capture variables?').querySelector('[onerror]')).toBeNull();
    expect(
      question.getByRole('button', { name: "Hide Sam Student's question “How do closures capture variables?”" }),
    ).toBeEnabled();

    const answer = within(row('Answer to “How do closures capture variables?”'));
    expect(answer.getByText('Answer')).toBeInTheDocument();
    expect(answer.getByText('Instructor')).toBeInTheDocument();
    expect(answer.getByText('let').tagName).toBe('CODE');
    expect(
      answer.getByRole('button', { name: "Hide Eve Educator's answer to “How do closures capture variables?”" }),
    ).toBeEnabled();

    const spam = within(row('Cheap watches here'));
    expect(spam.getByText('Hidden', { selector: '.cp-tag' })).toHaveStyle({ color: tagTone('red').color });
    expect(spam.getByText('Advertising')).toBeInTheDocument();
    expect(
      spam.getByText(new RegExp(`on ${formatDate('2025-05-04T10:00:00.000Z')} by Root Admin`)),
    ).toBeInTheDocument();
    expect(spam.getByRole('button', { name: "Restore Spam Bot's question “Cheap watches here”" })).toBeEnabled();
    expect(spam.queryByText('Hide')).toBeNull();
    expect(screen.queryByText('Load more')).toBeNull();
    // Plain markup with antd's look (#34): nothing of antd's is drawn until a dialog is wanted.
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Show questions and answers' })).toBeInTheDocument();
  });

  it('says what is empty: nothing yet, nothing hidden, nothing matching the search (asking for each)', async () => {
    serve({
      [listPath()]: page([]),
      [listPath('hidden')]: page([]),
      [listPath('hidden', 'watches & co')]: page([]),
    });
    await openTab();
    expect(await screen.findByText('No questions or answers yet')).toBeInTheDocument();
    await user.click(filter('Hidden'));
    expect(await screen.findByText('No hidden questions or answers')).toBeInTheDocument();
    expect(getCalls(listPath('hidden'))).toBe(1);
    // The search is sent when submitted (Enter), trimmed.
    await user.type(screen.getByRole('searchbox', { name: 'Search questions and answers' }), '  watches & co {Enter}');
    expect(await screen.findByText('No questions or answers match “watches & co”')).toBeInTheDocument();
    expect(getCalls(listPath('hidden', 'watches & co'))).toBe(1);
  });

  it('filters by state: visible only, hidden only, and back to all', async () => {
    serve({
      [listPath()]: page([QUESTION, SPAM]),
      [listPath('visible')]: page([QUESTION]),
      [listPath('hidden')]: page([SPAM]),
    });
    await openTab();
    await screen.findByRole('heading', { name: 'Cheap watches here' });
    expect(filter('All')).toBeChecked();
    await user.click(filter('Visible'));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Cheap watches here' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'How do closures capture variables?' })).toBeInTheDocument();
    await user.click(filter('Hidden'));
    expect(await screen.findByRole('heading', { name: 'Cheap watches here' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'How do closures capture variables?' })).toBeNull();
    await user.click(filter('All'));
    expect(await screen.findByRole('heading', { name: 'How do closures capture variables?' })).toBeInTheDocument();
  });

  it("shows the server's message when the list cannot be loaded, and Try Again loads it", async () => {
    const failing = failsUntilRecovered(serverError('Admin access required', 403), page([QUESTION]));
    serve({ [listPath()]: failing.handler });
    await openTab();
    await expectRetryRecovers(
      failing,
      'Could not load questions and answers',
      'Try Again',
      'How do closures capture variables?',
    );
    expect(getCalls(listPath())).toBe(2);
  });

  it('loads the next page with its cursor', async () => {
    const older = makePost({ _id: 'q3', questionTitle: 'An older question', createdAt: '2025-04-01T10:00:00.000Z' });
    serve({ [listPath()]: page([QUESTION], 'next-1'), [listPath('all', '', 'next-1')]: page([older]) });
    await openTab();
    await screen.findByRole('heading', { name: 'How do closures capture variables?' });
    await user.click(button('Load more'));
    expect(await screen.findByRole('heading', { name: 'An older question' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'How do closures capture variables?' })).toBeInTheDocument();
    expect(screen.queryByText('Load more')).toBeNull();
  });

  it('hides a question with a reason (required first) from the keyboard; the row then reads Hidden with why', async () => {
    let hidden = false;
    serve({
      [listPath()]: () =>
        page([
          hidden
            ? {
                ...QUESTION,
                hidden: {
                  reason: 'Exam answers',
                  hiddenAt: '2025-05-05T10:00:00.000Z',
                  hiddenBy: { name: 'Root Admin' },
                },
              }
            : QUESTION,
        ])(),
    });
    const hiding = deferred<unknown>();
    mockPost({ [hidePath('questions', 'q1')]: () => hiding.promise });
    await openTab();
    await screen.findByRole('heading', { name: 'How do closures capture variables?' });

    const hide = screen.getByRole('button', {
      name: "Hide Sam Student's question “How do closures capture variables?”",
    });
    hide.focus();
    await user.keyboard('{Enter}');
    const dialog = await findHideDialog();
    expect(dialog).toHaveAccessibleName('Hide this question?');
    expect(within(dialog).getByText('JavaScript Foundations')).toBeInTheDocument();
    const reason = within(dialog).getByLabelText('Reason for hiding');

    // Required: nothing is sent without one.
    await user.click(button('Hide question', dialog));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason of at least 3 characters');
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(apiPost).not.toHaveBeenCalled();
    // Too long: said at once.
    fireEvent.change(reason, { target: { value: 'x'.repeat(301) } });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The reason must be at most 300 characters');
    await user.click(button('Hide question', dialog));
    expect(apiPost).not.toHaveBeenCalled();

    fireEvent.change(reason, { target: { value: '  Exam answers  ' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(button('Hide question', dialog));
    expect(apiPost).toHaveBeenCalledWith(hidePath('questions', 'q1'), { reason: 'Exam answers' });

    hidden = true;
    hiding.resolve({ success: true, message: 'Question hidden', question: {} });
    await waitFor(() => expect(toastOf('success')).toEqual(['Question hidden']));
    const hiddenRow = within(row('How do closures capture variables?'));
    expect(await hiddenRow.findByText('Exam answers')).toBeInTheDocument();
    expect(hiddenRow.getByText('Hidden', { selector: '.cp-tag' })).toBeInTheDocument();
    expect(hiddenRow.getByText(/by Root Admin/)).toBeInTheDocument();
    expect(hiddenRow.getByText('Restore')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list was loaded again for it.
    expect(getCalls(listPath())).toBe(2);
  });

  it("keeps the dialog open and shows the server's refusal when hiding fails; Cancel sends nothing", async () => {
    serve({ [listPath()]: page([ANSWER]) });
    mockPost({
      [hidePath('answers', 'a1')]: () => {
        throw serverError('Answer not found', 404);
      },
    });
    await openTab();
    await screen.findByRole('heading', { name: 'Answer to “How do closures capture variables?”' });
    await user.click(
      screen.getByRole('button', { name: "Hide Eve Educator's answer to “How do closures capture variables?”" }),
    );
    const dialog = await findHideDialog();
    expect(dialog).toHaveAccessibleName('Hide this answer?');
    fireEvent.change(within(dialog).getByLabelText('Reason for hiding'), { target: { value: 'Wrong' } });
    await user.click(button('Hide answer', dialog));
    await waitFor(() => expect(toastOf('error')).toEqual(['Answer not found']));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(button('Cancel', dialog));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiPost).toHaveBeenCalledTimes(1);
  });

  it('restores a hidden post: the row reads Visible again', async () => {
    let restored = false;
    serve({ [listPath()]: () => page([restored ? { ...SPAM, hidden: null } : SPAM])() });
    const restoring = deferred<unknown>();
    mockPost({ [restorePath('questions', 'q2')]: () => restoring.promise });
    await openTab();
    await screen.findByRole('heading', { name: 'Cheap watches here' });
    await user.click(screen.getByRole('button', { name: "Restore Spam Bot's question “Cheap watches here”" }));
    expect(apiPost).toHaveBeenCalledWith(restorePath('questions', 'q2'));
    expect(within(row('Cheap watches here')).getByText('Restoring...').closest('button')).toBeDisabled();
    restored = true;
    restoring.resolve({ success: true, message: 'Question restored', question: {} });
    await waitFor(() => expect(toastOf('success')).toEqual(['Question restored']));
    expect(await within(row('Cheap watches here')).findByText('Visible')).toBeInTheDocument();
    expect(within(row('Cheap watches here')).queryByText('Advertising')).toBeNull();
    expect(within(row('Cheap watches here')).getByText('Hide')).toBeInTheDocument();
  });
});
