import { type ProjectSubmission, setRuntimeConfig } from '@courseport/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  deferred,
  ENROLLED_PATH,
  enrolledAnswer,
  failsUntilRecovered,
  findToast,
  getCalls,
  mockGet,
  mockPost,
  PROGRESS_PATH,
  postBodies,
  progressAnswer,
  renderAt,
  SAVE_POSITION_PATH,
  serverError,
  signIn,
  user,
} from './helpers';
import { COURSE_ID, lessonsCourse } from './lessons-fixtures';

const SUBMISSION_PATH = `/api/user/courses/${COURSE_ID}/projects/p1/submission`;

/**
 * A stand-in for XMLHttpRequest (a file's upload reports its progress through it): the test
 * moves the upload on (`progress`) and answers it (`respond`).
 */
class StandInRequest {
  static sent: StandInRequest[] = [];
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    StandInRequest.sent.push(this);
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

beforeEach(() => {
  signIn({ getToken: async () => 'student-token' }, [COURSE_ID]);
  setRuntimeConfig({ apiBaseUrl: 'https://api.example', remotes: {} });
  StandInRequest.sent = [];
  vi.stubGlobal('XMLHttpRequest', StandInRequest);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const submission = (overrides: Partial<ProjectSubmission>): ProjectSubmission => ({
  _id: 's1',
  courseId: COURSE_ID,
  lectureId: 'p1',
  kind: 'link',
  url: 'https://github.com/sam/todo',
  note: 'Done with hooks',
  status: 'submitted',
  submittedAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

function answerWith(get: () => unknown, post: (body: unknown) => unknown = () => ({ success: true })) {
  mockGet({ [ENROLLED_PATH]: () => enrolledAnswer([lessonsCourse()]), [SUBMISSION_PATH]: get });
  mockPost({
    [PROGRESS_PATH]: () => progressAnswer(COURSE_ID, null),
    [SAVE_POSITION_PATH]: () => ({ success: true }),
    [SUBMISSION_PATH]: post,
  });
}

const player = () => screen.getByRole('region', { name: 'Lecture player' });

async function openProject() {
  renderAt(`/player/${COURSE_ID}?lecture=p1`);
  await screen.findByText('Course Structure');
}

describe('Project lesson: the brief and the submission', () => {
  it('shows the brief sanitized, Loading... for the submission, then that none is in yet', async () => {
    const answer = deferred<unknown>();
    answerWith(() => answer.promise);
    await openProject();
    expect(within(player()).getByRole('heading', { name: 'Project brief' })).toBeInTheDocument();
    expect(player()).toHaveTextContent('Build a todo app with hooks.');
    expect(player().querySelector('iframe')).toBeNull();
    expect(within(player()).getByRole('status')).toHaveTextContent('Loading your submission...');
    answer.resolve({ success: true, submission: null });
    expect(await within(player()).findByText('You have not submitted this project yet.')).toBeInTheDocument();
    expect(within(player()).getByRole('button', { name: 'Submit project' })).toBeInTheDocument();
  });

  it('shows a failed load with Try Again', async () => {
    const answer = failsUntilRecovered(serverError('Database is down', 503), () => ({
      success: true,
      submission: null,
    }));
    answerWith(answer.handler);
    await openProject();
    expect(await within(player()).findByText('Could not load your submission')).toBeInTheDocument();
    answer.recover();
    await user.click(within(player()).getByRole('button', { name: 'Try Again' }));
    expect(await within(player()).findByText('You have not submitted this project yet.')).toBeInTheDocument();
    expect(getCalls(SUBMISSION_PATH)).toBe(2);
  });

  it('submitted: waiting for review, with the link and the note, and it may be sent again', async () => {
    answerWith(() => ({ success: true, submission: submission({}) }));
    await openProject();
    expect(await within(player()).findByText('Submitted — waiting for review')).toBeInTheDocument();
    expect(
      within(player()).getByRole('link', { name: 'https://github.com/sam/todo (opens in a new tab)' }),
    ).toHaveAttribute('rel', 'noopener noreferrer');
    expect(player()).toHaveTextContent('Your note: Done with hooks');
    expect(within(player()).getByRole('button', { name: 'Submit again' })).toBeInTheDocument();
  });

  it("changes requested: the educator's comment, and the form to send it again", async () => {
    answerWith(() => ({
      success: true,
      submission: submission({ status: 'changes_requested', reviewComment: 'Add tests for the reducer.' }),
    }));
    await openProject();
    expect(await within(player()).findByText('Changes requested')).toBeInTheDocument();
    expect(player()).toHaveTextContent("Educator's commentAdd tests for the reducer.");
    expect(within(player()).getByRole('button', { name: 'Submit again' })).toBeInTheDocument();
  });

  it('accepted: says so and the lesson is complete; no form', async () => {
    answerWith(() => ({
      success: true,
      submission: submission({ status: 'accepted', kind: 'file', url: undefined, fileName: 'todo.zip', size: 48_000 }),
    }));
    await openProject();
    expect(await within(player()).findByText('Accepted')).toBeInTheDocument();
    expect(player()).toHaveTextContent('todo.zip (46.9 KB)');
    expect(player()).toHaveTextContent('This lesson is complete.');
    expect(within(player()).queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument();
  });
});

describe('Project lesson: submitting', () => {
  it('sends a link with a note, then shows the new submission', async () => {
    let current: ProjectSubmission | null = null;
    answerWith(
      () => ({ success: true, submission: current }),
      (body) => {
        const { url, note } = body as { url: string; note: string };
        current = submission({ url, note });
        return { success: true, submission: current };
      },
    );
    await openProject();
    await within(player()).findByText('You have not submitted this project yet.');
    await user.click(within(player()).getByRole('button', { name: 'Submit project' }));
    expect(within(player()).getByRole('alert')).toHaveTextContent(
      'Enter the link to your project (starting with https://).',
    );
    await user.type(
      within(player()).getByRole('textbox', { name: 'Link to your project' }),
      'https://github.com/sam/todo',
    );
    await user.type(
      within(player()).getByRole('textbox', { name: 'Note to the educator (optional)' }),
      'Done with hooks',
    );
    await user.click(within(player()).getByRole('button', { name: 'Submit project' }));
    expect(await within(player()).findByText('Submitted — waiting for review')).toBeInTheDocument();
    await findToast('Your project was submitted for review', 'success');
    expect(postBodies(SUBMISSION_PATH)).toEqual([{ url: 'https://github.com/sam/todo', note: 'Done with hooks' }]);
    expect(within(player()).getByRole('textbox', { name: 'Link to your project' })).toHaveValue('');
  });

  it("uploads a file as multipart with the session's token, showing its progress", async () => {
    let current: ProjectSubmission | null = null;
    answerWith(() => ({ success: true, submission: current }));
    await openProject();
    await within(player()).findByText('You have not submitted this project yet.');
    await user.click(within(player()).getByRole('radio', { name: 'A file' }));
    const file = new File(['PK\u0003\u0004 zip bytes'], 'todo.zip', { type: 'application/zip' });
    await user.upload(within(player()).getByLabelText('File'), file);
    await user.type(within(player()).getByRole('textbox', { name: 'Note to the educator (optional)' }), 'Zipped');
    await user.click(within(player()).getByRole('button', { name: 'Submit project' }));
    await waitFor(() => expect(StandInRequest.sent).toHaveLength(1));
    const request = StandInRequest.sent[0] as StandInRequest;
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`https://api.example${SUBMISSION_PATH}`);
    expect(request.headers.Authorization).toBe('Bearer student-token');
    const sent = request.body as FormData;
    expect((sent.get('file') as File).name).toBe('todo.zip');
    expect(sent.get('note')).toBe('Zipped');
    request.progress(40, 100);
    const bar = within(player()).getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('value', '40');
    expect(player()).toHaveTextContent('40% uploaded');
    request.progress(100, 100);
    expect(player()).toHaveTextContent('100% uploaded');
    current = submission({ kind: 'file', url: undefined, fileName: 'todo.zip', size: 20, note: 'Zipped' });
    request.respond(200, { success: true, submission: current });
    expect(await within(player()).findByText('Submitted — waiting for review')).toBeInTheDocument();
    expect(player()).toHaveTextContent('todo.zip (20 B)');
    expect(within(player()).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an upload", async () => {
    answerWith(() => ({ success: true, submission: null }));
    await openProject();
    await within(player()).findByText('You have not submitted this project yet.');
    await user.click(within(player()).getByRole('radio', { name: 'A file' }));
    await user.upload(within(player()).getByLabelText('File'), new File(['MZ'], 'virus.exe'));
    await user.click(within(player()).getByRole('button', { name: 'Submit project' }));
    await waitFor(() => expect(StandInRequest.sent).toHaveLength(1));
    (StandInRequest.sent[0] as StandInRequest).respond(400, {
      success: false,
      message: 'This file type is not accepted',
    });
    expect(await within(player()).findByRole('alert')).toHaveTextContent('This file type is not accepted');
  });
});
