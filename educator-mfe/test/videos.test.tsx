import { type EducatorVideo, type RequestOptions, sessionStore, setRuntimeConfig } from '@courseport/shared-ui';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetUploads } from '../src/features/videos/upload/uploads';
import { DELETE_TEXT } from '../src/pages/VideosPage';
import {
  apiSend,
  button,
  expectLoadingUntil,
  expectRetryRecovers,
  failingGet,
  findDialog,
  getCalls,
  mockGet,
  networkError,
  pendingGet,
  renderPortal,
  serverError,
  signInAsEducator,
  toastOf,
  user,
} from './helpers';

/**
 * A stand-in for tus-js-client's Upload: it records what the page asked of it, and the test plays
 * the server's part (the upload made, bytes received, done, refused).
 */
const tus = vi.hoisted(() => {
  interface Options {
    endpoint: string;
    chunkSize: number;
    retryDelays: number[];
    metadata: Record<string, string>;
    onBeforeRequest: (req: { setHeader: (name: string, value: string) => void }) => Promise<void>;
    onUploadUrlAvailable: () => void;
    onProgress: (sent: number, total: number) => void;
    onSuccess: () => void;
    onError: (error: Error) => void;
  }
  class FakeUpload {
    static made: FakeUpload[] = [];
    /** What `findPreviousUploads` answers (an upload of the same file started before). */
    static previous: Array<{ uploadUrl: string; size: number }> = [];
    url: string | null = null;
    starts = 0;
    aborts: boolean[] = [];
    resumedFrom: unknown = null;
    constructor(
      readonly file: File,
      readonly options: Options,
    ) {
      FakeUpload.made.push(this);
    }
    findPreviousUploads() {
      return Promise.resolve(FakeUpload.previous);
    }
    resumeFromPreviousUpload(previous: { uploadUrl: string }) {
      this.resumedFrom = previous;
      this.url = previous.uploadUrl;
    }
    start() {
      this.starts += 1;
    }
    abort(terminate = false) {
      this.aborts.push(terminate);
      return Promise.resolve();
    }
  }
  return { FakeUpload };
});
vi.mock('tus-js-client', () => ({ Upload: tus.FakeUpload }));
type FakeUpload = InstanceType<typeof tus.FakeUpload>;

const MB = 1024 * 1024;
const LIST = '/api/educator/videos?offset=0&limit=10';
const videoPath = (id: string) => `/api/educator/videos/${id}`;
const captionsPath = (id: string, lang: string) => `${videoPath(id)}/captions/${lang}`;

const video = (overrides: Partial<EducatorVideo> & Pick<EducatorVideo, 'videoId' | 'fileName'>): EducatorVideo => ({
  status: 'ready',
  size: 12 * MB,
  uploadOffset: 12 * MB,
  progress: 100,
  attempts: 1,
  durationS: 245,
  renditions: [
    { name: '240p', width: 426, height: 240 },
    { name: '480p', width: 854, height: 480 },
    { name: '720p', width: 1280, height: 720 },
  ],
  probe: null,
  failureReason: null,
  posterUrl: `https://api.example/api/videos/${overrides.videoId}/poster.webp`,
  captions: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
  ...overrides,
});

const ENGLISH = { lang: 'en', label: 'English', cues: 12, bytes: 900 };
const READY = video({ videoId: 'a'.repeat(24), fileName: 'intro.mp4', captions: [ENGLISH] });
const QUEUED = video({ videoId: 'b'.repeat(24), fileName: 'queued.mov', status: 'queued', progress: 0 });
const PROCESSING = video({ videoId: 'c'.repeat(24), fileName: 'hooks.mp4', status: 'processing', progress: 45 });
const UPLOADING = video({ videoId: 'd'.repeat(24), fileName: 'big.mkv', status: 'uploading', progress: 30 });
const FAILED = video({
  videoId: 'e'.repeat(24),
  fileName: 'broken.mp4',
  status: 'failed',
  failureReason: 'The file is not a video ffmpeg can read',
});
for (const v of [QUEUED, PROCESSING, UPLOADING, FAILED])
  Object.assign(v, { durationS: null, renditions: [], posterUrl: null });

const page =
  (videos: EducatorVideo[], total = videos.length) =>
  () => ({ success: true, videos, total, offset: 0, limit: 10 });
const card = (name: string) => screen.getByRole('heading', { level: 2, name }).closest('li') as HTMLElement;
const uploadLine = (name: string) =>
  within(screen.getByRole('list', { name: 'Uploads in progress' }))
    .getByText(name)
    .closest('li') as HTMLElement;
const videoFile = (name = 'lecture.mp4', bytes = 4 * MB) => {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};
const lastUpload = async (count: number) => {
  await waitFor(() => expect(tus.FakeUpload.made).toHaveLength(count));
  const upload = tus.FakeUpload.made[count - 1] as FakeUpload;
  await waitFor(() => expect(upload.starts).toBe(1));
  return upload;
};
const played = (fn: () => void) => act(fn);
/** Moves the fake clock and lets the resulting fetches and renders settle. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Runs the faked clock in small steps until `check` passes (the page's lazy parts load meanwhile). */
async function advanceUntil(check: () => void) {
  for (let step = 0; ; step += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (step >= 100) throw error;
      await advance(10);
    }
  }
}
const progressOf = (scope: HTMLElement) => within(scope).getByRole('progressbar');

/** Answers the page's PUT and DELETE calls (`apiRequest`) per method and path. */
function mockSend(handlers: Record<string, (body: unknown) => unknown>) {
  apiSend.mockImplementation(async (path: string, options?: RequestOptions) => {
    const handler = handlers[`${options?.method ?? 'GET'} ${path}`];
    if (!handler) throw new Error(`Unexpected ${options?.method} ${path}`);
    return handler(options?.body) as never;
  });
}
const sent = (method: string, path: string) =>
  apiSend.mock.calls.filter(([p, o]) => p === path && o?.method === method).map(([, o]) => o?.body);

beforeEach(() => {
  tus.FakeUpload.made = [];
  tus.FakeUpload.previous = [];
  forgetUploads();
  setRuntimeConfig({ apiBaseUrl: 'https://api.example', remotes: {} });
  signInAsEducator();
  sessionStore.setState({ getToken: async () => 'token-1' });
});
afterEach(() => vi.useRealTimers());

describe('Videos: states', () => {
  it("shows 'Loading videos...' until the list arrives, under its own title", async () => {
    const pending = pendingGet(LIST);
    renderPortal('/educator/videos');
    expect(screen.getByRole('heading', { level: 1, name: 'Videos' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Videos · Educator/));
    await expectLoadingUntil(pending, 'Loading videos...', page([READY])(), 'intro.mp4');
  });

  it("shows 'Error Loading Videos' with the server's message, and 'Try Again' loads them", async () => {
    const failing = failingGet(LIST, serverError('The store is not answering', 503), page([READY]));
    renderPortal('/educator/videos');
    await expectRetryRecovers(failing, 'Error Loading Videos', 'Try Again', 'intro.mp4');
  });

  it('says when there is no video yet, with the upload right above', async () => {
    mockGet({ [LIST]: page([]) });
    renderPortal('/educator/videos');
    expect(await screen.findByText('No videos yet — upload your first recording')).toBeInTheDocument();
    expect(screen.getByLabelText('Choose a video')).toHaveAttribute('accept', 'video/*');
  });

  it('is in the sidebar', async () => {
    mockGet({ [LIST]: page([]) });
    renderPortal('/educator/videos');
    const nav = screen.getByRole('navigation', { name: 'Educator' });
    expect(within(nav).getByRole('link', { name: 'Videos' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('Videos: the list', () => {
  it('shows each state: uploading n%, queued, processing n%, ready (poster, length, qualities, captions), failed with why', async () => {
    // Pending polls stay unanswered: only the first answer is looked at.
    mockGet({ [LIST]: page([UPLOADING, QUEUED, PROCESSING, READY, FAILED]) });
    renderPortal('/educator/videos');
    await screen.findByText('intro.mp4');

    const ready = card('intro.mp4');
    expect(ready).toHaveTextContent('Ready');
    expect(ready.querySelector('img')).toHaveAttribute('src', READY.posterUrl);
    expect(ready).toHaveTextContent('Length4:05');
    expect(ready).toHaveTextContent('Quality240p–720p');
    expect(ready).toHaveTextContent('CaptionsEnglish');
    expect(within(ready).getByRole('button', { name: 'Captions: intro.mp4' })).toBeInTheDocument();

    const uploading = card('big.mkv');
    expect(uploading).toHaveTextContent('Uploading 30%');
    expect(progressOf(uploading)).toHaveAttribute('aria-valuenow', '30');
    expect(progressOf(uploading)).toHaveAccessibleName('Uploading: big.mkv');
    // Not uploading in this tab: how to go on.
    expect(uploading).toHaveTextContent('The upload stopped. Choose the same file again above to go on from here.');

    expect(card('queued.mov')).toHaveTextContent('Queued');
    expect(card('queued.mov')).toHaveTextContent('Waiting for its turn to be processed.');
    const processing = card('hooks.mp4');
    expect(processing).toHaveTextContent('Processing 45%');
    expect(progressOf(processing)).toHaveAttribute('aria-valuenow', '45');
    expect(processing.querySelector('img')).toBeNull();

    const failed = card('broken.mp4');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('The file is not a video ffmpeg can read');
    expect(within(failed).queryByRole('button', { name: /^Captions/ })).not.toBeInTheDocument();
    expect(within(failed).getByRole('button', { name: 'Delete: broken.mp4' })).toBeInTheDocument();
  });

  it('shows a video whose answer leaves out its captions and poster (an older API)', async () => {
    const { captions: _c, posterUrl: _p, ...bare } = READY;
    mockGet({ [LIST]: page([bare as EducatorVideo]) });
    renderPortal('/educator/videos');
    await screen.findByText('intro.mp4');
    expect(card('intro.mp4')).toHaveTextContent('CaptionsNone');
    expect(card('intro.mp4').querySelector('img')).toBeNull();
  });

  it('asks again every 2 seconds while a video is processing, and stops once none is under way', async () => {
    // Only the clock is faked (from the start: the poll's timer is set on the first answer).
    vi.useFakeTimers();
    let answer = [PROCESSING, READY];
    mockGet({ [LIST]: () => page(answer)() });
    renderPortal('/educator/videos');
    await advanceUntil(() => expect(screen.getByText('Processing 45%')).toBeInTheDocument());
    const calls = getCalls(LIST);

    answer = [{ ...PROCESSING, progress: 80 }, READY];
    await advance(2_000);
    await advanceUntil(() => expect(screen.getByText('Processing 80%')).toBeInTheDocument());
    expect(getCalls(LIST)).toBe(calls + 1);

    answer = [{ ...READY, videoId: PROCESSING.videoId, fileName: 'hooks.mp4' }, READY];
    await advance(2_000);
    await advanceUntil(() => expect(card('hooks.mp4')).toHaveTextContent('Ready'));
    const settled = getCalls(LIST);
    // Nothing under way: no more asking.
    await advance(10_000);
    expect(getCalls(LIST)).toBe(settled);
  });

  it("deletes after a confirmation, and shows the server's refusal when a lesson plays the video", async () => {
    let answer = [READY, FAILED];
    mockGet({ [LIST]: () => page(answer)() });
    let refuse = true;
    mockSend({
      [`DELETE ${videoPath(READY.videoId)}`]: () => {
        if (refuse) throw serverError('This video is used by a lesson: remove it from "React" first', 409);
        answer = [FAILED];
        return { success: true };
      },
    });
    renderPortal('/educator/videos');
    await screen.findByText('intro.mp4');

    await user.click(within(card('intro.mp4')).getByRole('button', { name: 'Delete: intro.mp4' }));
    let dialog = await findDialog(DELETE_TEXT);
    // Cancel: nothing is sent.
    await user.click(button('Cancel', dialog));
    await waitFor(() => expect(screen.queryByText(DELETE_TEXT)).not.toBeInTheDocument());
    expect(sent('DELETE', videoPath(READY.videoId))).toHaveLength(0);

    await user.click(within(card('intro.mp4')).getByRole('button', { name: 'Delete: intro.mp4' }));
    dialog = await findDialog(DELETE_TEXT);
    await user.click(button('Delete', dialog));
    await waitFor(() => expect(screen.queryByText(DELETE_TEXT)).not.toBeInTheDocument());
    await waitFor(() =>
      expect(toastOf('error')).toEqual(['This video is used by a lesson: remove it from "React" first']),
    );
    expect(screen.getByText('intro.mp4')).toBeInTheDocument();

    refuse = false;
    await user.click(within(card('intro.mp4')).getByRole('button', { name: 'Delete: intro.mp4' }));
    dialog = await findDialog(DELETE_TEXT);
    await user.click(button('Delete', dialog));
    await waitFor(() => expect(screen.queryByText('intro.mp4')).not.toBeInTheDocument());
    await waitFor(() => expect(toastOf('success')).toContain('“intro.mp4” is deleted'));
  });
});

describe('Videos: uploading', () => {
  it('uploads with tus to the API (token on each request, 8 MB chunks, retries), shows progress, pauses and resumes', async () => {
    const answer: EducatorVideo[] = [];
    mockGet({ [LIST]: () => page(answer)() });
    renderPortal('/educator/videos');
    await screen.findByText('No videos yet — upload your first recording');

    await user.upload(screen.getByLabelText('Choose a video'), videoFile('lecture.mp4', 40 * MB));
    const upload = await lastUpload(1);
    expect(upload.options.endpoint).toBe('https://api.example/api/educator/videos/uploads');
    expect(upload.options.metadata).toEqual({ filename: 'lecture.mp4', filetype: 'video/mp4' });
    expect(upload.options.chunkSize).toBe(8 * MB);
    expect(upload.options.retryDelays.length).toBeGreaterThan(2);
    const headers: Record<string, string> = {};
    await upload.options.onBeforeRequest({ setHeader: (name, value) => (headers[name] = value) });
    expect(headers).toEqual({ Authorization: 'Bearer token-1' });

    // The server made the upload: the video shows in the list, with this tab's progress.
    const id = 'f'.repeat(24);
    answer.push(video({ videoId: id, fileName: 'lecture.mp4', status: 'uploading', progress: 0 }));
    upload.url = `https://api.example/api/educator/videos/uploads/${id}`;
    played(() => upload.options.onUploadUrlAvailable());
    await screen.findByRole('heading', { level: 2, name: 'lecture.mp4' });
    played(() => upload.options.onProgress(10 * MB, 40 * MB));
    const line = uploadLine('lecture.mp4');
    expect(line).toHaveTextContent('Uploading 25%');
    expect(progressOf(line)).toHaveAttribute('aria-valuenow', '25');
    expect(progressOf(line)).toHaveAccessibleName('Upload of lecture.mp4');
    expect(progressOf(line)).toHaveTextContent('25%');
    expect(card('lecture.mp4')).toHaveTextContent('Uploading 25%');
    // Cancelled on its own line, not deleted from the list while it uploads.
    expect(within(card('lecture.mp4')).queryByText('Delete')).not.toBeInTheDocument();

    await user.click(within(line).getByRole('button', { name: 'Pause: lecture.mp4' }));
    expect(upload.aborts).toEqual([false]);
    expect(line).toHaveTextContent('Paused at 25%');
    await user.click(within(line).getByRole('button', { name: 'Resume: lecture.mp4' }));
    expect(upload.starts).toBe(2);
    played(() => upload.options.onProgress(30 * MB, 40 * MB));
    expect(line).toHaveTextContent('Uploading 75%');

    answer[0] = { ...(answer[0] as EducatorVideo), status: 'queued', progress: 0 };
    played(() => upload.options.onSuccess());
    await waitFor(() => expect(toastOf('success')).toEqual(['“lecture.mp4” is uploaded: it is being processed']));
    expect(screen.queryByRole('list', { name: 'Uploads in progress' })).not.toBeInTheDocument();
    await waitFor(() => expect(card('lecture.mp4')).toHaveTextContent('Queued'));
  });

  it('goes on from an upload of the same file started before a reload', async () => {
    mockGet({ [LIST]: page([UPLOADING]) });
    tus.FakeUpload.previous = [
      { uploadUrl: `https://api.example/api/educator/videos/uploads/${UPLOADING.videoId}`, size: 40 * MB },
    ];
    renderPortal('/educator/videos');
    await screen.findByText('Uploading 30%');

    await user.upload(screen.getByLabelText('Choose a video'), videoFile('big.mkv', 40 * MB));
    const upload = await lastUpload(1);
    expect(upload.resumedFrom).toEqual(tus.FakeUpload.previous[0]);
    played(() => upload.options.onUploadUrlAvailable());
    played(() => upload.options.onProgress(16 * MB, 40 * MB));
    expect(uploadLine('big.mkv')).toHaveTextContent('Uploading 40% (continued from before)');
    // The list shows this tab's progress, and no longer says the upload stopped.
    await waitFor(() => expect(card('big.mkv')).toHaveTextContent('Uploading 40%'));
    expect(card('big.mkv')).not.toHaveTextContent('The upload stopped');
  });

  it('cancels an upload: the server forgets it (tus termination)', async () => {
    mockGet({ [LIST]: page([]) });
    renderPortal('/educator/videos');
    await screen.findByText('No videos yet — upload your first recording');
    await user.upload(screen.getByLabelText('Choose a video'), videoFile());
    const upload = await lastUpload(1);
    played(() => upload.options.onProgress(MB, 4 * MB));
    await user.click(within(uploadLine('lecture.mp4')).getByRole('button', { name: 'Cancel: lecture.mp4' }));
    expect(upload.aborts).toEqual([true]);
    expect(screen.queryByRole('list', { name: 'Uploads in progress' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal; a dropped connection can be tried again", async () => {
    mockGet({ [LIST]: page([]) });
    renderPortal('/educator/videos');
    await screen.findByText('No videos yet — upload your first recording');

    await user.upload(screen.getByLabelText('Choose a video'), videoFile('huge.mp4'));
    const refused = await lastUpload(1);
    const body = JSON.stringify({ success: false, message: 'Your video storage is full (2 GB)' });
    played(() =>
      refused.options.onError(
        Object.assign(new Error('tus: unexpected response'), {
          originalResponse: { getStatus: () => 413, getBody: () => body },
        }),
      ),
    );
    const line = uploadLine('huge.mp4');
    expect(within(line).getByRole('alert')).toHaveTextContent('Your video storage is full (2 GB)');
    // Nothing to resume after a refusal.
    expect(within(line).queryByText('Try again')).not.toBeInTheDocument();
    await user.click(within(line).getByRole('button', { name: 'Dismiss: huge.mp4' }));
    expect(screen.queryByText('huge.mp4')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('Choose a video'), videoFile('train.mp4'));
    const dropped = await lastUpload(2);
    played(() => dropped.options.onProgress(MB, 4 * MB));
    played(() => dropped.options.onError(new Error('tus: failed to upload chunk')));
    const again = uploadLine('train.mp4');
    expect(again).toHaveTextContent('Stopped at 25%');
    expect(within(again).getByRole('alert')).toHaveTextContent(networkError().message);
    await user.click(within(again).getByRole('button', { name: 'Try again: train.mp4' }));
    expect(dropped.starts).toBe(2);
    expect(again).toHaveTextContent('Uploading 25%');
  });

  it('goes on by itself when the connection comes back', async () => {
    mockGet({ [LIST]: page([]) });
    renderPortal('/educator/videos');
    await screen.findByText('No videos yet — upload your first recording');
    await user.upload(screen.getByLabelText('Choose a video'), videoFile('train.mp4'));
    const upload = await lastUpload(1);
    played(() => upload.options.onProgress(2 * MB, 4 * MB));
    played(() => upload.options.onError(new Error('tus: failed to upload chunk')));
    expect(uploadLine('train.mp4')).toHaveTextContent('Stopped at 50%');
    played(() => window.dispatchEvent(new Event('online')));
    expect(upload.starts).toBe(2);
    expect(uploadLine('train.mp4')).toHaveTextContent('Uploading 50%');
  });

  it('refuses in the browser what is not a video, is empty or is too large; takes a dropped file', async () => {
    mockGet({ [LIST]: page([]) });
    renderPortal('/educator/videos');
    await screen.findByText('No videos yet — upload your first recording');
    const drop = screen.getByTestId('video-drop');
    const dropFiles = (files: File[]) => fireEvent.drop(drop, { dataTransfer: { files } });

    dropFiles([new File(['pdf'], 'notes.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('“notes.pdf” is not a video file');
    dropFiles([videoFile('giant.mp4', 5000 * MB)]);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The video is too large: it may be at most 4096 MB'),
    );
    dropFiles([videoFile('empty.mp4', 0)]);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file is empty'));
    expect(tus.FakeUpload.made).toHaveLength(0);
    expect(screen.getByLabelText('Choose a video')).toHaveAttribute('aria-invalid', 'true');

    dropFiles([videoFile('dropped.webm')]);
    const upload = await lastUpload(1);
    expect(upload.options.metadata.filename).toBe('dropped.webm');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Videos: captions', () => {
  const HINDI = { lang: 'hi', label: 'हिन्दी', cues: 3, bytes: 300 };

  it('lists the tracks, adds one (language, label from it, a .vtt read as text), deletes one', async () => {
    mockGet({ [LIST]: page([READY]) });
    mockSend({
      [`PUT ${captionsPath(READY.videoId, 'hi')}`]: () => ({
        success: true,
        video: { ...READY, captions: [ENGLISH, HINDI] },
      }),
      [`DELETE ${captionsPath(READY.videoId, 'en')}`]: () => ({
        success: true,
        video: { ...READY, captions: [HINDI] },
      }),
    });
    renderPortal('/educator/videos');
    await screen.findByText('intro.mp4');
    await user.click(within(card('intro.mp4')).getByRole('button', { name: 'Captions: intro.mp4' }));
    const dialog = await findDialog('Captions: intro.mp4');
    expect(within(dialog).getByText('English · en · 12 cues')).toBeInTheDocument();

    const language = within(dialog).getByLabelText('Language');
    expect(within(dialog).getByLabelText('Label')).toHaveValue('English');
    // English has a track: adding it again replaces it.
    expect(within(dialog).getByText('This replaces the English captions (12 cues).')).toBeInTheDocument();
    await user.selectOptions(language, 'hi');
    expect(within(dialog).getByLabelText('Label')).toHaveValue('हिन्दी');
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nनमस्ते\n';
    await user.upload(
      within(dialog).getByLabelText('Captions file (.vtt or .srt)'),
      new File([vtt], 'hindi.vtt', { type: 'text/vtt' }),
    );
    await user.click(button('Add captions', dialog));
    await waitFor(() =>
      expect(sent('PUT', captionsPath(READY.videoId, 'hi'))).toEqual([{ label: 'हिन्दी', text: vtt }]),
    );
    expect(await within(dialog).findByText('हिन्दी (Hindi) · hi · 3 cues')).toBeInTheDocument();
    // The list shows the new track too.
    expect(card('intro.mp4')).toHaveTextContent('CaptionsEnglish, हिन्दी');

    await user.click(within(dialog).getByRole('button', { name: 'Delete the English captions' }));
    await waitFor(() => expect(within(dialog).queryByText('English · en · 12 cues')).not.toBeInTheDocument());
    expect(sent('DELETE', captionsPath(READY.videoId, 'en'))).toHaveLength(1);
  });

  it("says what is missing, and shows the server's refusal in the form", async () => {
    mockGet({ [LIST]: page([{ ...READY, captions: [] }]) });
    mockSend({
      [`PUT ${captionsPath(READY.videoId, 'es')}`]: () => {
        throw serverError('The captions file is not valid WebVTT or SRT: line 3 has no timing', 400);
      },
    });
    renderPortal('/educator/videos');
    await screen.findByText('intro.mp4');
    await user.click(within(card('intro.mp4')).getByRole('button', { name: 'Captions: intro.mp4' }));
    const dialog = await findDialog('Captions: intro.mp4');
    expect(within(dialog).getByText('No captions yet: add a track below.')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Language'), 'es');
    await user.clear(within(dialog).getByLabelText('Label'));
    await user.click(button('Add captions', dialog));
    expect(within(dialog).getByText('Please write the label viewers see')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a .vtt or .srt file')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Label')).toHaveFocus();
    expect(sent('PUT', captionsPath(READY.videoId, 'es'))).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Label'), 'Español');
    await user.upload(
      within(dialog).getByLabelText('Captions file (.vtt or .srt)'),
      new File(['1\nnot a timing\nHola\n'], 'es.srt', { type: 'application/x-subrip' }),
    );
    await user.click(button('Add captions', dialog));
    expect(
      await within(dialog).findByText('The captions file is not valid WebVTT or SRT: line 3 has no timing'),
    ).toBeInTheDocument();
    expect(sent('PUT', captionsPath(READY.videoId, 'es'))).toEqual([
      { label: 'Español', text: '1\nnot a timing\nHola\n' },
    ]);
  });
});
