import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoredFile, VideoView } from '../src/modules/videos/index.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { cleanUpApiProcesses, startApi, stopApi, storeOpener, tempDataDir } from './support/api-process.js';
import { freePort } from './support/http.js';
import { ffmpeg, testClip } from './support/video-clips.js';

/**
 * Standalone transcoding workers (#33, `src/video-worker.ts`): on MongoDB an API that only enqueues
 * (`VIDEO_WORKERS=0`) and two worker processes sharing one queue: every video is transcoded exactly
 * once (one run, one set of files) and both workers did some. On the embedded store the worker
 * refuses to start (its files belong to the API process, which transcodes itself).
 */

const mongoUri = process.env.MONGODB_URI;
if (!mongoUri && process.env.CI && !process.env.MONGO_SKIP_REASON) {
  throw new Error('CI must run the MongoDB half of the video worker tests (.ci/run starts FerretDB).');
}
if (!mongoUri)
  console.warn(
    `[video-workers] SKIPPING the MongoDB half: ${process.env.MONGO_SKIP_REASON ?? 'MONGODB_URI is not set'}.`,
  );

const API_DIR = path.resolve(import.meta.dirname, '..');
const WORKER = path.join(API_DIR, 'src/video-worker.ts');
const TUS = { 'Tus-Resumable': '1.0.0' };
const UPLOADS = '/api/educator/videos/uploads';
const QUEUE_ENV = {
  VIDEO_JOB_LOCK_MS: '3000',
  VIDEO_JOB_POLL_MS: '100',
  VIDEO_RETRY_DELAY_MS: '200',
  VIDEO_TRANSCODE_PRESET: 'ultrafast',
};
const VIDEOS = 4;

let dir: string;
let clip: Buffer;
const workers: ChildProcess[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'courseport-video-workers-'));
  await ffmpeg(...testClip('160x90', 1), path.join(dir, 'clip.mp4'));
  clip = await readFile(path.join(dir, 'clip.mp4'));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  for (const worker of workers.splice(0))
    if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
  await cleanUpApiProcesses();
});

type Worker = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `src/video-worker.ts` as a real process (through tsx), with the API's environment. */
function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
    cwd: API_DIR,
    env: { ...process.env, NODE_ENV: 'production', COURSEPORT_MODE: 'demo', LOG_LEVEL: 'info', ...QUEUE_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Waits until `done()` holds, checking on every poll (a condition, not a fixed wait). */
async function until(done: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function upload(base: string, token: string): Promise<string> {
  const auth = { Authorization: `Bearer ${token}` };
  const created = await fetch(base + UPLOADS, {
    method: 'POST',
    headers: {
      ...TUS,
      ...auth,
      'Upload-Length': String(clip.length),
      'Upload-Metadata': `filename ${Buffer.from('lesson.mp4').toString('base64')}`,
    },
  });
  expect(created.status).toBe(201);
  const location = created.headers.get('Location') ?? '';
  const patched = await fetch(new URL(location, base), {
    method: 'PATCH',
    headers: { ...TUS, ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: clip,
  });
  expect(patched.status, await patched.clone().text()).toBe(204);
  return location.split('/').pop() ?? '';
}

describe('video worker on the embedded store', () => {
  it('refuses to start, naming MONGODB_URI (only the API process may open the embedded files)', async () => {
    const worker = startWorker({ DATA_DIR: await tempDataDir(), MONGODB_URI: '' });
    expect(await worker.exited).toBe(1);
    expect(worker.output()).toContain('Courseport video worker failed to start: The video worker needs MONGODB_URI');
  });
});

describe.runIf(mongoUri)('two video workers sharing one MongoDB queue', { timeout: 240_000 }, () => {
  it('transcodes every video exactly once, both workers taking some; the API only enqueues', async () => {
    const uri = new URL(mongoUri as string);
    uri.pathname = `/videoworkers_${randomBytes(4).toString('hex')}`;
    const mongodb = uri.toString();
    const dataDir = await tempDataDir();
    const api = await startApi(dataDir, await freePort(), mongodb, { ...QUEUE_ENV, VIDEO_WORKERS: '0' });
    const signIn = await fetch(`${api.base}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'educator@courseport.dev', password: DEMO_PASSWORD }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const ids: string[] = [];
    for (let i = 0; i < VIDEOS; i++) ids.push(await upload(api.base, token));
    const read = async (id: string) => {
      const res = await fetch(`${api.base}/api/educator/videos/${id}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { video: VideoView }).video;
    };
    // Nobody transcodes yet: the API enqueued them and took none.
    expect((await Promise.all(ids.map(read))).map((v) => v.status)).toEqual(ids.map(() => 'queued'));

    const env = { DATA_DIR: dataDir, MONGODB_URI: mongodb, VIDEO_WORKERS: '1' };
    const pool = [startWorker(env), startWorker(env)];
    const states = async () => Promise.all(ids.map(read));
    await until(async () => (await states()).every((v) => v.status === 'ready' || v.status === 'failed'), 'all ready');
    const done = await states();
    expect(done.map((v) => [v.status, v.attempts])).toEqual(ids.map(() => ['ready', 1]));

    // Graceful stop: SIGTERM, then a clean exit.
    for (const worker of pool) worker.child.kill('SIGTERM');
    expect(await Promise.all(pool.map((w) => w.exited))).toEqual([0, 0]);
    for (const worker of pool) expect(worker.output()).toContain('Courseport video worker started');
    await stopApi(api, 'SIGTERM');

    const store = await storeOpener(dataDir, mongodb)();
    try {
      const docs = await store.collection('videos').find({ _id: { $in: ids } });
      // Which process ran each video (`host:pid`): both workers, never the API.
      const runners = new Set(docs.map((d) => String(d.runner).split(':').pop()));
      expect([...runners].sort()).toEqual(pool.map((w) => String(w.child.pid)).sort());
      for (const doc of docs) {
        const files = doc.files as StoredFile[];
        // One run's files (blob ids carry the run id).
        expect(new Set(files.map((f) => f.blob.split('-')[2]))).toEqual(new Set([doc.runId]));
        expect(files.some((f) => f.path === 'master.m3u8')).toBe(true);
      }
      expect(await store.collection('videoJobs').countDocuments({})).toBe(0);
    } finally {
      await store.close();
    }
  });
});
