import { loadAntd, type ProjectSubmission } from '@courseport/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { followLink } from '../src/lib/followLink';
import {
  button,
  expectLoadingUntil,
  expectRetryRecovers,
  failingGet,
  findDialog,
  getCalls,
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
import { serverData } from './server-data';

vi.mock('../src/lib/followLink', () => ({ followLink: vi.fn() }));

// The toasts' code (antd's notification, loaded with the first toast) is there, as a returning
// visitor's cached chunks are: a review's toast shows without the wait for it (#34: the page has no antd).
await loadAntd.notification();

const LIST = '/api/educator/project-submissions';
const listPath = (status: string | null, offset = 0) =>
  `${LIST}?${status ? `status=${status}&` : ''}offset=${offset}&limit=10`;
const reviewPath = (id: string) => `${LIST}/${id}/review`;
const fileLinkPath = (id: string) => `/api/project-submissions/${id}/file-link`;

const submission = (overrides: Partial<ProjectSubmission> & Pick<ProjectSubmission, '_id'>): ProjectSubmission => ({
  courseId: 'c-react',
  courseTitle: 'Complete React Bootcamp',
  lectureId: 'l-todo',
  lectureTitle: 'Build a todo app',
  student: { _id: 's-ada', name: 'Ada Lovelace', imageUrl: '' },
  kind: 'link',
  url: 'https://github.com/ada/todo',
  note: 'Hooks everywhere.',
  status: 'submitted',
  submittedAt: '2025-04-02T10:00:00.000Z',
  ...overrides,
});

const ADA = submission({ _id: 'sub-ada' });
const ALAN = submission({
  _id: 'sub-alan',
  student: { _id: 's-alan', name: 'Alan Turing', imageUrl: '' },
  kind: 'file',
  url: undefined,
  fileName: 'todo.zip',
  size: 2048,
  note: '',
});
const page =
  (submissions: ProjectSubmission[], total = submissions.length) =>
  () => ({
    success: true,
    submissions,
    total,
  });
const cards = () => Array.from(document.querySelectorAll<HTMLElement>('li.ed-submission'));
const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;

beforeEach(() => {
  signInAsEducator();
});

describe('Project submissions: states', () => {
  it("shows 'Loading submissions...' until the waiting ones arrive", async () => {
    const pending = pendingGet(listPath('submitted'));
    renderPortal('/educator/submissions');
    expect(screen.getByRole('heading', { level: 1, name: 'Project submissions' })).toBeInTheDocument();
    await expectLoadingUntil(pending, 'Loading submissions...', page([ADA])(), 'Ada Lovelace');
  });

  it("shows 'Error Loading Submissions' with the server's message, and 'Try Again' loads them", async () => {
    const failing = failingGet(listPath('submitted'), serverError('The store is not answering', 503), page([ADA]));
    renderPortal('/educator/submissions');
    await expectRetryRecovers(failing, 'Error Loading Submissions', 'Try Again', 'Ada Lovelace');
  });

  it('says when nothing waits for a review, and what each filter would show', async () => {
    mockGet({ [listPath('submitted')]: page([]), [listPath(null)]: page([]) });
    renderPortal('/educator/submissions');
    expect(await screen.findByText('No project is waiting for your review.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'All submissions');
    expect(await screen.findByText('When students submit their projects, they show here.')).toBeInTheDocument();
  });
});

describe('Project submissions: the list', () => {
  it('shows each submission (student, course, lesson, link or file, note, time), waiting ones first', async () => {
    mockGet({
      [listPath('submitted')]: page([ADA, ALAN]),
      [fileLinkPath('sub-alan')]: () => ({
        success: true,
        link: { url: 'https://app.example/api/files/sub-alan?s=sig', expiresAt: '2025-04-02T10:05:00.000Z' },
      }),
    });
    renderPortal('/educator/submissions');
    await screen.findByText('Ada Lovelace');
    expect(screen.getByLabelText('Show')).toHaveValue('submitted');
    expect(cards()).toHaveLength(2);
    const ada = card('Ada Lovelace');
    expect(ada).toHaveTextContent('Complete React Bootcamp');
    expect(ada).toHaveTextContent('Build a todo app');
    expect(ada).toHaveTextContent('Hooks everywhere.');
    expect(ada).toHaveTextContent('Waiting for review');
    expect(within(ada).getByText(new Date(ADA.submittedAt).toLocaleString())).toBeInTheDocument();
    const repo = within(ada).getByRole('link', { name: /github\.com\/ada\/todo/ });
    expect(repo).toHaveAttribute('href', 'https://github.com/ada/todo');
    expect(repo.getAttribute('rel')).toContain('noopener');

    // A file: its signed link is asked for when clicked.
    const alan = card('Alan Turing');
    expect(alan).toHaveTextContent('todo.zip (2 KB)');
    await user.click(within(alan).getByRole('button', { name: "Download Alan Turing's file todo.zip" }));
    await waitFor(() => expect(followLink).toHaveBeenCalledWith('https://app.example/api/files/sub-alan?s=sig'));
    expect(getCalls(fileLinkPath('sub-alan'))).toBe(1);
  });

  it('filters by status and pages through them', async () => {
    const many = Array.from({ length: 10 }, (_, i) =>
      submission({ _id: `sub-${i}`, student: { _id: `s-${i}`, name: `Student ${i}`, imageUrl: '' } }),
    );
    mockGet({
      [listPath('submitted')]: page(many, 12),
      [listPath('submitted', 10)]: page([ADA, ALAN], 12),
      [listPath('accepted')]: page([{ ...ADA, status: 'accepted', reviewComment: 'Well done' }]),
    });
    renderPortal('/educator/submissions');
    await screen.findByText('Student 0');
    await user.click(within(screen.getByRole('navigation', { name: 'Submission pages' })).getByText('2'));
    expect(await screen.findByText('Alan Turing')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Show'), 'Accepted');
    const accepted = await screen.findByText('Well done');
    const item = accepted.closest('li') as HTMLElement;
    expect(item).toHaveTextContent('Accepted');
    // Accepted: nothing left to review.
    expect(within(item).queryByText('Accept')).not.toBeInTheDocument();
  });
});

describe('Project submissions: reviewing', () => {
  it('accepts a project: the review is sent, told, and the list loads again', async () => {
    let answered = [ADA, ALAN];
    mockGet({ [listPath('submitted')]: () => page(answered)() });
    mockPost({
      [reviewPath('sub-ada')]: () => {
        answered = [ALAN];
        return { success: true, message: 'Project accepted' };
      },
    });
    renderPortal('/educator/submissions');
    await screen.findByText('Ada Lovelace');
    await user.click(
      within(card('Ada Lovelace')).getByRole('button', { name: "Accept: Ada Lovelace's project for Build a todo app" }),
    );
    await waitFor(() => expect(postBodies(reviewPath('sub-ada'))).toEqual([{ decision: 'accept', comment: '' }]));
    await waitFor(() => expect(toastOf('success')).toEqual(['Project accepted']));
    await waitFor(() => expect(screen.queryByText('Ada Lovelace')).not.toBeInTheDocument());
  });

  it("asks for changes with a required comment, and shows the server's refusal", async () => {
    mockGet({ [listPath('submitted')]: page([ADA]) });
    let refuse = true;
    mockPost({
      [reviewPath('sub-ada')]: () => {
        if (refuse) throw serverError('This submission was already reviewed', 409);
        return { success: true, message: 'Changes requested' };
      },
    });
    renderPortal('/educator/submissions');
    await screen.findByText('Ada Lovelace');
    await user.click(within(card('Ada Lovelace')).getByRole('button', { name: /^Ask for changes: Ada Lovelace/ }));
    const dialog = await findDialog('What should Ada Lovelace change?');
    await user.click(button('Send to the student', dialog));
    const comment = within(dialog).getByLabelText('What should Ada Lovelace change?');
    const error = within(dialog).getByText('Please write what the student should change');
    expect(comment).toHaveAttribute('aria-invalid', 'true');
    expect(comment.getAttribute('aria-describedby')).toBe(error.id);
    expect(comment).toHaveFocus();
    expect(postBodies(reviewPath('sub-ada'))).toEqual([]);

    await user.type(comment, 'Add tests, please.');
    await user.click(button('Send to the student', dialog));
    await waitFor(() => expect(toastOf('error')).toEqual(['This submission was already reviewed']));
    // The dialog stays, with the comment, for another try.
    expect(comment).toHaveValue('Add tests, please.');

    refuse = false;
    await user.click(button('Send to the student', dialog));
    await waitFor(() =>
      expect(postBodies(reviewPath('sub-ada')).at(-1)).toEqual({ decision: 'changes', comment: 'Add tests, please.' }),
    );
    await waitFor(() => expect(screen.queryByText('What should Ada Lovelace change?')).toBeNull());
    await waitFor(() => expect(toastOf('success')).toEqual(['Changes requested']));
  });
});

describe('Project submissions: the first screen (#34)', () => {
  it("comes with the server's data (the first page waiting for review), asks for nothing more, draws no antd", async () => {
    mockGet({ [listPath('submitted')]: page([ADA, ALAN], 12) });
    const client = await serverData('submissions');
    expect(getCalls(listPath('submitted'))).toBe(1);
    renderPortal('/educator/submissions', client);
    // At once, without 'Loading submissions...'.
    expect(screen.getByRole('heading', { level: 2, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.queryByText('Loading submissions...')).toBeNull();
    // antd's look in plain markup: the status tag, the pages.
    expect(within(card('Ada Lovelace')).getByText('Waiting for review')).toHaveClass('cp-tag', 'cp-tag-gold');
    expect(screen.getByRole('navigation', { name: 'Submission pages' })).toHaveClass('cp-pager');
    expect(within(card('Ada Lovelace')).getByText(new Date(ADA.submittedAt).toLocaleString()).tagName).toBe('TIME');
    expect(document.querySelector('[class*="ant-"]')).toBeNull();
    expect(getCalls(listPath('submitted'))).toBe(1);

    // The dialog (antd) loads when its button is pointed at, and opens when pressed.
    const ask = within(card('Ada Lovelace')).getByRole('button', { name: /^Ask for changes: Ada Lovelace/ });
    await user.hover(ask);
    await user.click(ask);
    expect(await findDialog('What should Ada Lovelace change?')).toBeInTheDocument();
  });

  it('is not asked for a user who is not an educator, nor for another page', async () => {
    mockGet({ [listPath('submitted')]: page([ADA]) });
    await serverData('submissions', undefined, ['student']);
    await serverData('submissions/other');
    expect(getCalls(listPath('submitted'))).toBe(0);
  });
});
