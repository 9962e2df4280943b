import {
  getRuntimeConfig,
  NETWORK_ERROR_MESSAGE,
  sessionStore,
  statusText,
  VIDEO_UPLOADS_ENDPOINT,
} from '@courseport/shared-ui';
import type { DetailedError, Upload } from 'tus-js-client';
import { create } from 'zustand';

/**
 * The educator's video uploads in this tab (#33), with tus-js-client (loaded when the first upload
 * starts): 8 MB chunks, retried after a dropped connection, and resumable after a reload: the
 * client keeps each upload's URL in localStorage under the file's fingerprint (its default URL
 * storage), so choosing the same file again continues where the server's copy stopped. Kept at
 * module level so an upload goes on while the educator moves around the portal.
 */
export type UploadPhase = 'starting' | 'uploading' | 'paused' | 'failed';

export interface UploadItem {
  /** This tab's own key for the upload. */
  key: string;
  fileName: string;
  size: number;
  /** 0–100: bytes the server has. */
  percent: number;
  phase: UploadPhase;
  /** It continues an upload started before (after a reload, or on another visit). */
  resumed: boolean;
  /** The video's id, once the server made the upload (the last part of its URL). */
  videoId: string | null;
  /** Why it stopped (`phase: 'failed'`): the server's message, or that the network is down. */
  error: string | null;
}

export const CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits before each new try after a failed request (a dropped connection, a restarting server). */
export const RETRY_DELAYS = [0, 1_000, 3_000, 5_000, 10_000, 20_000];
/**
 * The largest video checked in the browser, in MB: the API's default `VIDEO_MAX_MB`. The server
 * is the judge (its limit may be lower): its refusal is shown as it says it.
 */
export const VIDEO_MAX_MB = 4096;
const MiB = 1024 * 1024;

export const useUploads = create<{ items: UploadItem[] }>(() => ({ items: [] }));

/** The tus uploads of the items (not state: not something to render). */
const running = new Map<string, Upload>();
let counter = 0;

const patch = (key: string, changes: Partial<UploadItem>) =>
  useUploads.setState((state) => ({
    items: state.items.map((item) => (item.key === key ? { ...item, ...changes } : item)),
  }));
const drop = (key: string) => {
  running.delete(key);
  useUploads.setState((state) => ({ items: state.items.filter((item) => item.key !== key) }));
};

/** What is wrong with a file before anything is sent, or null. */
export function fileProblem(file: File, maxMb = VIDEO_MAX_MB): string | null {
  if (file.type && !file.type.startsWith('video/')) return `“${file.name}” is not a video file`;
  if (file.size === 0) return 'The file is empty';
  if (file.size > maxMb * MiB) return `The video is too large: it may be at most ${maxMb} MB`;
  return null;
}

/** The id at the end of an upload's URL (`…/uploads/<id>`). */
export const videoIdOf = (url: string | null) => url?.split('?')[0]?.split('/').filter(Boolean).at(-1) ?? null;

/** A failed tus request in words: the server's `{ message }` (or plain-text body), else its status, else the network. */
export function uploadErrorText(error: Error): string {
  const response = (error as Partial<DetailedError>).originalResponse;
  if (!response) return NETWORK_ERROR_MESSAGE;
  const body = response.getBody?.() ?? '';
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  } catch {
    // Not JSON: tus' own refusals are plain text.
  }
  const text = body.trim();
  if (text && text.length <= 300 && !text.startsWith('<')) return text;
  return statusText(response.getStatus());
}

/** A refusal that trying again will not change (4xx but a timeout or too many requests). */
const isFinal = (error: Error) => {
  const status = (error as Partial<DetailedError>).originalResponse?.getStatus() ?? 0;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
};

interface Callbacks {
  /** The server made the upload: the video is on its list. */
  onCreated?: (videoId: string) => void;
  /** All of the file arrived. */
  onDone?: (item: UploadItem) => void;
  onFailed?: (item: UploadItem) => void;
}

/** Starts (or, for a file sent before, continues) uploading `file`; returns the item's key. */
export async function startUpload(file: File, callbacks: Callbacks = {}): Promise<string> {
  counter += 1;
  const key = `upload-${counter}`;
  const item: UploadItem = {
    key,
    fileName: file.name,
    size: file.size,
    percent: 0,
    phase: 'starting',
    resumed: false,
    videoId: null,
    error: null,
  };
  useUploads.setState((state) => ({ items: [...state.items, item] }));
  const current = () => useUploads.getState().items.find((i) => i.key === key) ?? item;
  /** Cancelled while it was starting: nothing more is done. */
  const cancelled = () => !useUploads.getState().items.some((i) => i.key === key);

  let tus: typeof import('tus-js-client');
  try {
    tus = await import('tus-js-client');
  } catch {
    patch(key, { phase: 'failed', error: NETWORK_ERROR_MESSAGE });
    callbacks.onFailed?.(current());
    return key;
  }
  if (cancelled()) return key;
  const upload: Upload = new tus.Upload(file, {
    endpoint: getRuntimeConfig().apiBaseUrl + VIDEO_UPLOADS_ENDPOINT,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type || 'application/octet-stream' },
    removeFingerprintOnSuccess: true,
    // The token of the moment on each request: an upload outlives a token.
    onBeforeRequest: async (req) => {
      const token = await sessionStore.getState().getToken();
      if (token) req.setHeader('Authorization', `Bearer ${token}`);
    },
    onUploadUrlAvailable: () => {
      const videoId = videoIdOf(upload.url);
      patch(key, { videoId });
      if (videoId) callbacks.onCreated?.(videoId);
    },
    onProgress: (sent, total) => {
      if (current().phase === 'paused') return;
      patch(key, { phase: 'uploading', percent: total > 0 ? Math.floor((100 * sent) / total) : 0 });
    },
    onSuccess: () => {
      const done = { ...current(), percent: 100 };
      drop(key);
      callbacks.onDone?.(done);
    },
    onError: (error) => {
      patch(key, { phase: 'failed', error: uploadErrorText(error) });
      // A refusal (too large, over the quota, not a video...): nothing to resume.
      if (isFinal(error)) running.delete(key);
      callbacks.onFailed?.(current());
    },
  });
  running.set(key, upload);
  try {
    const [previous] = await upload.findPreviousUploads();
    if (previous) {
      upload.resumeFromPreviousUpload(previous);
      patch(key, { resumed: true });
    }
  } catch {
    // No storage (private mode): a new upload.
  }
  if (cancelled()) {
    running.delete(key);
    return key;
  }
  upload.start();
  return key;
}

/** Stops sending; `resume` goes on from what the server has. */
export async function pauseUpload(key: string): Promise<void> {
  const upload = running.get(key);
  if (!upload) return;
  patch(key, { phase: 'paused' });
  await upload.abort(false);
}

/** Goes on with a paused or failed upload (tus asks the server how much it has first). */
export function resumeUpload(key: string): void {
  const upload = running.get(key);
  if (!upload) return;
  patch(key, { phase: 'uploading', error: null });
  upload.start();
}

/** Whether the item can go on (a paused upload, or one that failed for a reason that may pass). */
export const canResume = (key: string) => running.has(key);

/** Stops and forgets the upload; the server deletes what it had (tus termination). */
export async function cancelUpload(key: string): Promise<void> {
  const upload = running.get(key);
  drop(key);
  if (upload) await upload.abort(true);
}

/** Removes a failed upload's line (nothing more is sent). */
export const dismissUpload = (key: string) => drop(key);

/** When the connection comes back, uploads that stopped because it dropped go on by themselves. */
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    for (const item of useUploads.getState().items)
      if (item.phase === 'failed' && item.error === NETWORK_ERROR_MESSAGE) resumeUpload(item.key);
  });
}

/** Forgets every upload of this tab without a request (tests start from none). */
export function forgetUploads(): void {
  running.clear();
  useUploads.setState({ items: [] });
}
