import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GAVE_UP, MAX_ATTEMPTS, type StoredFile, type VideoView } from '../src/modules/videos/index.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { VIDEO_UNREADABLE } from '../src/video/probe.js';
import { type Api, cleanUpApiProcesses, startApi, stopApi, storeOpener, tempDataDir } from './support/api-process.js';
import { freePort } from './support/http.js';
import { ffmpeg, testClip } from './support/video-clips.js';

/**
 * The transcoding job queue (#33) in a real API process, on the embedded store and on MongoDB: an upload through
 * the tus routes becomes 'processing' then 'ready' with its files stored as blobs; a transcoding
 * worker killed (SIGKILL) mid-run is retried and the video is ready once; a file ffmpeg refuses
 * fails without a retry; the API itself killed mid-run finishes the job after its restart on the
 * same DATA_DIR (on MongoDB the interrupted job's lock expires after VIDEO_JOB_LOCK_MS, then it runs).
 * States are read through the API, polled against a deadline.
 */

const mongoUri = process.env.MONGODB_URI;
if (!mongoUri && process.env.CI && !process.env.MONGO_SKIP_REASON) {
  throw new Error('CI must run the MongoDB half of the video job queue tests (.ci/run starts FerretDB).');
}
if (!mongoUri)
  console.warn(`[video-jobs] SKIPPING the MongoDB half: ${process.env.MONGO_SKIP_REASON ?? 'MONGODB_URI is not set'}.`);

const execFileAsync = promisify(execFile);
const TUS = { 'Tus-Resumable': '1.0.0' };
const UPLOADS = '/api/educator/videos/uploads';
const QUEUE_ENV = {
  VIDEO_JOB_LOCK_MS: '3000',
  VIDEO_JOB_POLL_MS: '200',
  VIDEO_RETRY_DELAY_MS: '200',
  VIDEO_TRANSCODE_PRESET: 'ultrafast',
};

let dir: string;
let short: Buffer;
let long: Buffer;
let cut: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'courseport-video-jobs-'));
  const at = (name: string) => path.join(dir, name);
  await ffmpeg(...testClip('320x180', 3), at('short.mp4'));
  await ffmpeg(...testClip('320x180', 12), at('long.mp4'));
  await ffmpeg(...testClip('320x180', 10), '-movflags', '+faststart', at('faststart.mp4'));
  short = await readFile(at('short.mp4'));
  long = await readFile(at('long.mp4'));
  // The index first (faststart) and the data cut: ffprobe accepts it, ffmpeg finds 10 s it does not hold.
  const faststart = await readFile(at('faststart.mp4'));
  cut = faststart.subarray(0, Math.floor(faststart.length * 0.4));
  await writeFile(at('cut.mp4'), cut);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(cleanUpApiProcesses);

async function signInEducator(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'educator@courseport.dev', password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Uploads `bytes` through the tus routes (creation, then one PATCH): the video's id. */
async function upload(base: string, token: string, bytes: Buffer): Promise<string> {
  const auth = { Authorization: `Bearer ${token}` };
  const created = await fetch(base + UPLOADS, {
    method: 'POST',
    headers: {
      ...TUS,
      ...auth,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': `filename ${Buffer.from('lesson.mp4').toString('base64')}`,
    },
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const location = created.headers.get('Location') ?? '';
  const patched = await fetch(new URL(location, base), {
    method: 'PATCH',
    headers: { ...TUS, ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: bytes,
  });
  expect(patched.status, await patched.clone().text()).toBe(204);
  return location.split('/').pop() ?? '';
}

async function video(base: string, token: string, id: string): Promise<VideoView> {
  const res = await fetch(`${base}/api/educator/videos/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { video: VideoView }).video;
}

/** Polls until `done(video)` holds (the states seen on the way are returned), or fails at the deadline. */
async function waitFor(
  read: () => Promise<VideoView>,
  done: (v: VideoView) => boolean,
  what: string,
  deadlineMs = 90_000,
): Promise<{ last: VideoView; seen: Set<string> }> {
  const seen = new Set<string>();
  const end = Date.now() + deadlineMs;
  for (;;) {
    const last = await read();
    seen.add(last.status);
    if (done(last)) return { last, seen };
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Pids of the transcoding workers writing under `dataDir`. */
async function workers(dataDir: string): Promise<number[]> {
  const found = await execFileAsync('pgrep', ['-f', `transcode-worker.* ${dataDir}/`]).catch(() => ({ stdout: '' }));
  return found.stdout
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((pid) => pid !== process.pid);
}

async function waitForWorker(dataDir: string): Promise<number> {
  const end = Date.now() + 60_000;
  for (;;) {
    const [pid] = await workers(dataDir);
    if (pid) return pid;
    if (Date.now() > end) throw new Error('No transcoding worker appeared');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** After the API stopped: the video's stored files (every blob present) and the jobs left. */
async function stored(dataDir: string, mongodb: string | undefined, id: string) {
  const store = await storeOpener(dataDir, mongodb)();
  try {
    const doc = await store.collection('videos').findOne({ _id: id });
    const files = (doc?.files ?? []) as StoredFile[];
    const blobs = await Promise.all(files.map((f) => store.blobs.get(f.blob)));
    const jobs = await store.collection('videoJobs').countDocuments({});
    return { doc, files, blobs, jobs };
  } finally {
    await store.close();
  }
}

const STORES = [
  { name: 'embedded store', enabled: true, uri: () => undefined },
  {
    name: 'MongoDB',
    enabled: Boolean(mongoUri),
    uri: () => {
      const uri = new URL(mongoUri as string);
      uri.pathname = `/videojobs_${randomBytes(4).toString('hex')}`;
      return uri.toString();
    },
  },
];

for (const adapter of STORES)
  describe.runIf(adapter.enabled)(`video job queue: ${adapter.name} (real API process)`, { timeout: 240_000 }, () => {
    let mongodb: string | undefined;
    const start = async (dataDir: string, env: Record<string, string> = {}): Promise<Api> =>
      startApi(dataDir, await freePort(), mongodb, { ...QUEUE_ENV, ...env });
    beforeEach(() => {
      mongodb = adapter.uri();
    });

    it('transcodes an uploaded clip: processing, then ready, its files stored as blobs, the source removed', async () => {
      const dataDir = await tempDataDir();
      const api = await start(dataDir);
      const token = await signInEducator(api.base);
      const id = await upload(api.base, token, short);
      const { last, seen } = await waitFor(
        () => video(api.base, token, id),
        (v) => v.status === 'ready' || v.status === 'failed',
        'ready',
      );
      expect(last).toMatchObject({ status: 'ready', progress: 100, attempts: 1, failureReason: null });
      expect(seen.has('processing') || seen.has('queued')).toBe(true);
      expect(last.durationS).toBeCloseTo(3, 0);
      expect(last.renditions.map((r) => r.name)).toEqual(['180p']);
      await stopApi(api, 'SIGTERM');
      // The queue stops with the API (SIGTERM): a clean exit.
      expect(api.child.exitCode).toBe(0);

      const { doc, files, blobs, jobs } = await stored(dataDir, mongodb, id);
      expect(files.map((f) => f.path)).toEqual(
        expect.arrayContaining(['master.m3u8', '180p/index.m3u8', 'poster.jpg', 'poster.webp']),
      );
      expect(files.some((f) => f.path.endsWith('.ts'))).toBe(true);
      expect(blobs.every((b) => b !== null && b.length > 0)).toBe(true);
      expect(doc?.posterBlob).toBe(files.find((f) => f.path === 'poster.webp')?.blob);
      expect(jobs).toBe(0);
      await expect(readFile(path.join(dataDir, 'video-uploads', id))).rejects.toMatchObject({ code: 'ENOENT' });

      // Deleting the video deletes its renditions.
      const again = await start(dataDir);
      const owner = await signInEducator(again.base);
      const deleted = await fetch(`${again.base}/api/educator/videos/${id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${owner}` },
      });
      expect(deleted.status).toBe(200);
      await stopApi(again, 'SIGTERM');
      const after = await stored(dataDir, mongodb, id);
      expect(after.doc).toBeNull();
      const store = await storeOpener(dataDir, mongodb)();
      try {
        expect(await Promise.all(files.map((f) => store.blobs.get(f.blob)))).toEqual(files.map(() => null));
      } finally {
        await store.close();
      }
    });

    it('retries a run whose worker was killed (SIGKILL) and ends ready once', async () => {
      const dataDir = await tempDataDir();
      const api = await start(dataDir);
      const token = await signInEducator(api.base);
      const id = await upload(api.base, token, long);
      const pid = await waitForWorker(dataDir);
      process.kill(pid, 'SIGKILL');
      const { last } = await waitFor(
        () => video(api.base, token, id),
        (v) => v.status === 'ready' || v.status === 'failed',
        'ready after a retry',
      );
      expect(last).toMatchObject({ status: 'ready', attempts: 2, progress: 100 });
      expect(await workers(dataDir)).toEqual([]);
      await stopApi(api, 'SIGTERM');
      const { files, blobs, jobs } = await stored(dataDir, mongodb, id);
      // One run's files: the killed run stored none.
      expect(new Set(files.map((f) => f.blob.split('-')[2])).size).toBe(1);
      expect(blobs.every((b) => b !== null)).toBe(true);
      expect(jobs).toBe(0);
    });

    it('fails a file ffmpeg refuses (it passed the probe) without a retry', async () => {
      const dataDir = await tempDataDir();
      const api = await start(dataDir);
      const token = await signInEducator(api.base);
      const id = await upload(api.base, token, cut);
      const { last } = await waitFor(
        () => video(api.base, token, id),
        (v) => v.status === 'ready' || v.status === 'failed',
        'failed',
      );
      expect(last).toMatchObject({ status: 'failed', failureReason: VIDEO_UNREADABLE, attempts: 1 });
      await stopApi(api, 'SIGTERM');
      const { jobs } = await stored(dataDir, mongodb, id);
      expect(jobs).toBe(0);
    });

    it('retries a machine failure (ffmpeg past its time limit) with backoff, then fails it', async () => {
      const dataDir = await tempDataDir();
      // 1 ms: every run's ffmpeg is killed by its wall-clock limit (a VideoProcessError, retryable).
      const api = await start(dataDir, { VIDEO_TRANSCODE_TIMEOUT_MS: '1' });
      const token = await signInEducator(api.base);
      const id = await upload(api.base, token, short);
      const { last } = await waitFor(
        () => video(api.base, token, id),
        (v) => v.status === 'ready' || v.status === 'failed',
        'failed after the retries',
      );
      expect(last.status).toBe('failed');
      expect(last.attempts).toBe(MAX_ATTEMPTS);
      expect(last.failureReason?.startsWith(GAVE_UP(''))).toBe(true);
      await stopApi(api, 'SIGTERM');
      const { jobs } = await stored(dataDir, mongodb, id);
      expect(jobs).toBe(0);
    });

    it('finishes a job interrupted by a kill -9 of the API after a restart on the same data', async () => {
      const dataDir = await tempDataDir();
      const first = await start(dataDir);
      const token = await signInEducator(first.base);
      const id = await upload(first.base, token, long);
      await waitForWorker(dataDir);
      await stopApi(first, 'SIGKILL');
      // The worker notices its parent is gone (IPC disconnect) and exits with its ffmpeg.
      const end = Date.now() + 10_000;
      while ((await workers(dataDir)).length > 0) {
        if (Date.now() > end) throw new Error('The transcoding worker outlived the API');
        await new Promise((r) => setTimeout(r, 25));
      }

      const second = await start(dataDir);
      const again = await signInEducator(second.base);
      const { last } = await waitFor(
        () => video(second.base, again, id),
        (v) => v.status === 'ready' || v.status === 'failed',
        'ready after the restart',
      );
      expect(last).toMatchObject({ status: 'ready', attempts: 2, progress: 100 });
      await stopApi(second, 'SIGTERM');
      const { blobs, jobs } = await stored(dataDir, mongodb, id);
      expect(blobs.length).toBeGreaterThan(0);
      expect(jobs).toBe(0);
    });
  });
